import { describe, expect, it } from 'vitest'
import { emptyEntries, type EntriesByKind, type WeightEntry } from '~/features/health-log/log-entries'
import { historyDay } from '~/../provider/dev/history'
import { buildTrends, type TrendsModel } from './trends'
import { lineSegments, niceTicks } from './trends-axis'
import { barSummary } from './trends-bars'
import {
  bucketFor,
  bucketIndexer,
  bucketStart,
  bucketStarts,
  dailyValues,
  dayNumber,
  entrySource,
  isoOfDay,
  movingAverage,
} from './trends-days'
import { trendsFacts, type TrendsFacts } from './trends-facts'
import { parseTrendRange, trendsHref, trendWindow } from './trends-range'
import { milestonesIn, weightSummary } from './trends-weight'
import { csvCell, csvFilename, entriesCsv } from './trends-csv'
import { grouped, isoText, longDate, shortDate } from './trends-format'
import { fromWire, toWire } from './trends-wire'
import { readTrendReadings } from '~/../common/contract/entries'

const TODAY = '2026-11-21'

const weight = (date: string, kg: number, id = 1, source = 'manual'): WeightEntry => ({
  id,
  kind: 'weight',
  date,
  weight: kg,
  weight_unit: 'kg',
  note: '',
  source,
})
const day = (date: string, value: number) => ({ date, value, sources: [] })

const FACTS: TrendsFacts = {
  heightCm: 170,
  baselineKg: 125,
  baselineLabel: 'pre-surgery weight',
  goalKg: 80,
  surgeryDate: '2026-08-01',
  weightUnit: 'kg',
  targets: { proteinG: 60, waterMl: 1900, sleepH: 7 },
}

function history(days: number, today = TODAY): EntriesByKind {
  const entries = emptyEntries()
  let id = 1
  for (let n = 0; n < days; n++) {
    const date = new Date(Date.parse(today) - (days - 1 - n) * 86_400_000).toISOString().slice(0, 10)
    for (const entry of historyDay(date, n, 120, n === days - 1)) {
      ;(entries[entry.kind] as unknown[]).push({ id: id++, kind: entry.kind, ...entry.fields })
    }
  }
  return entries
}

describe('ranges', () => {
  it('reads ?range= and falls back to 30 days for anything else', () => {
    expect(parseTrendRange('7d')).toBe('7d')
    expect(parseTrendRange('all')).toBe('all')
    expect(parseTrendRange('2y')).toBe('30d')
    expect(parseTrendRange(null)).toBe('30d')
    expect(parseTrendRange('<script>')).toBe('30d')
  })
  it('asks for the range ending today, both ends included; "all" has no start', () => {
    expect(trendWindow('7d', TODAY)).toEqual({ from: '2026-11-15', to: TODAY })
    expect(trendWindow('1y', TODAY)).toEqual({ from: '2025-11-22', to: TODAY })
    expect(trendWindow('all', TODAY)).toEqual({ from: null, to: TODAY })
  })
  it('links a range; the default keeps the bare URL', () => {
    expect(trendsHref('/customer/health-trends', '30d')).toBe('/customer/health-trends')
    expect(trendsHref('/customer/health-trends', '90d')).toBe('/customer/health-trends?range=90d')
    expect(trendsHref('/admin/patient/7?tab=trends', '7d')).toBe('/admin/patient/7?tab=trends&range=7d')
  })
  it('draws per day up to 120 days, per week to three years, per month beyond', () => {
    expect(bucketFor(90)).toBe('day')
    expect(bucketFor(120)).toBe('day')
    expect(bucketFor(365)).toBe('week')
    expect(bucketFor(3000)).toBe('month')
    expect(bucketStarts('2026-11-18', '2026-11-30', 'week')).toEqual([
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ])
  })
})

