/**
 * Health trends: ranges, daily and weekly series, the 7-day moving average, gaps, one-line
 * summaries and the data tables behind each chart. Pure and deterministic ("today" is a parameter),
 * shared by the patient's /customer/health-trends and the admin's patient detail page.
 *
 * The two stable entry points (docs/decisions/047-trends-svg-components.md):
 *
 *   const facts = trendsFacts(profile)            // from GET v1/auth/profile/ (or the admin's copy)
 *   const model = buildTrends({ entries, facts, range, today, firstEntryDate })
 *   // in a loader: return the model (JSON, small: at most ~130 points a series, all text formatted)
 *   <TrendsCharts model={model} logHref="/customer/log-data" />   (app/components/trends/trends-charts)
 *   <TrendRangeLinks baseHref="/admin/patient/7" current={model.range} />   (…/trends/range-links)
 *
 * Rules (also in docs/decisions/048-trends-ranges-buckets-gaps.md):
 * - A day's weight is its last entry; sleep, protein and water are the day's sums (naps add).
 * - A day without an entry is a gap: no bar, no point. Weight lines join logged days up to 7 days
 *   apart (weekly weigh-ins are the plan) and break across longer gaps; nothing is interpolated.
 * - The 7-day moving average at a logged day is the mean of the daily weights logged in the seven
 *   days ending that day; days without a weight do not count. Drawn only at logged days.
 * - Ranges over 120 days are drawn per week (Monday–Sunday; over three years, per month): a bucket's
 *   value is the mean of its logged days, and its table row says how many days it holds.
 * - Weights are kg in the API and shown in the patient's unit with one decimal (SPEC.md §9).
 */
import { addMonths, format, parseISO } from 'date-fns'
import {
  dailyTargets,
  nextFollowUp,
  percentExcessWeightLoss,
  percentTotalWeightLoss,
  type DailyTargets,
} from './health-metrics'
import {
  addDaysIso,
  daysBetween,
  ENTRY_KINDS,
  isIsoDate,
  preferManual,
  type EntriesByKind,
  type LogEntry,
} from './log-entries'
import type { CustomerProfile } from './provider-types'
import {
  DAILY_UP_TO_DAYS,
  MAX_TREND_DAYS,
  rangePhrase,
  TREND_RANGE_LABELS,
  trendWindow,
  WEEKLY_UP_TO_DAYS,
  type TrendRange,
} from './trends-range'
import {
  anchorFor,
  bucketCentre,
  fitAxis,
  labelWidth,
  FULL_PLOT_PX,
  MARKER_PAD_PX,
  markerLanes,
  NARROWEST_PLOT_PX,
  placeOnAxis,
  spacedTicks,
  WIDE_PLOT_PX,
  worthIncluding,
  type Axis,
  type XTick,
} from './trends-axis'
import {
  isWeightUnit,
  LBS_PER_KG,
  mlToFlOz,
  roundForDisplay,
  waterUnitFor,
  weightFromKg,
  type WaterUnit,
  type WeightUnit,
} from './units'

export { lineSegments, niceTicks } from './trends-axis'

// ---- Ranges (trends-range.ts; re-exported for the server modules and tests) -----------------

export {
  DAILY_UP_TO_DAYS,
  DEFAULT_TREND_RANGE,
  MAX_TREND_DAYS,
  parseTrendRange,
  rangePhrase,
  TREND_RANGE_LABELS,
  TREND_RANGES,
  trendsHref,
  trendWindow,
  TRENDS_CSV_PATH,
  TRENDS_PATH,
  WEEKLY_UP_TO_DAYS,
  type TrendRange,
} from './trends-range'

// ---- The profile's facts --------------------------------------------------------------------

export type TrendsFacts = {
  heightCm: number | null
  /** What %TWL and %EWL count from: the pre-surgery weight, else the starting weight. */
  baselineKg: number | null
  baselineLabel: 'pre-surgery weight' | 'starting weight' | null
  goalKg: number | null
  surgeryDate: string | null
  weightUnit: WeightUnit
  /** Water in ml, or fl oz for a patient who chose lbs (units.ts waterUnitFor); ml when absent. */
  waterUnit?: WaterUnit
  targets: DailyTargets
  /** Whose weight the words speak of: the patient's own page says "your"; a clinician's does not. */
  reader?: 'patient' | 'clinician'
}

