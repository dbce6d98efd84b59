// Which dates label the trend charts' x axis, for a phone-wide plot and from the `sm` breakpoint up;
// trends-axis.ts estimates the widths and keeps the labels apart. Pure; runs on the server.
import { NARROWEST_PLOT_PX, spacedTicks, WIDE_PLOT_PX, type XTick } from './trends-axis'
import { dayNumber } from './trends-days'
import { isoText, shortDate } from './trends-format'
import type { TrendBucket } from './trends-model'

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
      return {
        i,
        text: isoText(start, 'EEE'),
        sub: isoText(start, wide ? 'M/d' : 'd'),
        anchor: 'middle' as const,
      }
    })
  // Candidates as (bucket, ordinal): the ordinal picks every k-th one, aligned to the calendar.
  const candidates: { i: number; ordinal: number; start: string }[] = []
  starts.forEach((start, i) => {
    const previous = starts[i - 1]
    if (bucket === 'day' && n <= 45) {
      // A Monday: day 0 (1970-01-01) was a Thursday.
      if ((((dayNumber(start) + 3) % 7) + 7) % 7 === 0)
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
      return { i: c.i, text: isoText(c.start, withYear ? 'MMM yyyy' : 'MMM') }
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