describe('daily values, moving average and gaps', () => {
  it("keeps a day's last weight and sums sleep, protein and water", () => {
    const days = dailyValues(
      [weight('2026-11-01', 100, 1), weight('2026-11-01', 99, 2), weight('2026-11-03', 98, 3)],
      (e) => e.weight,
      'last',
    )
    expect(days.map((d) => [d.date, d.value])).toEqual([
      ['2026-11-01', 99],
      ['2026-11-03', 98],
    ])
    const water = dailyValues(
      [
        { id: 1, kind: 'water' as const, date: '2026-11-01', ml: 500 },
        { id: 2, kind: 'water' as const, date: '2026-11-01', ml: 250 },
      ],
      (e) => e.ml,
      'sum',
    )
    expect(water).toEqual([{ date: '2026-11-01', value: 750, sources: [] }])
  })

  it("lets the patient's own entries for a day win over a device's readings", () => {
    const sleep = (id: number, hours: number, source: string) => ({
      id,
      kind: 'sleep' as const,
      date: '2026-11-01',
      hours,
      quality: 3,
      bed_time: null,
      wake_time: null,
      source,
    })
    const mixed = dailyValues([sleep(1, 8, 'Demo Health'), sleep(2, 6.5, 'manual')], (e) => e.hours, 'sum')
    expect(mixed.map((d) => d.value)).toEqual([6.5])
    const importedOnly = dailyValues([sleep(1, 8, 'Demo Health')], (e) => e.hours, 'sum')
    expect(importedOnly.map((d) => d.value)).toEqual([8])
    const weights = dailyValues(
      [weight('2026-11-01', 97, 1), weight('2026-11-01', 95, 2, 'Demo Health')],
      (e) => e.weight,
      'last',
    )
    expect(weights.map((d) => d.value)).toEqual([97])
    // A typed entry without a usable value still keeps the device's reading out of that day; the
    // days come back oldest first and name their devices, whatever order the list had.
    const unusable = dailyValues(
      [sleep(1, 8, 'Demo Health'), sleep(2, Number.NaN, 'manual')],
      (e) => e.hours,
      'sum',
    )
    expect(unusable).toEqual([])
    const devices = dailyValues(
      [
        { ...sleep(1, 7, 'Demo Health'), date: '2026-11-02' },
        sleep(2, 6, 'Demo Health'),
        sleep(3, 1, 'Oura'),
      ],
      (e) => e.hours,
      'sum',
    )
    expect(devices).toEqual([
      { date: '2026-11-01', value: 7, sources: ['Demo Health', 'Oura'] },
      { date: '2026-11-02', value: 7, sources: ['Demo Health'] },
    ])
  })

  it('averages the logged days of the trailing seven days, skipping days without data', () => {
    const days = [
      day('2026-11-01', 100),
      day('2026-11-02', 98),
      day('2026-11-05', 96),
      day('2026-11-08', 94),
      day('2026-11-20', 90),
    ]
    expect(movingAverage(days).map((d) => d.value)).toEqual([
      100, // only itself
      99, // (100 + 98) / 2
      98, // (100 + 98 + 96) / 3: Nov 1 is within the seven days ending Nov 5
      96, // Nov 2–8: (98 + 96 + 94) / 3; Nov 1 has left the window
      90, // alone after a long gap
    ])
  })

  it('breaks a line across gaps longer than allowed and never joins across them', () => {
    const points = [0, 1, 2, 10, 11, 30].map((i) => ({ i }))
    expect(lineSegments(points, 8).map((s) => s.map((p) => p.i))).toEqual([[0, 1, 2, 10, 11], [30]])
    expect(lineSegments(points, 7).map((s) => s.map((p) => p.i))).toEqual([[0, 1, 2], [10, 11], [30]])
    expect(lineSegments(points, 1).map((s) => s.map((p) => p.i))).toEqual([[0, 1, 2], [10, 11], [30]])
    expect(lineSegments([], 7)).toEqual([])
  })

  it('reads a source defensively: manual and missing are no source', () => {
    expect(entrySource(weight(TODAY, 90, 1, 'Withings Body+'))).toBe('Withings Body+')
    expect(entrySource(weight(TODAY, 90))).toBeNull()
    expect(entrySource({ id: 1, kind: 'water', date: TODAY, ml: 3 })).toBeNull()
  })
})