function whose(facts: TrendsFacts): string {
  return facts.reader === 'clinician' ? 'the' : 'your'
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null
}

/** The facts the charts need, read the way the dashboard reads them (health-metrics.ts). */
export function trendsFacts(
  profile: Pick<CustomerProfile, 'personal' | 'bariatric_surgery' | 'preferences'> | null | undefined,
): TrendsFacts {
  const personal = profile?.personal ?? null
  const bariatric = profile?.bariatric_surgery?.bariatric_status === 'yes' ? profile.bariatric_surgery : null
  const preSurgery = positive(bariatric?.pre_surgery_weight)
  const initial = positive(personal?.initial_weight)
  const unit = [personal?.weight_unit, profile?.preferences?.weight_unit].find(isWeightUnit) ?? 'kg'
  return {
    heightCm: positive(personal?.height),
    baselineKg: preSurgery ?? initial,
    baselineLabel: preSurgery !== null ? 'pre-surgery weight' : initial !== null ? 'starting weight' : null,
    goalKg: positive(bariatric?.goal_weight),
    surgeryDate: isIsoDate(bariatric?.surgery_date) ? bariatric.surgery_date : null,
    weightUnit: unit,
    waterUnit: waterUnitFor(unit, personal?.height_unit),
    targets: dailyTargets(profile?.preferences),
  }
}

// ---- Daily values ---------------------------------------------------------------------------

export type DailyValue = { date: string; value: number; sources: string[] }

/** An entry's device, when it came from one (P12 adds `source` to every kind; read it defensively). */
export function entrySource(entry: LogEntry | Record<string, unknown>): string | null {
  const source = 'source' in entry ? entry.source : undefined
  return typeof source === 'string' && source.trim() !== '' && source !== 'manual' ? source : null
}

function addSource(sources: string[], entry: LogEntry): void {
  const source = entrySource(entry)
  if (source && !sources.includes(source)) sources.push(source)
}

/**
 * One value per day with entries, oldest first: `combine` 'last' keeps the day's last entry (the
 * list is oldest first), 'sum' adds them up.
 */
export function dailyValues<E extends LogEntry>(
  entries: E[],
  read: (entry: E) => number,
  combine: 'last' | 'sum',
): DailyValue[] {
  const entriesByDay = new Map<string, E[]>()
  for (const entry of entries) {
    const list = entriesByDay.get(entry.date)
    if (list) list.push(entry)
    else entriesByDay.set(entry.date, [entry])
  }
  const days: DailyValue[] = []
  for (const [date, list] of entriesByDay) {
    // A device reading never outweighs the patient's own entry for that day
    // (docs/decisions/055-imported-readings-never-override.md).
    let day: DailyValue | null = null
    for (const entry of preferManual(list)) {
      const value = read(entry)
      if (!Number.isFinite(value)) continue
      if (!day) day = { date, value, sources: [] }
      else day.value = combine === 'sum' ? day.value + value : value
      addSource(day.sources, entry)
    }
    if (day) days.push(day)
  }
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}

/**
 * The trailing moving average at each logged day: the mean of the values logged in the `window`
 * days ending that day (that day included); days without a value do not count.
 */
export function movingAverage(days: DailyValue[], window = 7): DailyValue[] {
  const result: DailyValue[] = []
  let start = 0
  let total = 0
  for (let end = 0; end < days.length; end++) {
    total += days[end].value
    while (daysBetween(days[start].date, days[end].date) >= window) {
      total -= days[start].value
      start++
    }
    result.push({ date: days[end].date, value: total / (end - start + 1), sources: [] })
  }
  return result
}

// ---- Buckets --------------------------------------------------------------------------------

export type TrendBucket = 'day' | 'week' | 'month'

export function bucketFor(days: number): TrendBucket {
  if (days <= DAILY_UP_TO_DAYS) return 'day'
  if (days <= WEEKLY_UP_TO_DAYS) return 'week'
  return 'month'
}

// Plain day arithmetic on 'YYYY-MM-DD' (UTC day numbers): a year of entries passes through here
// thousands of times, and date-fns' parse/format would cost most of the page's time.
const DAY_MS = 86_400_000

