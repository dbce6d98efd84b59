// "Where you stand" on the dashboard: weight progress (%TWL, %EWL, BMI, goal), today against the
// daily targets, the next follow-up after surgery, and a gentle nudge when nothing was logged lately.
// Each fact once: the days since (or until) surgery live on the Surgery card below, the pre-surgery
// weight in the weight card's list.
// Every number comes from app/lib/health-metrics.ts, rounded here for display only.
import { Link } from '@remix-run/react'
import {
  BellRing,
  CalendarClock,
  CircleAlert,
  CircleCheck,
  Droplet,
  Moon,
  Scale,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonVariants } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { formatWeight, type DashboardSummary } from '~/lib/dashboard'
import { isoToUsDate } from '~/lib/dates'
import { formatPercent, oneDecimal, type HealthMetrics, type TargetProgress } from '~/lib/health-metrics'
import { formatWeightIn, LOG_DATA_PATH } from '~/lib/log-entries'
import { waterFromMl, waterUnitFor, type WeightUnit } from '~/lib/units'
import { ProgressBar } from './progress-bar'

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

function pluralDays(days: number) {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

function Card({
  icon: Icon,
  title,
  testId,
  children,
  className,
}: {
  icon: LucideIcon
  title: string
  testId: string
  children: ReactNode
  className?: string
}) {
  return (
    <section
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      className={cn(
        'flex flex-col gap-4 rounded-lg border border-border bg-card p-5 text-card-foreground shadow-sm',
        className,
      )}
    >
      <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Icon className="h-4 w-4 text-primary" aria-hidden />
        <h3 id={`${testId}-title`}>{title}</h3>
      </div>
      {children}
    </section>
  )
}

/** `muted` when the value says why there is no number. */
function Row({
  label,
  value,
  testId,
  muted = false,
}: {
  label: ReactNode
  value: string
  testId: string
  muted?: boolean
}) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right">
        <span
          className={cn('tabular-nums', muted ? 'text-sm text-muted-foreground' : 'font-semibold')}
          data-testid={testId}
        >
          {value}
        </span>
      </dd>
    </div>
  )
}

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
      {loadError ? (
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

function WeightProgressCard({
  metrics,
  unit,
  summary,
}: {
  metrics: HealthMetrics
  unit: WeightUnit
  summary: Pick<DashboardSummary, 'weights' | 'bmi' | 'height'>
}) {
  const { current, baseline, changeKg, goal, goalKg } = metrics
  const { weights } = summary
  // The profile's weights come already in the patient's unit.
  const inUnit = (value: number) => formatWeight(value, weights.unit)
  const show = (kg: number) => formatWeightIn(kg, unit)
  const fromWhat = baseline?.source === 'pre-surgery' ? 'your pre-surgery weight' : 'your starting weight'
  return (
    <Card icon={Scale} title="Weight progress" testId="weight-progress">
      {current ? (
        <div>
          <p className="text-2xl font-semibold tabular-nums" data-testid="progress-current-weight">
            <span data-testid="weight-current">{show(current.kg)}</span>
          </p>
          <p className="text-sm text-muted-foreground">
            {current.source === 'logged' && current.date
              ? `Current weight, logged ${isoToUsDate(current.date)}`
              : 'Current weight: your starting weight (nothing logged yet)'}
          </p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          Add your weight in your profile or log one to see your progress.
        </p>
      )}
      {baseline && changeKg !== null ? (
        <p className="text-sm" data-testid="progress-change">
          <span className="font-semibold tabular-nums">
            {changeKg <= 0
              ? `${formatWeightIn(-changeKg, unit)} lost`
              : `${formatWeightIn(changeKg, unit)} gained`}
          </span>{' '}
          since {fromWhat}
          {/* The pre-surgery weight has its own row below; a starting weight is named only here. */}
          {baseline.source === 'pre-surgery' ? null : ` (${show(baseline.kg)})`}
        </p>
      ) : null}
      <dl className="grid gap-1.5 border-t border-border pt-3" data-testid="weight-summary">
        <Row
          label="Pre-surgery"
          testId="weight-pre-surgery"
          value={weights.preSurgery === null ? 'Not recorded' : inUnit(weights.preSurgery)}
          muted={weights.preSurgery === null}
        />
        <Row
          label="Goal"
          testId="weight-goal"
          value={weights.goal === null ? 'Not recorded' : inUnit(weights.goal)}
          muted={weights.goal === null}
        />
        {weights.toGoal !== null ? (
          <Row
            label={weights.toGoal > 0 ? 'To goal' : 'Below goal'}
            testId="weight-to-goal"
            value={inUnit(Math.abs(weights.toGoal))}
          />
        ) : null}
      </dl>
      {weights.goal === null ? (
        // After the list, not in it: a <dl> holds only name–value groups.
        <p className="-mt-2 text-sm text-muted-foreground">
          No goal weight yet.{' '}
          <Link
            to="/customer/profile?tab=medical"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Set a goal weight.
          </Link>
        </p>
      ) : null}
      <dl className="grid gap-1.5 border-t border-border pt-3">
        <Row
          label={<abbr title="Total weight loss">%TWL</abbr>}
          testId="progress-twl"
          value={metrics.twlPercent === null ? 'Not available' : formatPercent(metrics.twlPercent)}
          muted={metrics.twlPercent === null}
        />
        <Row
          label={<abbr title="Excess weight loss">%EWL</abbr>}
          testId="progress-ewl"
          value={
            metrics.ewlPercent !== null
              ? formatPercent(metrics.ewlPercent)
              : metrics.idealWeightKg === null
                ? 'Needs your height'
                : 'Not applicable'
          }
          muted={metrics.ewlPercent === null}
        />
        {/* One name–value group (a <div> directly in the <dl>): the note spans both columns. */}
        <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 gap-y-0.5" data-testid="bmi-summary">
          <dt className="text-sm text-muted-foreground">
            <abbr title="Body-mass index">BMI</abbr>
          </dt>
          <dd className="text-right">
            {summary.bmi ? (
              <span className="mr-1.5 text-xs text-muted-foreground">{summary.bmi.category}</span>
            ) : null}
            <span
              className={cn(
                'tabular-nums',
                metrics.bmi === null ? 'text-sm text-muted-foreground' : 'font-semibold',
              )}
              data-testid="progress-bmi"
            >
              {metrics.bmi === null ? (
                'Needs your height'
              ) : (
                <span data-testid="bmi-value">{oneDecimal(metrics.bmi)}</span>
              )}
            </span>
          </dd>
          {summary.bmi && summary.height ? (
            <dd className="col-span-2 text-xs text-muted-foreground">
              From your height ({summary.height.text}) and your{' '}
              {current?.source === 'logged' ? 'latest' : 'starting'} weight.
            </dd>
          ) : null}
        </div>
      </dl>
      {baseline?.source === 'initial' ? (
        <p className="text-xs text-muted-foreground" data-testid="baseline-note">
          Measured from your starting weight, as no pre-surgery weight is recorded.
        </p>
      ) : null}
      {metrics.idealWeightKg !== null && metrics.ewlPercent !== null ? (
        <p className="text-xs text-muted-foreground">
          %EWL uses an ideal weight of {show(metrics.idealWeightKg)} (BMI 25 at your height).
        </p>
      ) : null}
      {goalKg !== null ? (
        <div className="grid gap-2 border-t border-border pt-3">
          {goal ? (
            <>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="text-muted-foreground">Progress to goal</span>
                <span className="font-medium tabular-nums" data-testid="progress-goal">
                  {goal.reached ? 'Goal reached' : `${oneDecimal(goal.percent)}% of the way`}
                </span>
              </div>
              <ProgressBar
                percent={goal.percent}
                label="Progress toward your goal weight"
                met={goal.reached}
              />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">
              Your goal of {show(goalKg)} is not below where you started.{' '}
              <Link
                to="/customer/profile?tab=medical"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Review it in your profile.
              </Link>
            </p>
          )}
        </div>
      ) : null}
    </Card>
  )
}

function TargetRow({
  icon: Icon,
  label,
  progress,
  unit,
  testId,
}: {
  icon: LucideIcon
  label: string
  progress: TargetProgress
  unit: string
  testId: string
}) {
  const value =
    progress.value === null ? null : `${grouped.format(Number(oneDecimal(progress.value)))} ${unit}`
  return (
    <div className="grid gap-1.5" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="flex items-center gap-2 text-muted-foreground">
          <Icon className="h-4 w-4" aria-hidden />
          {label}
        </span>
        <span className="tabular-nums">
          {value === null ? (
            <span className="italic text-muted-foreground">No entry</span>
          ) : (
            <span className="font-semibold">{value}</span>
          )}
          <span className="text-muted-foreground">
            {' '}
            / {grouped.format(progress.target)} {unit}
          </span>
          {progress.met ? (
            <>
              <CircleCheck className="-mt-0.5 ml-1 inline h-4 w-4 text-success" aria-hidden />
              <span className="sr-only">, target met</span>
            </>
          ) : null}
        </span>
      </div>
      <ProgressBar
        percent={progress.percent}
        label={`${label}: ${value ?? 'nothing logged'} of ${grouped.format(progress.target)} ${unit}`}
        met={progress.met}
      />
    </div>
  )
}

/** Today's water in the patient's unit: fl oz when they weigh in lbs (units.ts waterUnitFor). */
function waterProgress(
  progress: TargetProgress,
  unit: WeightUnit,
): { progress: TargetProgress; unit: string } {
  const waterUnit = waterUnitFor(unit)
  if (waterUnit === 'ml') return { progress, unit: waterUnit }
  const value = progress.value === null ? null : waterFromMl(progress.value, waterUnit)
  return {
    progress: { ...progress, value, target: waterFromMl(progress.target, waterUnit) },
    unit: waterUnit,
  }
}

function TodayCard({ today, unit }: { today: HealthMetrics['today']; unit: WeightUnit }) {
  const water = waterProgress(today.water, unit)
  return (
    <Card icon={UtensilsCrossed} title="Today" testId="today-targets">
      <TargetRow
        icon={UtensilsCrossed}
        label="Protein"
        progress={today.protein}
        unit="g"
        testId="today-protein"
      />
      <TargetRow
        icon={Droplet}
        label="Water"
        progress={water.progress}
        unit={water.unit}
        testId="today-water"
      />
      <TargetRow icon={Moon} label="Sleep last night" progress={today.sleep} unit="h" testId="today-sleep" />
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3 text-sm">
        <Link
          to={`${LOG_DATA_PATH}?log=meal`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Log a meal or water
        </Link>
        <Link
          to="/customer/profile?tab=preferences#daily-targets"
          className="text-muted-foreground underline-offset-4 hover:underline"
        >
          Daily targets
        </Link>
      </div>
    </Card>
  )
}

function FollowUpCard({ surgery }: { surgery: HealthMetrics['surgery'] }) {
  return (
    <Card icon={CalendarClock} title="Follow-ups" testId="follow-ups">
      {surgery ? (
        <>
          {surgery.next ? (
            <div data-testid="next-follow-up">
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Next</p>
              <p className="text-xl font-semibold">{surgery.next.label}</p>
              <p className="text-sm text-muted-foreground">
                {isoToUsDate(surgery.next.date)} ·{' '}
                <span className="font-medium text-foreground">
                  {surgery.next.daysUntil === 0 ? 'due today' : `in ${pluralDays(surgery.next.daysUntil)}`}
                </span>
              </p>
            </div>
          ) : null}
          <p className="mt-auto text-xs text-muted-foreground">
            Usual check-ins: 2 and 6 weeks, 3, 6 and 12 months, then every year.
          </p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Your follow-up schedule starts from your surgery date. Once you have had surgery, add its details in
          your{' '}
          <Link
            to="/customer/profile?tab=medical"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            profile
          </Link>
          .
        </p>
      )}
    </Card>
  )
}