describe('summaries', () => {
  it('says down, up, no change, one entry or none, in the patient unit', () => {
    const down = [day('2026-10-23', 100), day('2026-11-21', 94.375)]
    expect(weightSummary(down, 'kg', 'the last 30 days')).toBe('Down 5.6 kg in 29 days.')
    // 100 kg = 220.5 lbs, 94.375 kg = 208.1 lbs
    expect(weightSummary(down, 'lbs', 'the last 30 days')).toBe('Down 12.4 lbs in 29 days.')
    expect(weightSummary([day('2026-11-20', 90), day('2026-11-21', 90.6)], 'kg', 'x')).toBe(
      'Up 0.6 kg in 1 day.',
    )
    expect(weightSummary([day('2026-11-07', 90), day('2026-11-21', 90.02)], 'kg', 'x')).toBe(
      'No change in 14 days (90.0 kg).',
    )
    expect(weightSummary([day('2026-11-21', 90)], 'kg', 'the last 7 days')).toBe(
      'One weight logged in the last 7 days: 90.0 kg on Nov 21.',
    )
    expect(weightSummary([], 'kg', 'the last 7 days')).toBe('No weight logged in the last 7 days.')
  })

  it('counts nights at the 7-hour line', () => {
    const spec = { text: (v: number) => `${v.toFixed(1)} h`, target: 7, dayWord: 'night', noun: 'sleep' }
    expect(barSummary([day('a', 6), day('b', 8), day('c', 7)], spec, 'x')).toBe(
      '7.0 h a night on average; 7.0 h or more on 2 of 3 nights logged.',
    )
    expect(barSummary([], spec, 'the last 7 days')).toBe('No sleep logged in the last 7 days.')
  })
})

describe('follow-up milestones', () => {
  it('lists the surgery and the follow-ups inside the range', () => {
    expect(milestonesIn('2026-08-01', '2026-07-25', '2026-11-21')).toEqual([
      { date: '2026-08-01', label: 'Surgery' },
      { date: '2026-08-15', label: '2-week follow-up' },
      { date: '2026-09-12', label: '6-week follow-up' },
      { date: '2026-11-01', label: '3-month follow-up' },
    ])
    expect(milestonesIn('2026-08-01', '2026-11-02', '2026-11-21')).toEqual([])
    expect(milestonesIn(null, '2026-01-01', '2026-11-21')).toEqual([])
  })
})