function dayNumber(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS
}

function isoOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

function bucketStart(iso: string, bucket: TrendBucket): string {
  if (bucket === 'day') return iso
  if (bucket === 'month') return `${iso.slice(0, 8)}01`
  const day = dayNumber(iso)
  // Day 0 (1970-01-01) was a Thursday: the Monday-based weekday is (day + 3) mod 7.
  return isoOfDay(day - ((((day + 3) % 7) + 7) % 7))
}

function nextBucket(iso: string, bucket: TrendBucket): string {
  if (bucket === 'day') return isoOfDay(dayNumber(iso) + 1)
  if (bucket === 'week') return isoOfDay(dayNumber(iso) + 7)
  return format(addMonths(parseISO(iso), 1), 'yyyy-MM-dd')
}

/** The first day of every bucket from the one holding `from` to the one holding `to`. */
export function bucketStarts(from: string, to: string, bucket: TrendBucket): string[] {
  const starts: string[] = []
  for (let day = bucketStart(from, bucket); day <= to; day = nextBucket(day, bucket)) starts.push(day)
  return starts
}

export type BucketValue = { i: number; date: string; value: number; days: number; sources: string[] }

/** Daily values grouped into buckets: each bucket's mean over its logged days. */
export function bucketValues(days: DailyValue[], starts: string[], bucket: TrendBucket): BucketValue[] {
  const index = new Map(starts.map((start, i) => [start, i]))
  const groups = new Map<number, { total: number; days: number; sources: string[] }>()
  for (const day of days) {
    const i = index.get(bucketStart(day.date, bucket))
    if (i === undefined) continue
    const group = groups.get(i) ?? { total: 0, days: 0, sources: [] }
    group.total += day.value
    group.days += 1
    for (const source of day.sources) if (!group.sources.includes(source)) group.sources.push(source)
    groups.set(i, group)
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([i, group]) => ({
      i,
      date: starts[i],
      value: group.total / group.days,
      days: group.days,
      sources: group.sources,
    }))
}

// ---- The model the charts draw --------------------------------------------------------------

export type TrendPoint = {
  i: number
  value: number
  text: string
  /** A band's lowest and highest day around `value` (its mean). */
  low?: number
  high?: number
  /** The tooltip's heading when it is not the bucket's label (a week drawn on a daily axis). */
  title?: string
}
export type TrendSeries = {
  key: string
  name: string
  /**
   * 'line': a line through points; 'bars': one bar a bucket; 'band': weekly (or monthly) means as
   * a line inside a shaded band from each period's lowest to highest day, for long ranges.
   */
  shape: 'line' | 'bars' | 'band'
  /** A band's own legend entry ('Lowest to highest night'). */
  bandName?: string
  /** How it is told apart without colour: a thin line with dots, a thick line, or bars. */
  emphasis: 'primary' | 'secondary'
  /** Buckets a line may jump; a longer gap breaks it. */
  maxGap: number
  points: TrendPoint[]
}
export type ReferenceLine = {
  name: string
  value: number
  text: string
  /** Printed beside the plot, level with the line ('7 h', 'Goal 80.0 kg'). */
  label: string
  /** 'in': drawn across the plot; otherwise named at the plot's top or bottom edge only. */
  placement: 'in' | 'above' | 'below'
}
export type ChartMarker = {
  i: number
  /** 'Surgery (Aug 1)', '3-month follow-up (Nov 1)': tooltips, tables. */
  label: string
  /** 'Surgery', '3 mo': the label above the plot. */
  short: string
  /** Its row above the plot (0 = the top row) on a phone; null when no row has room there. */
  lane: number | null
  anchor: XTick['anchor']
  /** The same from the `sm` breakpoint up. */
  laneWide: number | null
  anchorWide: XTick['anchor']
}
export type TrendTable = {
  caption: string
  columns: string[]
  rows: { key: string; cells: string[] }[]
}
export type TrendChartId = 'weight' | 'loss' | 'sleep' | 'protein' | 'water'
export type TrendChart = {
  id: TrendChartId
  title: string
  /** One line above the chart, e.g. 'Down 12.4 lbs in 30 days'. */
  summary: string
  /** Nothing to draw in this range. */
  empty: boolean
  series: TrendSeries[]
  references: ReferenceLine[]
  markers: ChartMarker[]
  y: Axis
  table: TrendTable
}
export type TrendsModel = {
  range: TrendRange
  rangeLabel: string
  from: string
  to: string
  bucket: TrendBucket
  /** Per bucket: its label ('Nov 3', 'Week of Nov 3', 'Nov 2026'). */
  labels: string[]
  /** The x axis's labels on a phone, and from the `sm` breakpoint up. */
  xTicks: XTick[]
  xTicksWide: XTick[]
  /** Nothing of any kind logged in the range. */
  empty: boolean
  /** Nothing logged ever (when known): the page invites a first entry. */
  neverLogged: boolean
  charts: TrendChart[]
}

