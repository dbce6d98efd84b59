// "Where you stand" on the dashboard: weight progress (%TWL, %EWL, BMI, goal), today against the
// daily targets, the next follow-up after surgery, and a gentle nudge when nothing was logged lately.
// Each fact once: the days since (or until) surgery live on the Surgery card below, the pre-surgery
// weight in the weight card's list.
// Every number comes from app/features/health-log/health-metrics.ts, rounded here for display only.
// Its cards are modules of their own beside this one (overview-card, weight-progress-card, today-card,
// follow-up-card).
import { Link } from '@remix-run/react'
import { BellRing, CircleAlert, Info } from 'lucide-react'
import { isNotOfferedSentence } from '~/platform/extensions'
import { buttonVariants } from '~/components/ui/button'
import type { DashboardSummary } from './dashboard'
import type { HealthMetrics } from '~/features/health-log/health-metrics'
import { LOG_DATA_PATH } from '~/features/health-log/log-entries'
import type { WeightUnit } from '~/platform/units'
import { FollowUpCard } from './follow-up-card'
import { pluralDays } from './overview-card'
import { TodayCard } from './today-card'
import { WeightProgressCard } from './weight-progress-card'

export function HealthOverview({
  metrics,
  unit,
  loadError,
  tourTarget,
  summary,
}: {
  metrics: HealthMetrics | null
  unit: WeightUnit
  /** The profile's side of the weight card: pre-surgery and goal weights, BMI category, height. */
  summary: Pick<DashboardSummary, 'weights' | 'bmi' | 'height'>
  /** The health log could not be read (the profile could). */
  loadError: string | null
  tourTarget?: string
}) {
  return (
    <section aria-labelledby="where-you-stand" className="grid gap-3" data-tour={tourTarget}>
      <h2 id="where-you-stand" className="text-lg font-semibold">
        Where you stand
      </h2>
      {metrics?.nudge.show ? <LoggingNudge daysSince={metrics.nudge.daysSince} /> : null}
      {loadError && isNotOfferedSentence(loadError) ? (
        <p role="status" className="flex items-start gap-2 rounded-lg border p-3 text-sm text-muted-foreground">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{loadError}</span>
        </p>
      ) : loadError ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/60 bg-destructive/10 p-3 text-sm"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-destructive" aria-hidden />
          <span>Your health log could not be loaded, so the figures below leave it out. {loadError}</span>
        </p>
      ) : null}
      {metrics ? (
        // One weight card (weight, BMI, loss, goal: each figure once) beside today's targets and the
        // follow-ups; cards keep their own height rather than stretch into empty space.
        <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
          <WeightProgressCard metrics={metrics} unit={unit} summary={summary} />
          <div className="grid gap-4">
            <TodayCard today={metrics.today} unit={unit} />
            <FollowUpCard surgery={metrics.surgery} />
          </div>
        </div>
      ) : null}
    </section>
  )
}

function LoggingNudge({ daysSince }: { daysSince: number | null }) {
  return (
    <div
      role="status"
      data-testid="logging-nudge"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/40 bg-accent/50 p-4 text-sm"
    >
      <BellRing className="h-5 w-5 shrink-0 text-primary" aria-hidden />
      <p className="min-w-0 flex-1">
        {daysSince === null ? (
          <>
            <span className="font-medium">Nothing logged yet.</span> A first weight or meal is all it takes to
            start seeing your progress here.
          </>
        ) : (
          <>
            <span className="font-medium">Nothing logged for {pluralDays(daysSince)}.</span> A quick entry
            keeps your progress and your care team up to date.
          </>
        )}
      </p>
      <Link to={LOG_DATA_PATH} className={buttonVariants({ size: 'sm' })}>
        Log now
      </Link>
    </div>
  )
}
