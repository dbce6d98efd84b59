// The trend charts' model: what buildTrends (trends.ts) takes and the plain data it returns, which
// a loader sends as JSON and the chart components (the trends feature's chart components) draw. Types only, so a
// client component importing from here adds nothing to the browser bundle.
import type { TrendReadings } from '~/../common/contract/entries'
import type { Axis, XTick } from './trends-axis'
import type { TrendsFacts } from './trends-facts'
import type { TrendRange } from './trends-range'

export type TrendBucket = 'day' | 'week' | 'month'

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

/**
 * The fields the charts read of each kind's entries (`source` may be absent from an older
 * provider's full entries on the kinds other than weight).
 */
export type ChartEntries = {
  [K in Exclude<keyof TrendReadings, 'from' | 'to' | 'first_date'>]: (Omit<
    TrendReadings[K][number],
    'source'
  > & {
    source?: string
  })[]
}

export type TrendsInput = {
  /**
   * The range's readings: the trends page's compact call (GET v1/auth/trends/readings/), or full
   * entries (GET v1/auth/entries/, a patient's record), which carry the same fields and more.
   */
  entries: ChartEntries
  facts: TrendsFacts
  range: TrendRange
  today: string
  /** The patient's first entry ever (the trends call's `first_date`); starts the "All" range. */
  firstEntryDate?: string | null
}
