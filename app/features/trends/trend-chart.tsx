import type { ReferenceLine, TrendChart, TrendsModel } from './trends-model'
import { cn } from '~/platform/cn'
import { chartScale, VIEW_H, VIEW_W } from './chart-geometry'
import { Legend } from './chart-legend'
import { Series } from './chart-series'
import { ChartTooltip } from './chart-tooltip'
import { hang, MarkerLabels } from './marker-labels'
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
