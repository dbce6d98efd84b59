// A trend chart's legend: each series named with a swatch that tells it apart without colour.
import type { TrendChart, TrendSeries } from './trends-model'

export function Legend({ chart }: { chart: TrendChart }) {
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
