// The surgery and follow-up labels above a trend chart's plot, and where a label hangs from its bucket.
import type { ChartMarker, TrendChart } from './trends-model'
import type { XTick } from './trends-axis'
import { cn } from '~/platform/cn'

/** Where a label hangs from its bucket: centred, or inside the plot at either edge. */
export function hang(anchor: XTick['anchor'], i: number, buckets: number, xPct: (i: number) => number) {
  if (anchor === 'start') return { left: `${(i / buckets) * 100}%` }
  if (anchor === 'end') return { left: `${((i + 1) / buckets) * 100}%`, transform: 'translateX(-100%)' }
  return { left: `${xPct(i)}%`, transform: 'translateX(-50%)' }
}

const LANE_REM = 1.25

/**
 * The surgery and follow-up labels in rows above the plot, each joined to its line: one set laid
 * out for a phone, one from the `sm` breakpoint up (trends.ts chartMarkers).
 */
export function MarkerLabels({
  chart,
  buckets,
  xPct,
}: {
  chart: TrendChart
  buckets: number
  xPct: (i: number) => number
}) {
  if (chart.markers.length === 0) return null
  const layouts = [
    {
      key: 'phone',
      className: 'sm:hidden',
      lane: (m: ChartMarker) => m.lane,
      anchor: (m: ChartMarker) => m.anchor,
    },
    {
      key: 'wide',
      className: 'hidden sm:block',
      lane: (m: ChartMarker) => m.laneWide,
      anchor: (m: ChartMarker) => m.anchorWide,
    },
  ]
  return (
    <div className="col-start-2" data-testid={`${chart.id}-markers`}>
      {layouts.map((layout) => {
        const rows = chart.markers.reduce((n, m) => Math.max(n, (layout.lane(m) ?? -1) + 1), 0)
        return (
          <div
            key={layout.key}
            aria-hidden
            className={cn('relative', layout.className)}
            style={{ height: `${rows * LANE_REM + 0.25}rem` }}
          >
            {chart.markers.map((marker) => {
              const lane = layout.lane(marker)
              if (lane === null) return null
              return (
                <span key={`${marker.i}-${marker.label}`}>
                  <span
                    className="absolute w-px border-l border-dashed border-destructive"
                    style={{ left: `${xPct(marker.i)}%`, top: `${(lane + 1) * LANE_REM}rem`, bottom: 0 }}
                  />
                  <span
                    data-marker-label={marker.label}
                    className="absolute whitespace-nowrap rounded border border-destructive/60 bg-card px-1 text-[11px] font-medium leading-4 text-foreground"
                    style={{
                      top: `${lane * LANE_REM}rem`,
                      ...hang(layout.anchor(marker), marker.i, buckets, xPct),
                    }}
                  >
                    {marker.short}
                  </span>
                </span>
              )
            })}
          </div>
        )
      })}
    </div>
  )
}
