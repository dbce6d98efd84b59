import type { ChartMarker, ReferenceLine, TrendChart, TrendsModel, TrendSeries } from '~/lib/trends-model'
import { lineSegments, type XTick } from '~/lib/trends-axis'
import { cn } from '~/lib/cn'
import { bandPath, chartScale, dotsPath, linePath, VIEW_H, VIEW_W } from './chart-geometry'
import { ChartTooltip } from './chart-tooltip'
import { TrendDataTable } from './trend-data-table'

type Frame = Pick<TrendsModel, 'labels' | 'xTicks' | 'xTicksWide'>

/**
 * One chart: its heading, the one-line summary (which also names the SVG), a legend that tells the
 * lines apart without colour, the SVG drawn on the server, and its data table behind a disclosure.
 */
export function TrendChartCard({ chart, frame }: { chart: TrendChart; frame: Frame }) {
  const summaryId = `${chart.id}-summary`
  return (
    <section
      aria-labelledby={`${chart.id}-title`}
      data-testid={`trend-${chart.id}`}
      className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <div className="grid gap-1">
        <h2 id={`${chart.id}-title`} className="text-lg font-semibold">
          {chart.title}
        </h2>
        <p id={summaryId} data-testid={`${chart.id}-summary`} className="text-sm text-muted-foreground">
          {chart.summary}
        </p>
      </div>
      {chart.empty ? (
        <p className="rounded-md border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
          Nothing to draw for this range.
        </p>
      ) : (
        <>
          <Legend chart={chart} />
          <ChartPlot chart={chart} frame={frame} summaryId={summaryId} />
          <TrendDataTable chart={chart} />
        </>
      )}
    </section>
  )
}

function Legend({ chart }: { chart: TrendChart }) {
  return (
    <ul
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
      aria-label={`${chart.title} legend`}
    >
      {chart.series.map((series) => (
        <SeriesLegend key={series.key} series={series} />
      ))}
      {chart.references.map((line) => (
        <li key={line.name} className="flex items-center gap-1.5">
          <svg aria-hidden width="24" height="10" viewBox="0 0 24 10" className="shrink-0">
            <path d="M0 5H24" className="stroke-foreground" strokeWidth="1.5" strokeDasharray="5 3" />
          </svg>
          {line.name} ({line.text}){line.placement === 'in' ? '' : `, ${line.placement} the chart`}
        </li>
      ))}
      {chart.markers.length > 0 ? (
        <li className="flex items-center gap-1.5">
          <svg aria-hidden width="10" height="14" viewBox="0 0 10 14" className="shrink-0">
            <path d="M5 0V14" className="stroke-destructive" strokeWidth="1.5" strokeDasharray="2 2" />
          </svg>
          Surgery and follow-ups
        </li>
      ) : null}
    </ul>
  )
}

function SeriesLegend({ series }: { series: TrendSeries }) {
  const swatch = (children: React.ReactNode) => (
    <svg aria-hidden width="24" height="10" viewBox="0 0 24 10" className="shrink-0">
      {children}
    </svg>
  )
  if (series.shape === 'band')
    return (
      <>
        <li className="flex items-center gap-1.5">
          {swatch(
            <>
              <path d="M0 5H24" className="stroke-primary" strokeWidth="2.5" strokeLinecap="round" />
              <circle cx="12" cy="5" r="3" className="fill-primary" />
            </>,
          )}
          {series.name}
        </li>
        <li className="flex items-center gap-1.5">
          {swatch(<rect x="0" y="0" width="24" height="10" rx="2" className="fill-primary/25" />)}
          {series.bandName}
        </li>
      </>
    )
  return (
    <li className="flex items-center gap-1.5">
      {swatch(
        series.shape === 'bars' ? (
          <rect x="4" y="0" width="16" height="10" rx="1" className="fill-primary" />
        ) : series.emphasis === 'primary' ? (
          <path d="M0 5H24" className="stroke-primary" strokeWidth="3" strokeLinecap="round" />
        ) : (
          <>
            <path d="M0 5H24" className="stroke-muted-foreground" strokeWidth="1.5" />
            <circle cx="12" cy="5" r="3" className="fill-muted-foreground" />
          </>
        ),
      )}
      {series.name}
    </li>
  )
}