export type TrendsInput = {
  /** The range's entries, as GET v1/auth/entries/ (or the trends call) answers them. */
  entries: EntriesByKind
  facts: TrendsFacts
  range: TrendRange
  today: string
  /** The patient's first entry ever (the trends call's `first_date`); starts the "All" range. */
  firstEntryDate?: string | null
}

// ---- Formatting -----------------------------------------------------------------------------

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const oneDecimal = (value: number) => roundForDisplay(value).toFixed(1)
const weightText = (kg: number, unit: WeightUnit) => `${weightFromKg(kg, unit).toFixed(1)} ${unit}`
const percentText = (value: number) => `${oneDecimal(value)}%`
const hoursText = (hours: number) => `${grouped.format(roundForDisplay(hours))} h`
const gramsText = (grams: number) => `${grouped.format(Math.round(grams))} g`
const mlText = (ml: number) => `${grouped.format(Math.round(ml))} ml`
const flOzText = (floz: number) => `${grouped.format(Math.round(floz))} fl oz`

const capitalised = (word: string) => `${word[0].toUpperCase()}${word.slice(1)}`
const shortDate = (iso: string) => format(parseISO(iso), 'MMM d')
const longDate = (iso: string) => format(parseISO(iso), 'MMM d, yyyy')

function bucketLabel(start: string, bucket: TrendBucket): string {
  if (bucket === 'week') return `Week of ${longDate(start)}`
  if (bucket === 'month') return format(parseISO(start), 'MMMM yyyy')
  return format(parseISO(start), 'EEE, MMM d, yyyy')
}

/**
 * The x axis's labels, each under its own bucket, for a phone-wide plot and (`wide`) for a plot from
 * the `sm` breakpoint up: a week or less labels every day (weekday over date); up to 45 days labels
 * Mondays; longer ranges the start of every month (or every 2, 3, 6 or 12 months, calendar-aligned,
 * whichever is the first to fit), with the year on the first label and on January; past three
 * years, Januaries. trends-axis.ts estimates the widths.
 */
