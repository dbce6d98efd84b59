// From log entries to one value a day (a day's last weight, the sum of its sleep, protein or water),
// the 7-day moving average, and days into week or month buckets. Pure.
import { addMonths, format, parseISO } from 'date-fns'
import { daysBetween, isManualEntry } from '~/features/health-log/log-entries'
import type { TrendBucket } from './trends-model'
import { DAILY_UP_TO_DAYS, WEEKLY_UP_TO_DAYS } from './trends-range'

export type DailyValue = { date: string; value: number; sources: string[] }

/** An entry's device, when it came from one (an older provider may send no `source`; read it defensively). */
export function entrySource(entry: object): string | null {
  const source = 'source' in entry ? entry.source : undefined
  return typeof source === 'string' && source.trim() !== '' && source !== 'manual' ? source : null
}

/** What a day's value is read from: a reading of the trends call, or a full entry. */
type Reading = { date: string; source?: string }

function addSource(sources: string[], entry: Reading): void {
  const source = entrySource(entry)
  if (source && !sources.includes(source)) sources.push(source)
}

/** One day's value from the patient's own entries and from devices', kept apart until the end. */
type DayParts = { manual: boolean; typed: DailyValue | null; device: DailyValue | null }

/**
 * One value per day with entries, oldest first: `combine` 'last' keeps the day's last entry (the
 * list is oldest first), 'sum' adds them up. A device reading never outweighs the patient's own
 * entry for that day (docs/decisions/055-imported-readings-never-override.md): a day with an entry
 * the patient typed takes its value from those entries only (the rule of preferManual). One pass
 * with no list per day: a year is a few thousand readings, on every trends page.
 */
export function dailyValues<E extends Reading>(
  entries: E[],
  read: (entry: E) => number,
  combine: 'last' | 'sum',
): DailyValue[] {
  const byDay = new Map<string, DayParts>()
  for (const entry of entries) {
    let parts = byDay.get(entry.date)
    if (!parts) {
      parts = { manual: false, typed: null, device: null }
      byDay.set(entry.date, parts)
    }
    const manual = isManualEntry(entry)
    if (manual) parts.manual = true
    const value = read(entry)
    if (!Number.isFinite(value)) continue
    let day = manual ? parts.typed : parts.device
    if (!day) {
      day = { date: entry.date, value, sources: [] }
      if (manual) parts.typed = day
      else parts.device = day
    } else day.value = combine === 'sum' ? day.value + value : value
    addSource(day.sources, entry)
  }
  const days: DailyValue[] = []
  for (const parts of byDay.values()) {
    const day = parts.manual ? parts.typed : parts.device
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

export function bucketFor(days: number): TrendBucket {
  if (days <= DAILY_UP_TO_DAYS) return 'day'
  if (days <= WEEKLY_UP_TO_DAYS) return 'week'
  return 'month'
}

// Plain day arithmetic on 'YYYY-MM-DD' (UTC day numbers): a year of entries passes through here
// thousands of times, and date-fns' parse/format would cost most of the page's time.

/** The digits of `iso` from `start` to `end` as a number; NaN if any is not a digit. */
function digitsAt(iso: string, start: number, end: number): number {
  let n = 0
  for (let k = start; k < end; k++) {
    const digit = iso.charCodeAt(k) - 48
    if (!(digit >= 0 && digit <= 9)) return NaN
    n = n * 10 + digit
  }
  return n
}

/**
 * The UTC day number (days since 1970-01-01) of a 'YYYY-MM-DD', NaN for anything else: integer
 * arithmetic, the inverse of isoOfDay, as the charts ask it for every logged day several times.
 */
export function dayNumber(iso: string): number {
  if (iso.length !== 10 || iso.charCodeAt(4) !== 45 || iso.charCodeAt(7) !== 45) return NaN
  const month = digitsAt(iso, 5, 7)
  const year = digitsAt(iso, 0, 4) - (month <= 2 ? 1 : 0)
  const era = Math.floor(year / 400)
  const yearOfEra = year - era * 400
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + digitsAt(iso, 8, 10) - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/** Months since year 0 of a 'YYYY-MM-DD' (NaN for anything else): month buckets by subtraction. */
export function monthNumber(iso: string): number {
  return digitsAt(iso, 0, 4) * 12 + digitsAt(iso, 5, 7) - 1
}

/**
 * The 'YYYY-MM-DD' of a UTC day number, by integer arithmetic (the proleptic Gregorian calendar in
 * 400-year eras): called for every logged day of every chart, where a Date and its ISO text per call
 * cost a measurable share of a year's page.
 */
export function isoOfDay(day: number): string {
  const shifted = Math.floor(day) + 719_468 // days since 0000-03-01
  const era = Math.floor(shifted / 146_097)
  const dayOfEra = shifted - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153)
  const date = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  return `${year}-${month < 10 ? '0' : ''}${month}-${date < 10 ? '0' : ''}${date}`
}

export function bucketStart(iso: string, bucket: TrendBucket): string {
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

/**
 * The index in `starts` of the bucket holding a date, -1 outside them: by subtracting day (or
 * month) numbers rather than naming each date's bucket and looking the name up, since every chart
 * asks it for every logged day.
 */
export function bucketIndexer(starts: string[], bucket: TrendBucket): (iso: string) => number {
  const count = starts.length
  const within = (i: number) => (i >= 0 && i < count ? i : -1)
  if (count === 0) return () => -1
  if (bucket === 'month') {
    const first = monthNumber(starts[0])
    return (iso) => within(monthNumber(iso) - first)
  }
  const first = dayNumber(starts[0])
  const size = bucket === 'week' ? 7 : 1
  return (iso) => within(Math.floor((dayNumber(iso) - first) / size))
}

/** Daily values grouped into buckets (`bucketOf`: bucketIndexer's): each bucket's mean over its logged days. */
export function bucketValues(
  days: DailyValue[],
  starts: string[],
  bucketOf: (iso: string) => number,
): BucketValue[] {
  const groups = new Map<number, { total: number; days: number; sources: string[] }>()
  for (const day of days) {
    const i = bucketOf(day.date)
    if (i < 0) continue
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
