// The sleep, protein and water charts: a bar a day (or week) up to BARS_UP_TO buckets, weekly (or
// monthly) means in a lowest-to-highest band beyond, each with its target line. Pure; server side.
import { fitAxis } from './trends-axis'
import { dailyValues, isoOfDay, dayNumber, type DailyValue } from './trends-days'
import type { TrendsFacts } from './trends-facts'
import {
  capitalised,
  flOzText,
  gramsText,
  grouped,
  hoursText,
  longDate,
  mlText,
  plural,
  sourcesText,
} from './trends-format'
import { toPoints, type Frame } from './trends-frame'
import type { ChartEntries, TrendChart, TrendPoint, TrendSeries } from './trends-model'
import { mlToFlOz, roundForDisplay } from '~/platform/units'

type BarSpec = {
  id: 'sleep' | 'protein' | 'water'
  title: string
  name: string
  /** 'night' or 'day' */
  dayWord: string
  /** 'h', 'g', 'ml', 'fl oz' */
  unit: string
  /** Values in `unit`: '7.5 h'; a table cell without the unit: '7.5'. */
  text: (value: number) => string
  cell?: (value: number) => string
  target: number
  targetName: string
  noun: string
}

/** '7.2 h a night on average; 7 h or more on 18 of 25 nights logged.' */
export function barSummary(
  days: DailyValue[],
  spec: Pick<BarSpec, 'text' | 'target' | 'dayWord' | 'noun'>,
  phrase: string,
): string {
  if (days.length === 0) return `No ${spec.noun} logged in ${phrase}.`
  const mean = days.reduce((total, day) => total + day.value, 0) / days.length
  const met = days.filter((day) => day.value >= spec.target).length
  return `${spec.text(mean)} a ${spec.dayWord} on average; ${spec.text(spec.target)} or more on ${met} of ${plural(days.length, spec.dayWord)} logged.`
}

/** Up to this many buckets a bar a day (or week); beyond, weekly means in a band (see below). */
export const BARS_UP_TO = 31

const UNIT_WORDS: Record<string, string> = {
  h: 'hours',
  g: 'grams',
  ml: 'millilitres',
  'fl oz': 'fluid ounces',
}

/**
 * Long ranges (more than BARS_UP_TO buckets: 90 days, a year, all) as one point a week (a month
 * past three years): the mean of its logged days, with its lowest and highest day. On a daily axis
 * (90 days) a week sits at the mean position of its logged days and is titled 'Week of …'.
 */
function bandPoints(
  daysIn: Map<number, DailyValue[]>,
  frame: Frame,
  spec: Pick<BarSpec, 'text'> & { cell: (value: number) => string },
): TrendPoint[] {
  // On a daily axis, bucket i falls in week floor((i + offset) / 7), offset being frame.from's
  // Monday-based weekday (day 0, 1970-01-01, was a Thursday); no date parsing per day.
  const daily = frame.bucket === 'day'
  const first = dayNumber(frame.from)
  const offset = daily ? (((first + 3) % 7) + 7) % 7 : 0
  const groups = new Map<number, { index: number[]; values: number[] }>()
  for (const [i, list] of daysIn) {
    if (i < 0) continue
    const key = daily ? Math.floor((i + offset) / 7) : i
    const group = groups.get(key) ?? { index: [], values: [] }
    for (const day of list) {
      group.index.push(i)
      group.values.push(day.value)
    }
    groups.set(key, group)
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([key, group]) => {
      const value = group.values.reduce((total, v) => total + v, 0) / group.values.length
      const low = Math.min(...group.values)
      const high = Math.max(...group.values)
      const i = Math.round(group.index.reduce((total, k) => total + k, 0) / group.index.length)
      return {
        i,
        value,
        low,
        high,
        text: `${spec.text(value)} (${spec.cell(low)}–${spec.text(high)})`,
        ...(daily ? { title: `Week of ${longDate(isoOfDay(first - offset + key * 7))}` } : {}),
      }
    })
}