export function xTicksFor(starts: string[], bucket: TrendBucket, wide = false): XTick[] {
  const n = starts.length
  const plotPx = wide ? WIDE_PLOT_PX : NARROWEST_PLOT_PX
  if (bucket === 'day' && n <= 7)
    return starts.map((start, i) => {
      const date = parseISO(start)
      return {
        i,
        text: format(date, 'EEE'),
        sub: format(date, wide ? 'M/d' : 'd'),
        anchor: 'middle' as const,
      }
    })
  // Candidates as (bucket, ordinal): the ordinal picks every k-th one, aligned to the calendar.
  const candidates: { i: number; ordinal: number; start: string }[] = []
  starts.forEach((start, i) => {
    const previous = starts[i - 1]
    if (bucket === 'day' && n <= 45) {
      if (parseISO(start).getDay() === 1)
        candidates.push({ i, ordinal: Math.floor(dayNumber(start) / 7), start })
    } else if (bucket === 'day') {
      if (start.endsWith('-01')) candidates.push({ i, ordinal: monthOrdinal(start), start })
    } else if (i > 0 && previous.slice(0, 7) !== start.slice(0, 7)) {
      if (bucket === 'week' || start.slice(5, 7) === '01')
        candidates.push({
          i,
          ordinal: bucket === 'month' ? Number(start.slice(0, 4)) : monthOrdinal(start),
          start,
        })
    }
  })
  const steps =
    bucket === 'day' && n <= 45 ? [1, 2, 4] : bucket === 'month' ? [1, 2, 5, 10] : [1, 2, 3, 6, 12]
  let best: XTick[] = []
  for (const step of steps) {
    const subset = candidates.filter((c) => c.ordinal % step === 0)
    const texts = subset.map((c, k) => {
      if (bucket === 'day') return { i: c.i, text: shortDate(c.start) }
      if (bucket === 'month') return { i: c.i, text: c.start.slice(0, 4) }
      const withYear = k === 0 || c.start.slice(5, 7) === '01'
      return { i: c.i, text: format(parseISO(c.start), withYear ? 'MMM yyyy' : 'MMM') }
    })
    let kept = spacedTicks(texts, n, plotPx)
    // The first label carries the year, even when the one that had it could not be kept.
    if (bucket === 'week' && kept.length > 0 && !/\d{4}/.test(kept[0].text)) {
      const dated = kept.map((tick, k) =>
        k === 0 ? { i: tick.i, text: `${tick.text} ${starts[tick.i].slice(0, 4)}` } : tick,
      )
      const again = spacedTicks(dated, n, plotPx)
      if (again.length === kept.length) kept = again
    }
    if (kept.length > best.length || best.length === 0) best = kept
    // Good enough when only a label at an edge had to go (never one in the middle: uneven gaps).
    const keptAt = new Set(kept.map((t) => t.i))
    const dropped = subset.filter((c) => !keptAt.has(c.i))
    const edges = new Set([subset[0]?.i, subset[subset.length - 1]?.i])
    if (kept.length > 0 && dropped.length <= 1 && dropped.every((c) => edges.has(c.i))) return kept
  }
  return best.length > 0 ? best : spacedTicks([{ i: 0, text: shortDate(starts[0]) }], n, plotPx)
}

const monthOrdinal = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1

/** 'in 30 days', 'in 1 day', 'on one day'. */
const plural = (count: number, one: string, many = `${one}s`) =>
  `${grouped.format(count)} ${count === 1 ? one : many}`

// ---- Building -------------------------------------------------------------------------------

type Frame = {
  from: string
  to: string
  bucket: TrendBucket
  starts: string[]
  /** Bucket start → its index in `starts`. */
  index: Map<string, number>
  days: number
}

function frameFor(input: TrendsInput, loggedDates: string[]): Frame {
  const { from: windowFrom, to } = trendWindow(input.range, input.today)
  let from = windowFrom
  if (from === null) {
    // The earliest date by plain comparison (ISO dates sort as text); only that one is checked.
    let first = isIsoDate(input.firstEntryDate) ? input.firstEntryDate : undefined
    for (const date of loggedDates) if (first === undefined || date < first) first = date
    if (!isIsoDate(first)) first = undefined
    const earliest = addDaysIso(to, -(MAX_TREND_DAYS - 1))
    // "All" with a single day (or nothing) still shows a week, so the chart has width.
    from = first && first < to ? (first < earliest ? earliest : first) : addDaysIso(to, -6)
  }
  const days = daysBetween(from, to) + 1
  const bucket = bucketFor(days)
  const starts = bucketStarts(from, to, bucket)
  return { from, to, bucket, starts, index: new Map(starts.map((start, i) => [start, i])), days }
}

function inFrame<T extends { date: string }>(list: T[], frame: Frame): T[] {
  return list.filter((entry) => entry.date >= frame.from && entry.date <= frame.to)
}

/** Daily values into chart points: per day as they are, per week or month as bucket means. */
function toPoints(
  days: DailyValue[],
  frame: Frame,
  text: (value: number) => string,
): { points: TrendPoint[]; buckets: BucketValue[] } {
  const buckets =
    frame.bucket === 'day'
      ? days.map((day) => ({ ...day, i: daysBetween(frame.from, day.date), days: 1 }))
      : bucketValues(days, frame.starts, frame.bucket)
  return { points: buckets.map((b) => ({ i: b.i, value: b.value, text: text(b.value) })), buckets }
}

const WEIGHT_MAX_GAP_DAYS = 7