describe('buildTrends', () => {
  it('reads the facts from the profile the way the dashboard does', () => {
    const facts = trendsFacts({
      personal: { height: 170, initial_weight: 120, weight_unit: 'lbs' } as never,
      bariatric_surgery: {
        bariatric_status: 'yes',
        pre_surgery_weight: 125,
        goal_weight: 80,
        surgery_date: '2026-08-01',
      },
      preferences: { protein_target_g: 80 } as never,
    })
    expect(facts).toMatchObject({
      heightCm: 170,
      baselineKg: 125,
      goalKg: 80,
      weightUnit: 'lbs',
      surgeryDate: '2026-08-01',
    })
    expect(facts.targets).toEqual({ proteinG: 80, waterMl: 1900, sleepH: 7 })
    expect(trendsFacts(null)).toMatchObject({ baselineKg: null, weightUnit: 'kg', goalKg: null })
  })

  it('draws 30 days per day with a moving average, the goal, milestones and tables that match', () => {
    const model = buildTrends({
      entries: history(120),
      facts: FACTS,
      range: '30d',
      today: TODAY,
      firstEntryDate: '2026-07-25',
    })
    expect(model).toMatchObject({
      from: '2026-10-23',
      to: TODAY,
      bucket: 'day',
      empty: false,
      neverLogged: false,
    })
    expect(model.labels).toHaveLength(30)
    const [weightChart, loss, sleep, protein, water] = model.charts
    const daily = weightChart.series.find((s) => s.key === 'weight')!
    // Every 9th day of the history has no weight (a gap): 30 days hold 26 or 27 weights.
    expect(daily.points.length).toBeGreaterThanOrEqual(26)
    expect(daily.points.length).toBeLessThan(30)
    expect(weightChart.table.rows).toHaveLength(daily.points.length)
    expect(weightChart.table.columns).toEqual(['Date', 'Weight (kg)', '7-day average (kg)', 'Source'])
    // The goal (80 kg) is far below a 30-day history near 100 kg: named at the bottom edge only.
    expect(weightChart.references).toEqual([
      { name: 'Goal', value: 80, text: '80.0 kg', label: 'Goal 80.0 kg', placement: 'below' },
    ])
    expect(weightChart.summary).toMatch(/^Down \d+\.\d kg in \d+ days\.$/)
    expect(loss.markers.map((m) => m.label)).toEqual(['3-month follow-up (Nov 1)'])
    expect(loss.table.columns).toEqual(['Date', '%TWL', '%EWL', 'Follow-up'])
    expect(sleep.references[0]).toMatchObject({ name: '7-hour line', value: 7 })
    expect(sleep.series[0].points).toHaveLength(29) // no sleep tonight yet
    expect(protein.table.columns).toEqual(['Date', 'Protein (g)', 'Meals', 'Target reached'])
    expect(water.summary).toMatch(/ml a day on average; 1,900 ml or more on \d+ of 30 days logged\.$/)
  })

  it('shows weights in lbs when that is the patient unit', () => {
    const entries = emptyEntries()
    entries.weight = [weight('2026-11-20', 100), weight('2026-11-21', 99)]
    const model = buildTrends({ entries, facts: { ...FACTS, weightUnit: 'lbs' }, range: '7d', today: TODAY })
    const chart = model.charts[0]
    expect(chart.table.rows.map((r) => r.cells.slice(0, 2))).toEqual([
      ['Fri, Nov 20, 2026', '220.5'],
      ['Sat, Nov 21, 2026', '218.3'],
    ])
    expect(chart.series[0].points[1].text).toBe('218.3 lbs')
    expect(chart.references[0].text).toBe('176.4 lbs')
    expect(chart.summary).toBe('Down 2.2 lbs in 1 day.')
  })

  it("speaks to the patient on their page and of the patient on a clinician's", () => {
    const input = { entries: history(120), range: '30d' as const, today: TODAY }
    const own = buildTrends({ ...input, facts: FACTS }).charts[1]
    expect(own.summary).toMatch(/, from your pre-surgery weight\.$/)
    const clinician = buildTrends({ ...input, facts: { ...FACTS, reader: 'clinician' } }).charts[1]
    expect(clinician.summary).toMatch(/, from the pre-surgery weight\.$/)
    expect(clinician.table.caption).not.toContain('your')
  })

  it('draws a year per week, each week the mean of its logged days', () => {
    const model = buildTrends({ entries: history(365), facts: FACTS, range: '1y', today: TODAY })
    expect(model.bucket).toBe('week')
    expect(model.labels.length).toBeGreaterThanOrEqual(53)
    expect(model.labels.length).toBeLessThanOrEqual(54)
    const weekly = model.charts[0]
    expect(weekly.series).toHaveLength(1)
    expect(weekly.table.columns[0]).toBe('Week')
    expect(weekly.table.rows[1].cells[2]).toMatch(/^[67]$/)
    expect(model.charts[2].table.columns).toEqual([
      'Week',
      'Average a night (h)',
      'Lowest–highest (h)',
      'Nights at 7-hour line',
    ])
  })

  it('starts "all" at the first entry and says when nothing was ever logged', () => {
    const entries = emptyEntries()
    entries.weight = [weight('2026-09-01', 100)]
    const all = buildTrends({
      entries,
      facts: FACTS,
      range: 'all',
      today: TODAY,
      firstEntryDate: '2026-09-01',
    })
    expect(all.from).toBe('2026-09-01')
    const none = buildTrends({
      entries: emptyEntries(),
      facts: FACTS,
      range: 'all',
      today: TODAY,
      firstEntryDate: null,
    })
    expect(none).toMatchObject({ empty: true, neverLogged: true })
    const quiet = buildTrends({
      entries: emptyEntries(),
      facts: FACTS,
      range: '7d',
      today: TODAY,
      firstEntryDate: '2026-01-01',
    })
    expect(quiet).toMatchObject({ empty: true, neverLogged: false })
  })

  // Its speed is measured by `npm run bench` (the 1-year trends page), not asserted here: a
  // time limit in a unit test fails on a busy machine and says nothing about correctness.
  it('builds a year of daily data as weekly points', () => {
    const model = buildTrends({ entries: history(365), facts: FACTS, range: '1y', today: TODAY })
    expect(model).toMatchObject({ from: '2025-11-22', to: TODAY, bucket: 'week', empty: false })
    const weight = model.charts[0].series.find((s) => s.key === 'weight')!
    expect(weight.points.length).toBeGreaterThanOrEqual(52)
    expect(weight.points.length).toBeLessThanOrEqual(54)
  })

  it('picks round ticks', () => {
    expect(niceTicks(0, 8)).toEqual([0, 2, 4, 6, 8])
    expect(niceTicks(93.2, 101.7)).toEqual([90, 95, 100, 105])
  })
})

