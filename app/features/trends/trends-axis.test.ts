import { describe, expect, it } from 'vitest'
import { emptyEntries, type WeightEntry } from '~/features/health-log/log-entries'
import { buildTrends } from './trends'
import { bucketStarts } from './trends-days'
import type { TrendsFacts } from './trends-facts'
import { shortMilestone } from './trends-weight'
import { xTicksFor } from './trends-x-ticks'
import {
  bucketCentre,
  fitAxis,
  labelWidth,
  markerLanes,
  niceTicks,
  placeOnAxis,
  spacedTicks,
  worthIncluding,
} from './trends-axis'
import { historyDay } from '~/../provider/dev/history'

// The axis maths behind readable charts.

const TODAY = '2026-11-21'
const text = String
const FACTS: TrendsFacts = {
  heightCm: 170,
  baselineKg: 125,
  baselineLabel: 'pre-surgery weight',
  goalKg: 80,
  surgeryDate: '2026-01-10',
  weightUnit: 'kg',
  targets: { proteinG: 60, waterMl: 1900, sleepH: 7 },
}
const weight = (date: string, kg: number, id: number): WeightEntry => ({
  id,
  kind: 'weight',
  date,
  weight: kg,
  weight_unit: 'kg',
  note: '',
  source: 'manual',
})

function history(days: number) {
  const entries = emptyEntries()
  let id = 1
  for (let n = 0; n < days; n++) {
    const date = new Date(Date.parse(TODAY) - (days - 1 - n) * 86_400_000).toISOString().slice(0, 10)
    for (const entry of historyDay(date, n, 120, n === days - 1))
      (entries[entry.kind] as unknown[]).push({ id: id++, kind: entry.kind, ...entry.fields })
  }
  return entries
}

describe('y axis', () => {
  it('picks round ticks', () => {
    expect(niceTicks(0, 8)).toEqual([0, 2, 4, 6, 8])
    expect(niceTicks(0, 2090)).toEqual([0, 1000, 2000, 3000])
  })

  it('fits a line to its data: a 1.5 kg month fills the height, with three or more round ticks inside', () => {
    const axis = fitAxis([98.2, 99.7, 99.1], { text })
    expect(axis.min).toBeGreaterThan(97)
    expect(axis.max).toBeLessThan(101)
    expect(axis.ticks.length).toBeGreaterThanOrEqual(3)
    for (const tick of axis.ticks) {
      expect(tick.value).toBeGreaterThanOrEqual(axis.min)
      expect(tick.value).toBeLessThanOrEqual(axis.max)
      expect(Number.isInteger(tick.value * 2)).toBe(true) // 97.5, 98, 98.5 …
    }
  })

  it('starts bars at zero and ends on a round tick above the largest value', () => {
    const axis = fitAxis([6.1, 8.2, 7.7], { zero: true, text })
    expect(axis.min).toBe(0)
    expect(axis.ticks.map((t) => t.value)).toEqual([0, 5, 10])
    expect(axis.max).toBe(10)
  })

  it('stretches for a goal close to the data, and leaves a far one off-scale at an edge', () => {
    expect(worthIncluding(97, [98, 100])).toBe(true)
    expect(worthIncluding(80, [98, 100])).toBe(false)
    const axis = fitAxis([98, 100], { text })
    expect(placeOnAxis(80, axis)).toBe('below')
    expect(placeOnAxis(120, axis)).toBe('above')
    expect(placeOnAxis(99, axis)).toBe('in')
  })

  it('gives a 30-day weight chart an axis near its weights, with the goal named below it', () => {
    const entries = emptyEntries()
    entries.weight = [
      weight('2026-11-01', 101.2, 1),
      weight('2026-11-10', 100.1, 2),
      weight('2026-11-20', 99.8, 3),
    ]
    const chart = buildTrends({ entries, facts: FACTS, range: '30d', today: TODAY }).charts[0]
    expect(chart.y.min).toBeGreaterThan(98)
    expect(chart.y.max).toBeLessThan(103)
    expect(chart.references).toEqual([
      { name: 'Goal', value: 80, text: '80.0 kg', label: 'Goal 80.0 kg', placement: 'below' },
    ])
    const near = buildTrends({ entries, facts: { ...FACTS, goalKg: 99 }, range: '30d', today: TODAY })
    expect(near.charts[0].references[0].placement).toBe('in')
    expect(near.charts[0].y.min).toBeLessThanOrEqual(99)
  })
})

