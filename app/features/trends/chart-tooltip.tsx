import { useCallback, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { TrendChart } from './trends-model'

export type TooltipStop = { i: number; title: string; lines: string[] }

/** The buckets that hold something, each with what its tooltip says. */
export function tooltipStops(chart: TrendChart, labels: string[]): TooltipStop[] {
  const byBucket = new Map<number, TooltipStop>()
  const stop = (i: number) => {
    const found = byBucket.get(i) ?? { i, title: labels[i] ?? '', lines: [] }
    byBucket.set(i, found)
    return found
  }
  for (const series of chart.series)
    for (const point of series.points) {
      const found = stop(point.i)
      // A week drawn on a daily axis (90 days) is titled by its week, not by the day it sits on.
      if (point.title) found.title = point.title
      found.lines.push(`${series.name}: ${point.text}`)
    }
  for (const marker of chart.markers) if (byBucket.has(marker.i)) stop(marker.i).lines.push(marker.label)
  return [...byBucket.values()].sort((a, b) => a.i - b.i)
}

/**
 * With JavaScript: the value and date under the pointer, and one tab stop per chart whose arrow
 * keys (Home, End) step through its points, so 365 points never mean 365 tab stops. Without
 * JavaScript nothing here is interactive; the data table below the chart has the same facts.
 */
export function ChartTooltip({
  chart,
  labels,
  buckets,
  xPct,
  children,
}: {
  chart: TrendChart
  labels: string[]
  buckets: number
  xPct: (i: number) => number
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const [active, setActive] = useState<number | null>(null)
  const stops = tooltipStops(chart, labels)
  const current = active === null ? null : (stops[active] ?? null)

  const nearest = useCallback(
    (bucket: number) => {
      let best = 0
      for (let k = 1; k < stops.length; k++)
        if (Math.abs(stops[k].i - bucket) < Math.abs(stops[best].i - bucket)) best = k
      return best
    },
    [stops],
  )

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (stops.length === 0) return
    const box = event.currentTarget.getBoundingClientRect()
    const bucket = Math.floor(((event.clientX - box.left) / box.width) * buckets)
    setActive(nearest(bucket))
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (stops.length === 0) return
    const last = stops.length - 1
    const moves: Record<string, (k: number) => number> = {
      ArrowRight: (k) => Math.min(last, k + 1),
      ArrowDown: (k) => Math.min(last, k + 1),
      ArrowLeft: (k) => Math.max(0, k - 1),
      ArrowUp: (k) => Math.max(0, k - 1),
      Home: () => 0,
      End: () => last,
    }
    const move = moves[event.key]
    if (event.key === 'Escape') setActive(null)
    if (!move) return
    event.preventDefault()
    setActive((k) => move(k ?? last))
  }

  const helpId = `${chart.id}-chart-help`
  return (
    <div
      className="relative h-full w-full rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card"
      data-testid={`${chart.id}-plot`}
      tabIndex={hydrated && stops.length > 0 ? 0 : undefined}
      role={hydrated && stops.length > 0 ? 'group' : undefined}
      aria-label={hydrated && stops.length > 0 ? `${chart.title} chart` : undefined}
      aria-describedby={hydrated && stops.length > 0 ? helpId : undefined}
      onPointerMove={hydrated ? onPointerMove : undefined}
      onPointerLeave={hydrated ? () => setActive(null) : undefined}
      onBlur={hydrated ? () => setActive(null) : undefined}
      onKeyDown={hydrated ? onKeyDown : undefined}
    >
      {children}
      {hydrated && stops.length > 0 ? (
        <span id={helpId} className="sr-only">
          Use the left and right arrow keys to read each value.
        </span>
      ) : null}
      {current ? (
        <>
          <div
            aria-hidden
            className="pointer-events-none absolute inset-y-0 w-px bg-foreground/50"
            style={{ left: `${xPct(current.i)}%` }}
          />
          <div
            role="status"
            data-testid={`${chart.id}-tooltip`}
            className="pointer-events-none absolute top-1 z-10 w-48 rounded-md border border-border bg-card px-3 py-2 text-xs text-card-foreground shadow-md"
            style={{ left: `clamp(0px, calc(${xPct(current.i)}% - 6rem), calc(100% - 12rem))` }}
          >
            <p className="font-semibold">{current.title}</p>
            {current.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </>
      ) : null}
    </div>
  )
}