describe('the model as the page is sent it (trends-wire)', () => {
  const cellsOf = (model: TrendsModel) => model.charts.map((chart) => chart.table.rows.map((row) => row.cells))
  const withoutRows = (model: TrendsModel) => model.charts.map(({ table: { rows: _rows, ...table }, ...chart }) => ({ ...chart, table }))

  it('packs each table into one text and unpacks every cell as it was, for every range', () => {
    for (const range of ['7d', '30d', '90d', '1y', 'all'] as const) {
      const model = buildTrends({ entries: history(400), facts: FACTS, range, today: TODAY })
      const wire = toWire(model)
      for (const chart of wire.charts) expect(typeof chart.table.rows, `${range} ${chart.id}`).toBe('string')
      const back = fromWire(JSON.parse(JSON.stringify(wire)) as typeof wire)
      expect(cellsOf(back), range).toEqual(cellsOf(model))
      expect(withoutRows(back), range).toEqual(withoutRows(model))
    }
  })

  it('sends the rows as they are when a cell holds a separator, and keeps an empty table empty', () => {
    const entries = history(10)
    entries.weight = entries.weight.map((entry) => ({ ...entry, source: 'Scale\tin the\nhall\r' }))
    const model = buildTrends({ entries, facts: FACTS, range: '7d', today: TODAY })
    expect(JSON.stringify(cellsOf(model))).toContain('Scale\\tin the\\nhall')
    const wire = toWire(model)
    expect(Array.isArray(wire.charts[0].table.rows)).toBe(true)
    expect(cellsOf(fromWire(wire))).toEqual(cellsOf(model))
    const empty = buildTrends({ entries: emptyEntries(), facts: FACTS, range: '7d', today: TODAY })
    expect(cellsOf(fromWire(toWire(empty)))).toEqual(cellsOf(empty))
  })
})

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a, b')).toBe('"a, b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell(12.5)).toBe('12.5')
    expect(csvCell(null)).toBe('')
  })

  it('writes one row an entry, by date then kind, with the units in the header', () => {
    const entries = emptyEntries()
    entries.weight = [{ ...weight('2026-11-21', 99.79, 1, 'Withings'), note: 'after run, "tired"' }]
    entries.water = [{ id: 2, kind: 'water', date: '2026-11-20', ml: 500 }]
    const lines = entriesCsv(entries).split('\r\n')
    expect(lines[0]).toBe(
      'date,kind,time,weight_kg,weight_lbs,sleep_hours,sleep_quality_1_to_5,bed_time,wake_time,meal_type,protein_g,calories_kcal,water_ml,water_fl_oz,vitamins_taken,source,note',
    )
    expect(lines[1]).toBe('2026-11-20,water,,,,,,,,,,,500,16.9,,manual,')
    expect(lines[2]).toBe('2026-11-21,weight,,99.79,220,,,,,,,,,,,Withings,"after run, ""tired"""')
    expect(lines[3]).toBe('')
    expect(csvFilename('2026-10-23', TODAY)).toBe('baricare-entries-2026-10-23-to-2026-11-21.csv')
  })
})