describe('x axis', () => {
  it('labels every day of a week under its own bar: weekday over date', () => {
    const ticks = xTicksFor(bucketStarts('2026-11-15', TODAY, 'day'), 'day')
    expect(ticks.map((t) => t.i)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(ticks[0]).toEqual({ i: 0, text: 'Sun', sub: '15', anchor: 'middle' })
    expect(xTicksFor(bucketStarts('2026-11-15', TODAY, 'day'), 'day', true)[6]).toMatchObject({
      text: 'Sat',
      sub: '11/21',
    })
  })

  it('labels Mondays in 30 days, months in a year, never two labels touching on a phone', () => {
    const days = bucketStarts('2026-10-23', TODAY, 'day')
    const monday = xTicksFor(days, 'day')
    for (const tick of monday) expect(new Date(`${days[tick.i]}T12:00:00Z`).getUTCDay()).toBe(1)
    expect(xTicksFor(days, 'day', true).length).toBeGreaterThanOrEqual(monday.length)
    const weeks = bucketStarts('2025-11-22', TODAY, 'week')
    const months = xTicksFor(weeks, 'week')
    expect(months.length).toBeGreaterThanOrEqual(3)
    expect(months[0].text).toMatch(/\d{4}$/) // the first label carries the year
    for (const ticks of [monday, months]) {
      const boxes = ticks.map((t) => {
        const width = labelWidth(t.text)
        const x = bucketCentre(t.i, ticks === monday ? days.length : weeks.length)
        return t.anchor === 'start'
          ? [x, x + width]
          : t.anchor === 'end'
            ? [x - width, x]
            : [x - width / 2, x + width / 2]
      })
      for (let k = 1; k < boxes.length; k++) expect(boxes[k][0]).toBeGreaterThan(boxes[k - 1][1])
      for (const [left, right] of boxes) {
        expect(left).toBeGreaterThanOrEqual(0)
        expect(right).toBeLessThanOrEqual(1)
      }
    }
  })

  it('keeps a centred label over one hung at the edge when they collide', () => {
    const ticks = spacedTicks(
      [
        { i: 0, text: 'Oct 26' },
        { i: 7, text: 'Nov 2' },
      ],
      30,
    )
    expect(ticks.map((t) => t.text)).toEqual(['Nov 2'])
  })
})

describe('follow-up markers', () => {
  it('have short labels', () => {
    expect(shortMilestone('Surgery')).toBe('Surgery')
    expect(shortMilestone('2-week follow-up')).toBe('2 wk')
    expect(shortMilestone('3-month follow-up')).toBe('3 mo')
    expect(shortMilestone('2-year follow-up')).toBe('2 yr')
  })

  it('stack close labels in rows so none overlaps, and give up past three rows', () => {
    const lanes = markerLanes(
      [
        { i: 10, short: 'Surgery' },
        { i: 12, short: '2 wk' },
        { i: 16, short: '6 wk' },
        { i: 36, short: '6 mo' },
      ],
      53,
    )
    expect(lanes).toEqual([0, 1, 2, 0])
    expect(
      markerLanes(
        [0, 1, 2, 3].map((i) => ({ i, short: 'Surgery' })),
        53,
      ),
    ).toEqual([0, 1, 2, null])
  })

  it('label the surgery and each follow-up in a year of data', () => {
    const loss = buildTrends({ entries: history(365), facts: FACTS, range: '1y', today: TODAY }).charts[1]
    expect(loss.markers.map((m) => m.short)).toEqual(['Surgery', '2 wk', '6 wk', '3 mo', '6 mo'])
    expect(loss.markers.every((m) => m.laneWide !== null)).toBe(true)
  })
})

describe('long ranges', () => {
  it('draw sleep, protein and water as weekly means in a lowest–highest band', () => {
    const model = buildTrends({ entries: history(365), facts: FACTS, range: '90d', today: TODAY })
    const sleep = model.charts[2].series[0]
    expect(sleep.shape).toBe('band')
    expect(sleep.points.length).toBeGreaterThanOrEqual(13)
    expect(sleep.points.length).toBeLessThanOrEqual(14)
    for (const p of sleep.points) {
      expect(p.low).toBeLessThanOrEqual(p.value)
      expect(p.high).toBeGreaterThanOrEqual(p.value)
      expect(p.title).toMatch(/^Week of /)
    }
    // The table stays one row a day.
    expect(model.charts[2].table.rows).toHaveLength(89)
    const month = buildTrends({ entries: history(365), facts: FACTS, range: '30d', today: TODAY })
    expect(month.charts[2].series[0].shape).toBe('bars')
  })
})
