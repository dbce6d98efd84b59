// The health overview's "today" card: protein, water and sleep against the daily targets.
import { Link } from '@remix-run/react'
import { CircleCheck, Droplet, Moon, UtensilsCrossed, type LucideIcon } from 'lucide-react'
import { oneDecimal, type HealthMetrics, type TargetProgress } from '~/features/health-log/health-metrics'
import { LOG_DATA_PATH } from '~/features/health-log/log-entries'
import { waterFromMl, waterUnitFor, type WeightUnit } from '~/platform/units'
import { grouped, Card } from './overview-card'
import { ProgressBar } from './progress-bar'

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

export function TodayCard({ today, unit }: { today: HealthMetrics['today']; unit: WeightUnit }) {
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
