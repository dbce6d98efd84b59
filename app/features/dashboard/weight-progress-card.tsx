// The health overview's weight card: %TWL, %EWL, BMI and the way to the goal weight.
import { Link } from '@remix-run/react'
import { Scale } from 'lucide-react'
import { cn } from '~/platform/cn'
import { formatWeight, type DashboardSummary } from './dashboard'
import { isoToUsDate } from '~/platform/dates'
import { formatPercent, oneDecimal, type HealthMetrics } from '~/features/health-log/health-metrics'
import { formatWeightIn } from '~/features/health-log/log-entry-text'
import type { WeightUnit } from '~/platform/units'
import { Card, Row } from './overview-card'
import { ProgressBar } from './progress-bar'

export function WeightProgressCard({
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
