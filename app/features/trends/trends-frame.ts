// The days a trends model covers: the range's window (for "All", from the first entry), its bucket
// size and bucket starts, and daily values turned into chart points. Shared by the chart builders.
import { addDaysIso, daysBetween, isIsoDate } from '~/features/health-log/log-entries'
import {
  bucketFor,
  bucketIndexer,
  bucketStarts,
  bucketValues,
  dayNumber,
  type BucketValue,
  type DailyValue,
} from './trends-days'
import type { TrendBucket, TrendPoint, TrendsInput } from './trends-model'
import { trendWindow } from './trends-range'
import { TRENDS_RANGE_MAX_DAYS } from '~/../common/contract/entries-values'

export type Frame = {
  from: string
  to: string
  bucket: TrendBucket
  starts: string[]
  /** The index in `starts` of the bucket holding a date; -1 outside the frame. */
  bucketOf: (iso: string) => number
  /** Days from `from` to a date (negative before it), as daysBetween counts them. */
  dayOf: (iso: string) => number
  days: number
}

/** `loggedDates` lists every logged date; it is asked only for "All", whose start they set. */
export function frameFor(input: TrendsInput, loggedDates: () => string[]): Frame {
  const { from: windowFrom, to } = trendWindow(input.range, input.today)
  let from = windowFrom
  if (from === null) {
    // The earliest date by plain comparison (ISO dates sort as text); only that one is checked.
    let first = isIsoDate(input.firstEntryDate) ? input.firstEntryDate : undefined
    for (const date of loggedDates()) if (first === undefined || date < first) first = date
    if (!isIsoDate(first)) first = undefined
    // "All" reaches back at most as far as the provider answers in one call.
    const earliest = addDaysIso(to, -(TRENDS_RANGE_MAX_DAYS - 1))
    // "All" with a single day (or nothing) still shows a week, so the chart has width.
    from = first && first < to ? (first < earliest ? earliest : first) : addDaysIso(to, -6)
  }
  const days = daysBetween(from, to) + 1
  const bucket = bucketFor(days)
  const starts = bucketStarts(from, to, bucket)
  const fromDay = dayNumber(from)
  return {
    from,
    to,
    bucket,
    starts,
    bucketOf: bucketIndexer(starts, bucket),
    dayOf: (iso) => dayNumber(iso) - fromDay,
    days,
  }
}

export function inFrame<T extends { date: string }>(list: T[], frame: Frame): T[] {
  return list.filter((entry) => entry.date >= frame.from && entry.date <= frame.to)
}

/** Daily values into chart points: per day as they are, per week or month as bucket means. */
export function toPoints(
  days: DailyValue[],
  frame: Frame,
  text: (value: number) => string,
): { points: TrendPoint[]; buckets: BucketValue[] } {
  const buckets =
    frame.bucket === 'day'
      ? days.map((day) => ({ ...day, i: frame.dayOf(day.date), days: 1 }))
      : bucketValues(days, frame.starts, frame.bucketOf)
  return { points: buckets.map((b) => ({ i: b.i, value: b.value, text: text(b.value) })), buckets }
}
