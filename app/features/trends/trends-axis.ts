// Axis maths for the trend charts: round ticks that fit the data, where a reference line goes when
// it lies off the scale, which dates label the x axis and on which row a follow-up's label sits.
// Pure and small (the chart component imports lineSegments from here, so it reaches the browser).
//
// The charts are drawn in percentages of a box whose width the server does not know; labels are
// spaced for the narrowest plot we lay out (a 375 px phone), so they cannot collide on wider ones.

/** The plot's width on a 375 px phone, less the axis gutters (px). */
export const NARROWEST_PLOT_PX = 180
/** …and from the `sm` breakpoint (640 px) up, where the x axis gets a second, denser set of labels. */
export const WIDE_PLOT_PX = 380
/** An 11 px label's mean character width, and the room kept between two labels (px). */
const CHAR_PX = 6.4
const GAP_PX = 8

/** Round ticks covering [min, max]: about `count` of them, at 1, 2 or 5 × 10ⁿ. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1]
  if (max - min < 1e-9) {
    min -= 1
    max += 1
  }
  const step = niceStep((max - min) / count)
  const ticks: number[] = []
  for (let value = Math.floor(min / step) * step; ticks.length < 50; value += step) {
    ticks.push(Math.round(value * 1e6) / 1e6)
    if (value >= max - 1e-9) break
  }
  return ticks
}

function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough))
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough - 1e-12) ?? 10 * power
}

export type Axis = { min: number; max: number; ticks: { value: number; text: string }[] }

/**
 * A y axis for `values`.
 * - `zero` (bars): from 0 up to the round tick at or above the largest value.
 * - otherwise (lines): the data's own extent with a little room, so a 3 lb month fills the height;
 *   only the round ticks inside it are labelled (three or more: the step shrinks until they fit).
 */
export function fitAxis(
  values: number[],
  options: { zero?: boolean; text: (value: number) => string },
): Axis {
  const finite = values.filter(Number.isFinite)
  let min = finite.length ? Math.min(...finite) : 0
  let max = finite.length ? Math.max(...finite) : 1
  const label = (value: number) => ({ value, text: options.text(value) })
  if (options.zero) {
    min = Math.min(0, min)
    const ticks = niceTicks(min, max)
    return {
      min: Math.min(ticks[0], min),
      max: Math.max(ticks[ticks.length - 1], max),
      ticks: ticks.map(label),
    }
  }
  // Some room above and below, so a line never sits on the frame.
  const pad = Math.max((max - min) * 0.1, 0.5)
  min -= pad
  max += pad
  let inside: number[] = []
  for (let count = 4; count <= 12 && inside.length < 3; count += 2)
    inside = niceTicks(min, max, count).filter((tick) => tick >= min - 1e-9 && tick <= max + 1e-9)
  return { min, max, ticks: inside.map(label) }
}

/**
 * Whether a reference line (the goal weight) is worth stretching the axis for: when it lies within
 * half the data's padded span beyond it. Further away it is only named at the plot's edge.
 */
export function worthIncluding(value: number, values: number[]): boolean {
  const finite = values.filter(Number.isFinite)
  if (finite.length === 0) return true
  const min = Math.min(...finite)
  const max = Math.max(...finite)
  const reach = Math.max((max - min) * 1.2, 1) * 0.5
  return value >= min - reach && value <= max + reach
}

/** Where a value falls on an axis: on it, or off its top or bottom edge. */
export function placeOnAxis(value: number, axis: Pick<Axis, 'min' | 'max'>): 'in' | 'above' | 'below' {
  if (value > axis.max + 1e-9) return 'above'
  if (value < axis.min - 1e-9) return 'below'
  return 'in'
}

// ---- The x axis ------------------------------------------------------------------------------

export type XTick = {
  i: number
  text: string
  /** A second line (the 7-day view: the weekday above, the date below). */
  sub?: string
  /** How the label hangs from its bucket's centre: centred, or kept inside the plot at an edge. */
  anchor: 'start' | 'middle' | 'end'
}