export function buildTrends(input: TrendsInput): TrendsModel {
  const { entries, facts } = input
  // Only the five kinds: the provider's answer also carries from, to and first_date.
  const loggedDates = ENTRY_KINDS.flatMap((kind) => (entries[kind] as LogEntry[]).map((entry) => entry.date))
  const frame = frameFor(input, loggedDates)
  const inRange = {
    weight: inFrame(entries.weight, frame),
    sleep: inFrame(entries.sleep, frame),
    meal: inFrame(entries.meal, frame),
    water: inFrame(entries.water, frame),
    vitamins: inFrame(entries.vitamins, frame),
  }
  const empty = Object.values(inRange).every((list) => list.length === 0)
  const labels = frame.starts.map((start) => bucketLabel(start, frame.bucket))
  const xTicks = xTicksFor(frame.starts, frame.bucket)
  const xTicksWide = xTicksFor(frame.starts, frame.bucket, true)
  const phrase = rangePhrase(input.range)
  const weights = dailyValues(inRange.weight, (entry) => entry.weight, 'last')

  return {
    range: input.range,
    rangeLabel: TREND_RANGE_LABELS[input.range],
    from: frame.from,
    to: frame.to,
    bucket: frame.bucket,
    labels,
    xTicks,
    xTicksWide,
    empty,
    neverLogged: empty && input.firstEntryDate === null,
    charts: [
      weightChart(weights, facts, frame, labels, phrase),
      lossChart(weights, facts, frame, labels, phrase),
      sleepChart(
        dailyValues(inRange.sleep, (e) => e.hours, 'sum'),
        facts,
        frame,
        labels,
        phrase,
      ),
      proteinChart(inRange.meal, facts, frame, labels, phrase),
      waterChart(
        dailyValues(inRange.water, (e) => e.ml, 'sum'),
        facts,
        frame,
        labels,
        phrase,
      ),
    ],
  }
}

// ---- Weight ---------------------------------------------------------------------------------

/** 'Down 12.4 lbs in 30 days', 'Up 0.6 kg in 7 days', 'No change in 14 days (99.8 kg)'. */
export function weightSummary(weights: DailyValue[], unit: WeightUnit, phrase: string): string {
  if (weights.length === 0) return `No weight logged in ${phrase}.`
  const first = weights[0]
  const last = weights[weights.length - 1]
  if (weights.length === 1)
    return `One weight logged in ${phrase}: ${weightText(last.value, unit)} on ${shortDate(last.date)}.`
  // From the shown (rounded) values, so the summary agrees with the table.
  const change = roundForDisplay(weightFromKg(last.value, unit) - weightFromKg(first.value, unit))
  const span = plural(daysBetween(first.date, last.date), 'day')
  if (change === 0) return `No change in ${span} (${weightText(last.value, unit)}).`
  return `${change < 0 ? 'Down' : 'Up'} ${Math.abs(change).toFixed(1)} ${unit} in ${span}.`
}

function sourcesText(sources: string[]): string {
  return sources.length === 0 ? 'Manual' : sources.join(', ')
}

