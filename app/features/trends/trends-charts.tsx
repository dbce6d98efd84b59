import { Link } from '@remix-run/react'
import { LineChart } from 'lucide-react'
import { buttonVariants } from '~/components/ui/button'
import type { TrendsModel } from './trends-model'
import { rangePhrase, trendsHref } from './trends-range'
import { TrendChartCard } from './trend-chart'

/**
 * Every chart of a trends model (app/features/trends/trends.ts buildTrends), or an empty state. Portal-agnostic:
 * `logHref` (where a patient logs) and `baseHref` (this page, for "show all") are optional.
 */
export function TrendsCharts({
  model,
  logHref,
  baseHref,
}: {
  model: TrendsModel
  logHref?: string
  baseHref?: string
}) {
  if (model.neverLogged) {
    return (
      <EmptyState title="Nothing to chart yet" testId="trends-empty">
        <p>Your trends appear here once you log your weight, sleep, meals or water.</p>
        {logHref ? (
          <Link to={logHref} className={buttonVariants()}>
            Log your first entry
          </Link>
        ) : null}
      </EmptyState>
    )
  }
  if (model.empty) {
    return (
      <EmptyState title={`Nothing logged in ${rangePhrase(model.range)}`} testId="trends-empty-range">
        <div className="flex flex-wrap justify-center gap-2">
          {baseHref && model.range !== 'all' ? (
            <Link to={trendsHref(baseHref, 'all')} className={buttonVariants({ variant: 'outline' })}>
              Show all entries
            </Link>
          ) : null}
          {logHref ? (
            <Link to={logHref} className={buttonVariants()}>
              Log data
            </Link>
          ) : null}
        </div>
      </EmptyState>
    )
  }
  const frame = { labels: model.labels, xTicks: model.xTicks, xTicksWide: model.xTicksWide }
  const [weight, loss, ...daily] = model.charts
  return (
    <div
      className="grid gap-6"
      data-testid="trends-charts"
      data-range={model.range}
      data-bucket={model.bucket}
    >
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
        <TrendChartCard chart={weight} frame={frame} />
        <TrendChartCard chart={loss} frame={frame} />
      </div>
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-3">
        {daily.map((chart) => (
          <TrendChartCard key={chart.id} chart={chart} frame={frame} />
        ))}
      </div>
    </div>
  )
}

function EmptyState({
  title,
  testId,
  children,
}: {
  title: string
  testId: string
  children: React.ReactNode
}) {
  return (
    <section
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      className="grid justify-items-center gap-3 rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center text-sm text-muted-foreground"
    >
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <LineChart className="h-6 w-6" aria-hidden />
      </span>
      <h2 id={`${testId}-title`} className="text-lg font-semibold text-foreground">
        {title}
      </h2>
      {children}
    </section>
  )
}
