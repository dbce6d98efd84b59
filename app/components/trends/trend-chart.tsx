import { lineSegments, type TrendChart, type TrendsModel } from '~/lib/trends'
import { cn } from '~/lib/cn'
import { chartScale, dotsPath, linePath, VIEW_H, VIEW_W } from './chart-geometry'
import { ChartTooltip } from './chart-tooltip'
import { TrendDataTable } from './trend-data-table'

type Frame = Pick<TrendsModel, 'labels' | 'xTicks'>

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
        <li key={series.key} className="flex items-center gap-1.5">
          <svg aria-hidden width="24" height="10" viewBox="0 0 24 10" className="shrink-0">
            {series.shape === 'bars' ? (
              <rect x="4" y="0" width="16" height="10" rx="1" className="fill-primary" />
            ) : series.emphasis === 'primary' ? (
              <path d="M0 5H24" className="stroke-primary" strokeWidth="3" strokeLinecap="round" />
            ) : (
              <path d="M0 5H24M12 5h0" className="stroke-muted-foreground" strokeWidth="1.5" />
            )}
            {series.shape === 'line' && series.emphasis === 'secondary' ? (
              <circle cx="12" cy="5" r="3" className="fill-muted-foreground" />
            ) : null}
          </svg>
          {series.name}
        </li>
      ))}
      {chart.references.map((line) => (
        <li key={line.name} className="flex items-center gap-1.5">
          <svg aria-hidden width="24" height="10" viewBox="0 0 24 10" className="shrink-0">
            <path d="M0 5H24" className="stroke-foreground" strokeWidth="1.5" strokeDasharray="5 3" />
          </svg>
          {line.name} ({line.text})
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

function ChartPlot({ chart, frame, summaryId }: { chart: TrendChart; frame: Frame; summaryId: string }) {
  const buckets = frame.labels.length
  const scale = chartScale(chart, buckets)
  const barWidth = (VIEW_W / Math.max(1, buckets)) * 0.7
  const zero = scale.y(Math.max(chart.y.min, 0))
  return (
    <div className="grid gap-1">
      {/* Room above for the top tick's label; the plot itself is a fixed height that suits phones. */}
      <div className="relative ml-0 mt-5 h-44 sm:h-56">
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
              {chart.series.map((series) =>
                series.shape === 'bars' ? (
                  <g key={series.key} data-series={series.key} className="fill-primary">
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
                ) : (
                  <g key={series.key} data-series={series.key}>
                    {lineSegments(series.points, series.maxGap).map((segment) => (
                      <path
                        key={segment[0].i}
                        d={segment.length > 1 ? linePath(segment, scale) : dotsPath(segment, scale)}
                        fill="none"
                        className={
                          series.emphasis === 'primary' ? 'stroke-primary' : 'stroke-muted-foreground'
                        }
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
                ),
              )}
              {chart.references.map((line) => (
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
              ))}
            </g>
          </svg>
          {/* Axis labels inside the plot, above their gridlines. */}
          {chart.y.ticks.map((tick) => (
            <span
              key={tick.value}
              aria-hidden
              className="pointer-events-none absolute left-1 -translate-y-full rounded-sm bg-card/80 px-1 text-xs tabular-nums text-muted-foreground"
              style={{ top: `${scale.yPct(tick.value)}%` }}
            >
              {tick.text}
            </span>
          ))}
          {chart.references.map((line) => (
            <span
              key={line.name}
              aria-hidden
              className="pointer-events-none absolute right-1 -translate-y-full rounded-sm bg-card/80 px-1 text-xs font-medium text-foreground"
              style={{ top: `${scale.yPct(line.value)}%` }}
            >
              {line.name} {line.text}
            </span>
          ))}
        </ChartTooltip>
      </div>
      <div aria-hidden className="relative h-5 text-xs text-muted-foreground">
        {frame.xTicks.map((tick, k) => (
          <span
            key={tick.i}
            className={cn(
              'absolute top-0 whitespace-nowrap',
              k === 0
                ? 'translate-x-0'
                : k === frame.xTicks.length - 1
                  ? '-translate-x-full'
                  : '-translate-x-1/2',
            )}
            style={{
              left: k === 0 ? '0%' : k === frame.xTicks.length - 1 ? '100%' : `${scale.xPct(tick.i)}%`,
            }}
          >
            {tick.text}
          </span>
        ))}
      </div>
    </div>
  )
}
