// Where things go in a chart's SVG: a fixed 1000 × 300 viewBox stretched to the box
// (preserveAspectRatio="none"), so lines keep their screen width with vector-effect and every label
// is HTML placed by percentages (legible text at 375 px and at 1280 px alike).
import type { TrendChart } from './trends-model'

export const VIEW_W = 1000
export const VIEW_H = 300

export type Scale = {
  x: (i: number) => number
  y: (value: number) => number
  xPct: (i: number) => number
  yPct: (value: number) => number
}

export function chartScale(chart: Pick<TrendChart, 'y'>, buckets: number): Scale {
  const { min, max } = chart.y
  const span = max - min || 1
  const xPct = (i: number) => ((i + 0.5) / Math.max(1, buckets)) * 100
  const yPct = (value: number) => 100 - ((value - min) / span) * 100
  return { x: (i) => (xPct(i) / 100) * VIEW_W, y: (value) => (yPct(value) / 100) * VIEW_H, xPct, yPct }
}

const r = (value: number) => Math.round(value * 10) / 10

/** 'M x y L x y …' through the points. */
export function linePath(points: { i: number; value: number }[], scale: Scale): string {
  return points.map((p, k) => `${k === 0 ? 'M' : 'L'}${r(scale.x(p.i))} ${r(scale.y(p.value))}`).join(' ')
}

/** Zero-length strokes with round caps: dots that stay round however the box stretches. */
export function dotsPath(points: { i: number; value: number }[], scale: Scale): string {
  return points.map((p) => `M${r(scale.x(p.i))} ${r(scale.y(p.value))}h0`).join(' ')
}

/**
 * A closed shape along the points' highs and back along their lows (a band from each period's
 * lowest to highest day); a single point is a vertical stroke from low to high.
 */
export function bandPath(
  points: { i: number; value: number; low?: number; high?: number }[],
  scale: Scale,
): string {
  const at = (p: (typeof points)[number], v: number | undefined) =>
    `${r(scale.x(p.i))} ${r(scale.y(v ?? p.value))}`
  if (points.length === 1) return `M${at(points[0], points[0].low)} L${at(points[0], points[0].high)}`
  const top = points.map((p, k) => `${k === 0 ? 'M' : 'L'}${at(p, p.high)}`).join(' ')
  const bottom = [...points]
    .reverse()
    .map((p) => `L${at(p, p.low)}`)
    .join(' ')
  return `${top} ${bottom} Z`
}