function weightChart(
  weights: DailyValue[],
  facts: TrendsFacts,
  frame: Frame,
  labels: string[],
  phrase: string,
): TrendChart {
  const unit = facts.weightUnit
  // Points are drawn in the patient's unit (unrounded); their text is rounded from the kg.
  const inUnit = (kg: number) => (unit === 'lbs' ? kg * LBS_PER_KG : kg)
  const shown = (kg: number) => weightFromKg(kg, unit).toFixed(1)
  const daily = frame.bucket === 'day'
  const { buckets } = toPoints(weights, frame, String)
  const points = buckets.map((b) => ({ i: b.i, value: inUnit(b.value), text: weightText(b.value, unit) }))
  const average = daily ? movingAverage(weights) : []
  const averageKg = new Map(average.map((day) => [daysBetween(frame.from, day.date), day.value]))
  const averagePoints = [...averageKg].map(([i, kg]) => ({
    i,
    value: inUnit(kg),
    text: weightText(kg, unit),
  }))
  const maxGap = daily ? WEIGHT_MAX_GAP_DAYS : 2
  const series: TrendSeries[] = daily
    ? [
        { key: 'weight', name: 'Daily weight', shape: 'line', emphasis: 'secondary', maxGap, points },
        {
          key: 'average',
          name: '7-day average',
          shape: 'line',
          emphasis: 'primary',
          maxGap,
          points: averagePoints,
        },
      ]
    : [
        {
          key: 'weight',
          name: frame.bucket === 'week' ? 'Weekly average' : 'Monthly average',
          shape: 'line',
          emphasis: 'primary',
          maxGap,
          points,
        },
      ]
  // The axis fits the weights; the goal stretches it only when near (trends-axis.ts worthIncluding),
  // else it is named at the plot's edge, so a 3 lb month does not look flat.
  const drawn = [...points, ...averagePoints].map((p) => p.value)
  const goal = facts.goalKg === null ? null : inUnit(facts.goalKg)
  const y = fitAxis(goal !== null && worthIncluding(goal, drawn) ? [...drawn, goal] : drawn, {
    text: (value) => grouped.format(value),
  })
  const references: ReferenceLine[] =
    facts.goalKg !== null && goal !== null
      ? [
          {
            name: 'Goal',
            value: goal,
            text: weightText(facts.goalKg, unit),
            label: `Goal ${weightText(facts.goalKg, unit)}`,
            placement: placeOnAxis(goal, y),
          },
        ]
      : []
  const hasSources = buckets.some((b) => b.sources.length > 0)
  const columns = daily
    ? ['Date', `Weight (${unit})`, `7-day average (${unit})`]
    : [capitalised(frame.bucket), `Average weight (${unit})`, 'Days weighed']
  return {
    id: 'weight',
    title: 'Weight',
    summary: weightSummary(weights, unit, phrase),
    empty: points.length === 0,
    series,
    references,
    markers: [],
    y,
    table: {
      caption: `Weight in ${phrase}, in ${unit}`,
      columns: hasSources ? [...columns, 'Source'] : columns,
      rows: buckets.map((b) => {
        const averageOfDay = averageKg.get(b.i)
        const cells = daily
          ? [labels[b.i], shown(b.value), averageOfDay === undefined ? '' : shown(averageOfDay)]
          : [labels[b.i], shown(b.value), String(b.days)]
        return { key: b.date, cells: hasSources ? [...cells, sourcesText(b.sources)] : cells }
      }),
    },
  }
}

// ---- %TWL and %EWL ----------------------------------------------------------------------------

/** Follow-up milestones (and the surgery itself) that fall in [from, to]. */
export function milestonesIn(
  surgeryDate: string | null,
  from: string,
  to: string,
): { date: string; label: string }[] {
  if (!surgeryDate) return []
  const found: { date: string; label: string }[] = []
  if (surgeryDate >= from && surgeryDate <= to) found.push({ date: surgeryDate, label: 'Surgery' })
  let day = surgeryDate > from ? addDaysIso(surgeryDate, 1) : from
  for (let guard = 0; guard < 60; guard++) {
    const next = nextFollowUp(surgeryDate, day)
    if (!next || next.date > to) break
    found.push({ date: next.date, label: next.label })
    day = addDaysIso(next.date, 1)
  }
  return found
}

/** 'Surgery', '2-week follow-up' → '2 wk', '3-month follow-up' → '3 mo', '2-year follow-up' → '2 yr'. */
export function shortMilestone(label: string): string {
  const match = /^(\d+)-(week|month|year) follow-up$/.exec(label)
  if (!match) return label
  return `${match[1]} ${{ week: 'wk', month: 'mo', year: 'yr' }[match[2] as 'week' | 'month' | 'year']}`
}

/** Markers inside the frame, each with the row its short label takes above the plot. */
function chartMarkers(found: { i: number; label: string; short: string }[], buckets: number): ChartMarker[] {
  const inside = found.filter((m) => m.i >= 0)
  const lanes = markerLanes(inside, buckets, FULL_PLOT_PX)
  const lanesWide = markerLanes(inside, buckets, WIDE_PLOT_PX)
  return inside.map((m, k) => ({
    ...m,
    lane: lanes[k],
    anchor: anchorFor(bucketCentre(m.i, buckets), labelWidth(m.short, MARKER_PAD_PX, FULL_PLOT_PX)),
    laneWide: lanesWide[k],
    anchorWide: anchorFor(bucketCentre(m.i, buckets), labelWidth(m.short, MARKER_PAD_PX, WIDE_PLOT_PX)),
  }))
}