/** A label's estimated width on a plot `plotPx` wide (the narrowest by default), as a fraction. */
export function labelWidth(text: string, padPx = 0, plotPx = NARROWEST_PLOT_PX): number {
  return (text.length * CHAR_PX + padPx) / plotPx
}

/** The centre of bucket i of n, as a fraction of the plot's width. */
export const bucketCentre = (i: number, n: number) => (i + 0.5) / Math.max(1, n)

function extent(x: number, width: number, anchor: XTick['anchor']): [number, number] {
  if (anchor === 'start') return [x, x + width]
  if (anchor === 'end') return [x - width, x]
  return [x - width / 2, x + width / 2]
}

/**
 * The candidates that fit side by side on a plot `plotPx` wide, in order: each label centred under
 * its bucket, or hung inward when centring would push it out of the plot. When two collide, a
 * centred label wins over one hung at the edge (it sits under its own bucket).
 */
export function spacedTicks(
  candidates: { i: number; text: string; sub?: string }[],
  buckets: number,
  plotPx = NARROWEST_PLOT_PX,
): XTick[] {
  const kept: (XTick & { left: number; right: number })[] = []
  const gap = GAP_PX / plotPx
  for (const candidate of candidates) {
    const longer = (candidate.sub?.length ?? 0) > candidate.text.length ? candidate.sub! : candidate.text
    const width = labelWidth(longer, 0, plotPx)
    const x = bucketCentre(candidate.i, buckets)
    const anchor = anchorFor(x, width)
    const [left, right] = extent(x, width, anchor)
    const previous = kept[kept.length - 1]
    if (previous && left < previous.right + gap) {
      if (
        previous.anchor === 'start' &&
        anchor === 'middle' &&
        (kept[kept.length - 2]?.right ?? -1) + gap <= left
      )
        kept[kept.length - 1] = { ...candidate, anchor, left, right }
      continue
    }
    kept.push({ ...candidate, anchor, left, right })
  }
  return kept.map(({ left: _left, right: _right, ...tick }) => tick)
}

// ---- Follow-up labels -----------------------------------------------------------------------

export const MARKER_LANES = 3
/** A marker label's padding and border (px). */
export const MARKER_PAD_PX = 10
/** The weight-loss chart has no right gutter: its plot is wider on a phone than NARROWEST_PLOT_PX. */
export const FULL_PLOT_PX = 260

/**
 * The row (0 = top) each marker's short label takes above the plot so that none overlaps another
 * on the narrowest plot; null when all rows are taken there (the label is left out, the line stays,
 * and the tooltip and table still name it).
 */
export function markerLanes(
  markers: { i: number; short: string }[],
  buckets: number,
  plotPx = NARROWEST_PLOT_PX,
): (number | null)[] {
  const ends: number[] = Array.from({ length: MARKER_LANES }, () => -Infinity)
  const gap = 4 / plotPx
  return markers.map((marker) => {
    const width = labelWidth(marker.short, MARKER_PAD_PX, plotPx)
    const x = bucketCentre(marker.i, buckets)
    const anchor = anchorFor(x, width)
    const [left, right] = extent(x, width, anchor)
    const lane = ends.findIndex((end) => left >= end + gap)
    if (lane === -1) return null
    ends[lane] = right
    return lane
  })
}

/** How a label hangs from x (a fraction of the plot) when centring would push it out. */
export function anchorFor(x: number, width: number): XTick['anchor'] {
  return x - width / 2 < 0 ? 'start' : x + width / 2 > 1 ? 'end' : 'middle'
}

// ---- Lines ------------------------------------------------------------------------------------

/**
 * Runs of points to join with a line: consecutive points at most `maxGap` buckets apart. A longer
 * gap breaks the line (nothing is drawn across it).
 */
export function lineSegments<P extends { i: number }>(points: P[], maxGap: number): P[][] {
  const segments: P[][] = []
  let current: P[] = []
  for (const point of points) {
    if (current.length > 0 && point.i - current[current.length - 1].i > maxGap) {
      segments.push(current)
      current = []
    }
    current.push(point)
  }
  if (current.length > 0) segments.push(current)
  return segments
}
