// The trends page's ranges and links: what the range tabs (a client component) need, kept apart
// from the chart model (trends.ts) so the browser bundle carries only this.

export const TRENDS_PATH = '/customer/health-trends'
export const TRENDS_CSV_PATH = '/customer/health-trends.csv'

export const TREND_RANGES = ['7d', '30d', '90d', '1y', 'all'] as const
export type TrendRange = (typeof TREND_RANGES)[number]
export const DEFAULT_TREND_RANGE: TrendRange = '30d'

export const TREND_RANGE_LABELS: Record<TrendRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '1y': '1 year',
  all: 'All',
}

export const RANGE_DAYS: Record<Exclude<TrendRange, 'all'>, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '1y': 365,
}

/** Longer ranges are drawn per week, so a chart never holds more than ~130 points. */
export const DAILY_UP_TO_DAYS = 120
/** …and per month beyond three years. */
export const WEEKLY_UP_TO_DAYS = 3 * 366

/** `?range=` as given; anything unknown is the default, without an error. */
export function parseTrendRange(value: string | null | undefined): TrendRange {
  return (TREND_RANGES as readonly string[]).includes(value ?? '')
    ? (value as TrendRange)
    : DEFAULT_TREND_RANGE
}

// Plain UTC day arithmetic on 'YYYY-MM-DD' (no date-fns here: this module reaches the browser).
function shiftIso(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/**
 * The dates to ask the provider for: the range's days ending today (both ends included). "All"
 * has no `from`: the provider starts at the patient's first entry.
 */
export function trendWindow(range: TrendRange, today: string): { from: string | null; to: string } {
  if (range === 'all') return { from: null, to: today }
  return { from: shiftIso(today, -(RANGE_DAYS[range] - 1)), to: today }
}

/** The page's URL for a range (the default range keeps the bare URL). */
export function trendsHref(baseHref: string, range: TrendRange): string {
  if (range === DEFAULT_TREND_RANGE) return baseHref
  return `${baseHref}${baseHref.includes('?') ? '&' : '?'}range=${range}`
}

/** 'the last 30 days' / 'the last year' / 'all your entries'. */
export function rangePhrase(range: TrendRange): string {
  if (range === 'all') return 'all entries'
  if (range === '1y') return 'the last year'
  return `the last ${TREND_RANGE_LABELS[range]}`
}