describe('isoOfDay', () => {
  it('is the UTC date of a day number, every day from 1900 to 2100, and reads back with dayNumber', () => {
    const DAY_MS = 86_400_000
    for (let day = Date.UTC(1900, 0, 1) / DAY_MS; day <= Date.UTC(2100, 11, 31) / DAY_MS; day++) {
      const expected = new Date(day * DAY_MS).toISOString().slice(0, 10)
      if (isoOfDay(day) !== expected) expect(isoOfDay(day)).toBe(expected)
      if (dayNumber(expected) !== day) expect(dayNumber(expected)).toBe(day)
    }
  })

  it('has no day number for anything but a YYYY-MM-DD', () => {
    for (const text of ['', '2026-1-05', '2026/01/05', '2026-01-5 ', 'abcd-ef-gh', '2026-01-0x'])
      expect(dayNumber(text)).toBeNaN()
  })
})

describe('the kept texts of values and dates', () => {
  it('write what Intl and date-fns write, whichever was asked first', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
    for (const value of [-0, 0, 0.05, -0.04, 1234.56, 7, 7.25, Number.NaN, -0, 0]) {
      expect(grouped.format(value)).toBe(intl.format(value))
      expect(grouped.format(value)).toBe(intl.format(value))
    }
    expect([shortDate('2026-11-02'), longDate('2026-11-02'), isoText('2026-11-02', 'EEE')]).toEqual([
      'Nov 2',
      'Nov 2, 2026',
      'Mon',
    ])
  })
})

describe('bucketIndexer', () => {
  it("finds every day's bucket where the bucket starts' own names would, and -1 outside them", () => {
    const DAY_MS = 86_400_000
    for (const bucket of ['day', 'week', 'month'] as const) {
      for (const [from, to] of [
        ['2023-12-27', '2025-03-02'],
        ['2024-02-29', '2024-05-31'],
        ['2019-07-01', '2026-11-21'],
      ]) {
        const starts = bucketStarts(from, to, bucket)
        const index = new Map(starts.map((start, i) => [start, i]))
        const bucketOf = bucketIndexer(starts, bucket)
        const first = Date.UTC(2018, 0, 1) / DAY_MS
        for (let day = first; day <= first + 365 * 10; day++) {
          const iso = new Date(day * DAY_MS).toISOString().slice(0, 10)
          const expected = index.get(bucketStart(iso, bucket)) ?? -1
          if (bucketOf(iso) !== expected) expect([bucket, from, iso, bucketOf(iso)]).toEqual([bucket, from, iso, expected])
        }
        expect(bucketOf('not a date')).toBe(-1)
      }
    }
  })
})

describe('the compact readings (GET v1/auth/trends/readings/)', () => {
  /** The readings answer the API gives for these entries: [date, value, source] per kind. */
  function asReadings(entries: EntriesByKind, from: string, to: string): unknown {
    const row = (date: string, value: number, source: string | undefined) => [date, value, source ?? 'manual']
    return {
      from,
      to,
      first_date: from,
      weight: entries.weight.map((e) => row(e.date, e.weight, e.source)),
      sleep: entries.sleep.map((e) => row(e.date, e.hours, e.source)),
      meal: entries.meal.map((e) => row(e.date, e.protein_g, e.source)),
      water: entries.water.map((e) => row(e.date, e.ml, e.source)),
      vitamins: entries.vitamins.map((e) => e.date),
    }
  }

  it.each(['7d', '30d', '90d', '1y', 'all'] as const)(
    'draw the same %s model as the full entries',
    (range) => {
      const entries = history(400)
      const readings = readTrendReadings(asReadings(entries, '2025-10-18', TODAY))
      expect(readings).not.toBeNull()
      const input = { facts: FACTS, range, today: TODAY, firstEntryDate: '2025-10-18' }
      expect(buildTrends({ ...input, entries: readings! })).toEqual(buildTrends({ ...input, entries }))
    },
  )

  it('are refused whole when any row is off', () => {
    const good = asReadings(history(3), '2026-11-19', TODAY) as Record<string, unknown[]>
    expect(readTrendReadings(good)).not.toBeNull()
    for (const bad of [
      { ...good, weight: [['2026-11-19', '90', 'manual']] },
      { ...good, sleep: [['2026-11-19', 7]] },
      { ...good, meal: [['19/11/2026', 30, 'manual']] },
      { ...good, water: null },
      { ...good, vitamins: [20261119] },
      { ...good, to: 'today' },
    ])
      expect(readTrendReadings(bad)).toBeNull()
  })
})