function barChart(
  days: DailyValue[],
  spec: BarSpec,
  frame: Frame,
  labels: string[],
  phrase: string,
  countColumn?: { name: string; count: (date: string) => number },
): TrendChart {
  const { points, buckets } = toPoints(days, frame, spec.text)
  const cell = spec.cell ?? ((value: number) => grouped.format(roundForDisplay(value)))
  const daily = frame.bucket === 'day'
  const long = frame.starts.length > BARS_UP_TO
  const hasSources = buckets.some((b) => b.sources.length > 0)
  const period = frame.bucket === 'month' ? 'monthly' : 'weekly'
  const daysIn = new Map<number, DailyValue[]>()
  for (const day of days) {
    const i = daily ? frame.dayOf(day.date) : frame.bucketOf(day.date)
    const list = daysIn.get(i)
    if (list) list.push(day)
    else daysIn.set(i, [day])
  }
  const bands = long ? bandPoints(daysIn, frame, { text: spec.text, cell }) : null
  const columns = daily
    ? [
        'Date',
        `${spec.name} (${spec.unit})`,
        ...(countColumn ? [countColumn.name] : []),
        `${spec.targetName} reached`,
      ]
    : [
        capitalised(frame.bucket),
        `Average a ${spec.dayWord} (${spec.unit})`,
        `Lowest–highest (${spec.unit})`,
        `${capitalised(spec.dayWord)}s at ${spec.targetName.toLowerCase()}`,
      ]
  const series: TrendSeries = bands
    ? {
        key: spec.id,
        name: `${spec.name}, ${period} average`,
        bandName: `Lowest to highest ${spec.dayWord}`,
        shape: 'band',
        emphasis: 'primary',
        // Neighbouring weeks join (on a daily axis they sit about 7 apart); a missing week breaks.
        maxGap: daily ? 10 : 1,
        points: bands,
      }
    : {
        key: spec.id,
        name: daily ? spec.name : `${spec.name}, ${period} average`,
        shape: 'bars',
        emphasis: 'primary',
        maxGap: 0,
        points,
      }
  const targetText = spec.text(spec.target)
  return {
    id: spec.id,
    title: spec.title,
    summary: barSummary(days, spec, phrase),
    empty: points.length === 0,
    series: [series],
    references: [
      { name: spec.targetName, value: spec.target, text: targetText, label: targetText, placement: 'in' },
    ],
    markers: [],
    y: fitAxis([...(bands ?? points).map((p) => p.high ?? p.value), spec.target * 1.1], {
      zero: true,
      text: (value) => grouped.format(value),
    }),
    table: {
      caption: `${spec.title} in ${phrase}, in ${UNIT_WORDS[spec.unit] ?? spec.unit}`,
      columns: hasSources ? [...columns, 'Source'] : columns,
      rows: buckets.map((b) => {
        const within = daysIn.get(b.i) ?? []
        const cells = [labels[b.i], cell(b.value)]
        if (daily) {
          if (countColumn) cells.push(String(countColumn.count(b.date)))
          cells.push(b.value >= spec.target ? 'Yes' : 'No')
        } else {
          const values = within.map((day) => day.value)
          cells.push(values.length ? `${cell(Math.min(...values))}–${cell(Math.max(...values))}` : '')
          cells.push(`${within.filter((day) => day.value >= spec.target).length} of ${within.length}`)
        }
        return { key: b.date, cells: hasSources ? [...cells, sourcesText(b.sources)] : cells }
      }),
    },
  }
}

export function sleepChart(
  days: DailyValue[],
  facts: TrendsFacts,
  frame: Frame,
  labels: string[],
  phrase: string,
): TrendChart {
  const target = facts.targets.sleepH
  return barChart(
    days,
    {
      id: 'sleep',
      title: 'Sleep',
      name: 'Sleep',
      dayWord: 'night',
      unit: 'h',
      text: hoursText,
      target,
      targetName: `${grouped.format(target)}-hour line`,
      noun: 'sleep',
    },
    frame,
    labels,
    phrase,
  )
}

export function proteinChart(
  meals: ChartEntries['meal'],
  facts: TrendsFacts,
  frame: Frame,
  labels: string[],
  phrase: string,
): TrendChart {
  const days = dailyValues(meals, (e) => e.protein_g, 'sum')
  const mealsPerDay = new Map<string, number>()
  for (const meal of meals) mealsPerDay.set(meal.date, (mealsPerDay.get(meal.date) ?? 0) + 1)
  const daily = frame.bucket === 'day'
  return barChart(
    days,
    {
      id: 'protein',
      title: 'Protein',
      name: 'Protein',
      dayWord: 'day',
      unit: 'g',
      text: gramsText,
      target: facts.targets.proteinG,
      targetName: 'Target',
      noun: 'meals',
    },
    frame,
    labels,
    phrase,
    daily ? { name: 'Meals', count: (date) => mealsPerDay.get(date) ?? 0 } : undefined,
  )
}

export function waterChart(
  days: DailyValue[],
  facts: TrendsFacts,
  frame: Frame,
  labels: string[],
  phrase: string,
): TrendChart {
  const unit = facts.waterUnit ?? 'ml'
  // Drawn and summed in the patient's unit; stored ml stay untouched upstream.
  const inUnit = (ml: number) => (unit === 'fl oz' ? mlToFlOz(ml) : ml)
  return barChart(
    unit === 'fl oz' ? days.map((day) => ({ ...day, value: inUnit(day.value) })) : days,
    {
      id: 'water',
      title: 'Water',
      name: 'Water',
      dayWord: 'day',
      unit,
      text: unit === 'fl oz' ? flOzText : mlText,
      cell: (value) => grouped.format(Math.round(value)),
      target: inUnit(facts.targets.waterMl),
      targetName: 'Target',
      noun: 'water',
    },
    frame,
    labels,
    phrase,
  )
}
