// One series of a trend chart drawn in the SVG: bars, a line with dots, or a band.
import type { TrendSeries } from './trends-model'
import { lineSegments } from './trends-axis'
import { bandPath, dotsPath, linePath, type chartScale } from './chart-geometry'

export function Series({
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