/** Where a label hangs from its bucket: centred, or inside the plot at either edge. */
function hang(anchor: XTick['anchor'], i: number, buckets: number, xPct: (i: number) => number) {
  if (anchor === 'start') return { left: `${(i / buckets) * 100}%` }
  if (anchor === 'end') return { left: `${((i + 1) / buckets) * 100}%`, transform: 'translateX(-100%)' }
  return { left: `${xPct(i)}%`, transform: 'translateX(-50%)' }
}

const LANE_REM = 1.25

/**
 * The surgery and follow-up labels in rows above the plot, each joined to its line: one set laid
 * out for a phone, one from the `sm` breakpoint up (trends.ts chartMarkers).
 */
function MarkerLabels({
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

/**
 * The plot in a 3 × 3 grid: follow-up labels above it, y-axis numbers in a gutter on its left,
 * target and goal labels in a gutter on its right, dates below. Nothing is printed over the data.
 * Each gutter holds an invisible copy of its longest label, so it is as wide as it needs to be.
 */
function ChartPlot({ chart, frame, summaryId }: { chart: TrendChart; frame: Frame; summaryId: string }) {
  const buckets = frame.labels.length
  const scale = chartScale(chart, buckets)
  const barWidth = (VIEW_W / Math.max(1, buckets)) * 0.7
  const zero = scale.y(Math.max(chart.y.min, 0))
  const longestTick = chart.y.ticks.reduce((a, t) => (t.text.length > a.length ? t.text : a), '')
  const twoLineDates = frame.xTicksWide.some((tick) => tick.sub)
  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-1.5" data-testid={`${chart.id}-frame`}>
      <MarkerLabels chart={chart} buckets={buckets} xPct={scale.xPct} />
      <div aria-hidden className="relative col-start-1 text-[11px] tabular-nums text-muted-foreground">
        <span className="invisible block h-0 overflow-hidden whitespace-nowrap">{longestTick}</span>
        {chart.y.ticks.map((tick) => (
          <span
            key={tick.value}
            data-axis-label="y"
            className="absolute right-0 -translate-y-1/2 whitespace-nowrap leading-none"
            style={{ top: `${scale.yPct(tick.value)}%` }}
          >
            {tick.text}
          </span>
        ))}
      </div>
      <div className="relative col-start-2 h-44 sm:h-56">
        <ChartTooltip chart={chart} labels={frame.labels} buckets={buckets} xPct={scale.xPct}>
          <svg
            role="img"
            aria-labelledby={summaryId}
            data-testid={`${chart.id}-svg`}
            viewBox={`0 0 ${VIEW_W} ${VIEW_H}`}
            preserveAspectRatio="none"
            width="100%"
            height="100%"
            className="block h-full w-full overflow-visible"
          >
            <g aria-hidden>
              {chart.y.ticks.map((tick) => (
                <line
                  key={tick.value}
                  x1="0"
                  x2={VIEW_W}
                  y1={scale.y(tick.value)}
                  y2={scale.y(tick.value)}
                  className="stroke-border"
                  strokeWidth="1"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {chart.markers.map((marker) => (
                <line
                  key={`${marker.i}-${marker.label}`}
                  data-marker={marker.label}
                  x1={scale.x(marker.i)}
                  x2={scale.x(marker.i)}
                  y1="0"
                  y2={VIEW_H}
                  className="stroke-destructive"
                  strokeWidth="1.5"
                  strokeDasharray="3 3"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {chart.series.map((series) => (
                <Series key={series.key} series={series} scale={scale} barWidth={barWidth} zero={zero} />
              ))}
              {chart.references.map((line) =>
                line.placement === 'in' ? (
                  <line
                    key={line.name}
                    data-reference={line.name}
                    x1="0"
                    x2={VIEW_W}
                    y1={scale.y(line.value)}
                    y2={scale.y(line.value)}
                    className="stroke-foreground"
                    strokeWidth="1.5"
                    strokeDasharray="6 4"
                    vectorEffect="non-scaling-stroke"
                  />
                ) : null,
              )}
            </g>
          </svg>
        </ChartTooltip>
      </div>
      <div aria-hidden className="relative col-start-3 text-[11px] font-medium leading-tight text-foreground">
        {chart.references.length > 0 ? (
          <span className="invisible block h-0 max-w-[4.5rem] overflow-hidden">
            {chart.references.reduce(
              (a, r) => (referenceText(r).length > a.length ? referenceText(r) : a),
              '',
            )}
          </span>
        ) : null}
        {chart.references.map((line) => (
          <span
            key={line.name}
            data-reference-label={line.name}
            className={cn(
              'absolute left-0 block w-max max-w-[4.5rem]',
              line.placement === 'in'
                ? '-translate-y-1/2'
                : line.placement === 'below'
                  ? 'bottom-0'
                  : 'top-0',
            )}
            style={line.placement === 'in' ? { top: `${scale.yPct(line.value)}%` } : undefined}
          >
            <ReferenceText line={line} />
          </span>
        ))}
      </div>
      <div
        aria-hidden
        className={cn(
          'relative col-start-2 mt-1 text-[11px] leading-4 text-muted-foreground',
          twoLineDates ? 'h-8' : 'h-4',
        )}
      >
        {/* Two sets of dates, spaced for a phone and for wider screens (the server cannot measure). */}
        {[
          { ticks: frame.xTicks, className: 'sm:hidden' },
          { ticks: frame.xTicksWide, className: 'hidden sm:block' },
        ].map(({ ticks, className }) =>
          ticks.map((tick) => (
            <span
              key={`${className}-${tick.i}`}
              data-axis-label="x"
              className={cn('absolute top-0 whitespace-nowrap text-center', className)}
              style={hang(tick.anchor, tick.i, buckets, scale.xPct)}
            >
              {tick.text}
              {tick.sub ? <span className="block">{tick.sub}</span> : null}
            </span>
          )),
        )}
      </div>
    </div>
  )
}

/** The name (if any) on one line, the value unbroken on the next: 'Goal' / '80.0 kg'. */
function ReferenceText({ line }: { line: ReferenceLine }) {
  const arrow = line.placement === 'below' ? '↓ ' : line.placement === 'above' ? '↑ ' : ''
  const name = line.label.endsWith(line.text) ? line.label.slice(0, -line.text.length).trim() : ''
  return (
    <>
      {name ? <span className="block">{`${arrow}${name}`}</span> : null}
      {/* Read as one phrase ('↓ Goal 80.0 kg') by anything that reads the text. */}
      {name ? ' ' : null}
      <span className="block whitespace-nowrap">{name ? line.text : `${arrow}${line.text}`}</span>
    </>
  )
}

/** Beside the plot: level with the line, or with an arrow at the edge when the line is off-scale. */
function referenceText(line: ReferenceLine): string {
  if (line.placement === 'below') return `↓ ${line.label}`
  if (line.placement === 'above') return `↑ ${line.label}`
  return line.label
}

function Series({
  series,
  scale,
  barWidth,
  zero,
}: {
  series: TrendSeries
  scale: ReturnType<typeof chartScale>
  barWidth: number
  zero: number
}) {
  if (series.shape === 'bars')
    return (
      <g data-series={series.key} className="fill-primary">
        {series.points.map((point) => {
          const top = scale.y(point.value)
          return (
            <rect
              key={point.i}
              x={scale.x(point.i) - barWidth / 2}
              y={Math.min(top, zero)}
              width={barWidth}
              height={Math.max(Math.abs(zero - top), point.value > 0 ? 1 : 0)}
            />
          )
        })}
      </g>
    )
  const segments = lineSegments(series.points, series.maxGap)
  if (series.shape === 'band')
    return (
      <g data-series={series.key}>
        {segments.map((segment) => (
          <path
            key={`band-${segment[0].i}`}
            data-band
            d={bandPath(segment, scale)}
            className={segment.length > 1 ? 'fill-primary/25' : 'fill-none stroke-primary/40'}
            strokeWidth={segment.length > 1 ? undefined : 6}
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {segments.map((segment) =>
          segment.length > 1 ? (
            <path
              key={segment[0].i}
              d={linePath(segment, scale)}
              fill="none"
              className="stroke-primary"
              strokeWidth="2.5"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          ) : null,
        )}
        <path
          d={dotsPath(series.points, scale)}
          fill="none"
          className="stroke-primary"
          strokeWidth="5"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      </g>
    )
  return (
    <g data-series={series.key}>
      {segments.map((segment) => (
        <path
          key={segment[0].i}
          d={segment.length > 1 ? linePath(segment, scale) : dotsPath(segment, scale)}
          fill="none"
          className={series.emphasis === 'primary' ? 'stroke-primary' : 'stroke-muted-foreground'}
          strokeWidth={segment.length > 1 ? (series.emphasis === 'primary' ? 3 : 1.5) : 6}
          strokeLinecap="round"
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {series.emphasis === 'secondary' ? (
        <path
          d={dotsPath(series.points, scale)}
          fill="none"
          className="stroke-muted-foreground"
          strokeWidth="5"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
    </g>
  )
}