function lossChart(
  weights: DailyValue[],
  facts: TrendsFacts,
  frame: Frame,
  labels: string[],
  phrase: string,
): TrendChart {
  const baseline = facts.baselineKg
  const twlDays: DailyValue[] = []
  const ewlDays: DailyValue[] = []
  for (const day of weights) {
    const twl = percentTotalWeightLoss(baseline, day.value)
    const ewl = percentExcessWeightLoss(baseline, day.value, facts.heightCm)
    if (twl !== null) twlDays.push({ date: day.date, value: twl, sources: [] })
    if (ewl !== null) ewlDays.push({ date: day.date, value: ewl, sources: [] })
  }
  const twl = toPoints(twlDays, frame, percentText)
  const ewl = toPoints(ewlDays, frame, percentText)
  const maxGap = frame.bucket === 'day' ? WEIGHT_MAX_GAP_DAYS : 2
  const markers = chartMarkers(
    milestonesIn(facts.surgeryDate, frame.from, frame.to).map((m) => ({
      i: frame.index.get(bucketStart(m.date, frame.bucket)) ?? -1,
      label: `${m.label} (${shortDate(m.date)})`,
      short: shortMilestone(m.label),
    })),
    frame.starts.length,
  )
  let summary: string
  if (baseline === null)
    summary =
      facts.reader === 'clinician'
        ? "No starting weight in the patient's profile, so weight loss in percent cannot be shown."
        : 'Add your starting weight to your profile to see your weight loss in percent.'
  else if (twl.points.length === 0) summary = `No weight logged in ${phrase}.`
  else {
    const lastTwl = twlDays[twlDays.length - 1]
    const lastEwl = ewlDays[ewlDays.length - 1]
    const lost = lastTwl.value >= 0
    summary =
      `${percentText(Math.abs(lastTwl.value))} total weight ${lost ? 'lost' : 'gained'}` +
      (lastEwl ? ` and ${percentText(lastEwl.value)} excess weight loss` : '') +
      ` on ${shortDate(lastTwl.date)}, from ${whose(facts)} ${facts.baselineLabel}.`
  }
  const ewlAt = new Map(ewl.points.map((p) => [p.i, p.text]))
  const markerAt = new Map<number, string[]>()
  for (const marker of markers) markerAt.set(marker.i, [...(markerAt.get(marker.i) ?? []), marker.label])
  const columns = [
    frame.bucket === 'day' ? 'Date' : frame.bucket === 'week' ? 'Week' : 'Month',
    '%TWL',
    '%EWL',
  ]
  return {
    id: 'loss',
    title: 'Total and excess weight loss',
    summary,
    empty: twl.points.length === 0,
    series: [
      {
        key: 'twl',
        name: '%TWL (total weight loss)',
        shape: 'line',
        emphasis: 'secondary',
        maxGap,
        points: twl.points,
      },
      {
        key: 'ewl',
        name: '%EWL (excess weight loss)',
        shape: 'line',
        emphasis: 'primary',
        maxGap,
        points: ewl.points,
      },
    ],
    references: [],
    markers,
    y: fitAxis([...twl.points, ...ewl.points].map((p) => p.value).concat(0), {
      text: (value) => `${grouped.format(value)}%`,
    }),
    table: {
      caption: `Weight loss in ${phrase}, in percent of ${whose(facts)} ${facts.baselineLabel ?? 'starting weight'}${markers.length ? ', with follow-ups' : ''}`,
      columns: markers.length ? [...columns, 'Follow-up'] : columns,
      rows: twl.points.map((p) => {
        const cells = [labels[p.i], p.text, ewlAt.get(p.i) ?? '—']
        return {
          key: String(p.i),
          cells: markers.length ? [...cells, (markerAt.get(p.i) ?? []).join(', ')] : cells,
        }
      }),
    },
  }
}

// ---- Sleep, protein, water --------------------------------------------------------------------

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
    const i = daily
      ? daysBetween(frame.from, day.date)
      : (frame.index.get(bucketStart(day.date, frame.bucket)) ?? -1)
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

function sleepChart(
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

function proteinChart(
  meals: EntriesByKind['meal'],
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

function waterChart(
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
