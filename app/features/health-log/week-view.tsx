// The week at a glance: previous / next week links, then Monday to Sunday with each metric per
// day ('No entry' where nothing was logged). Seven columns on wide screens, a list of days on phones.
import { Link } from '@remix-run/react'
import { ChevronLeft, ChevronRight, CircleCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonVariants } from '~/components/ui/button'
import { cn } from '~/platform/cn'
import type { DailyTargets } from '~/../common/daily-targets'
import { dayLabels, logDataHref, summariseDay, VITAMINS, weekLabel, type EntriesByKind, type EntryKind } from './log-entries'
import { formatGrams, formatHours, formatWaterFor, formatWeightIn } from './log-entry-text'
import type { WeightUnit } from '~/platform/units'

export function WeekNavigation({
  monday,
  previousWeek,
  nextWeek,
  currentWeek,
  log,
}: {
  monday: string
  previousWeek: string
  nextWeek: string | null
  currentWeek: string
  log: EntryKind
}) {
  const label = weekLabel(monday)
  return (
    // On a phone the week's name takes the first row and the two buttons share the second.
    <div className="grid grid-cols-2 items-center gap-2 sm:flex sm:justify-between">
      <Link
        to={logDataHref({ week: previousWeek, log })}
        preventScrollReset
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'justify-self-start')}
        aria-label={`Previous week (${weekLabel(previousWeek)})`}
      >
        <ChevronLeft aria-hidden />
        <span>Previous week</span>
      </Link>
      <div className="order-first col-span-2 flex flex-col items-center text-center sm:order-none">
        <h2 id="week-heading" className="text-lg font-semibold">
          <span className="sr-only">Week of </span>
          {label}
        </h2>
        {monday !== currentWeek ? (
          <Link
            to={logDataHref({ week: currentWeek, log })}
            preventScrollReset
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Back to this week
          </Link>
        ) : (
          <p className="text-sm text-muted-foreground">This week</p>
        )}
      </div>
      {nextWeek ? (
        <Link
          to={logDataHref({ week: nextWeek, log })}
          preventScrollReset
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'justify-self-end')}
          aria-label={`Next week (${weekLabel(nextWeek)})`}
        >
          <span>Next week</span>
          <ChevronRight aria-hidden />
        </Link>
      ) : (
        // A link cannot be disabled; a disabled button says the same and cannot be followed.
        <button
          type="button"
          disabled
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'justify-self-end')}
          title="There is no next week yet"
        >
          <span>Next week</span>
          <ChevronRight aria-hidden />
        </button>
      )}
    </div>
  )
}

function Metric({
  label,
  value,
  sub,
  testId,
  met = false,
}: {
  label: string
  value: string | null
  sub?: string | null
  testId: string
  /** The day reached its daily target (docs/decisions/039-daily-targets.md). */
  met?: boolean
}) {
  return (
    <div className="flex items-baseline justify-between gap-3 lg:block" data-testid={testId}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-right lg:text-left">
        {value === null ? (
          <span className="text-sm italic text-muted-foreground">No entry</span>
        ) : (
          <>
            <span className="text-sm font-semibold tabular-nums">{value}</span>
            {met ? (
              <>
                <CircleCheck className="-mt-0.5 ml-1 inline h-3.5 w-3.5 text-success" aria-hidden />
                <span className="sr-only"> (target met)</span>
              </>
            ) : null}
            {sub ? <span className="block text-xs text-muted-foreground">{sub}</span> : null}
          </>
        )}
      </dd>
    </div>
  )
}

export function WeekGrid({
  days,
  entries,
  today,
  selectedDay,
  weightUnit,
  targets,
  log,
  monday,
}: {
  days: string[]
  entries: EntriesByKind
  today: string
  selectedDay: string
  weightUnit: WeightUnit
  targets: DailyTargets
  log: EntryKind
  monday: string
}) {
  return (
    <ol aria-labelledby="week-heading" className="grid gap-2 lg:grid-cols-7" data-testid="week-grid">
      {days.map((date) => {
        const summary = summariseDay(entries, date)
        const labels = dayLabels(date)
        const future = date > today
        const selected = date === selectedDay
        const empty =
          !summary.weightKg &&
          !summary.sleep &&
          !summary.meals &&
          summary.waterMl === null &&
          !summary.vitamins
        return (
          <li
            key={date}
            data-testid={`day-${date}`}
            className={cn(
              'flex flex-col gap-3 rounded-lg border bg-card p-3 text-card-foreground',
              selected ? 'border-primary ring-1 ring-primary' : 'border-border',
              // Days still ahead: a dashed outline rather than faded text, which would lose contrast.
              future && 'border-dashed bg-transparent',
            )}
          >
            <h3 className="flex items-center justify-between gap-2 lg:flex-col lg:items-start lg:gap-0">
              {future ? (
                <DayName labels={labels} today={false} />
              ) : (
                <Link
                  to={logDataHref({ week: monday, day: date, log })}
                  preventScrollReset
                  aria-current={selected ? 'date' : undefined}
                  aria-label={`${labels.long}${date === today ? ' (today)' : ''}: show entries`}
                  className="rounded-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <DayName labels={labels} today={date === today} />
                </Link>
              )}
              {future ? (
                <span className="text-xs text-muted-foreground">Ahead</span>
              ) : empty ? (
                <span className="text-sm italic text-muted-foreground lg:hidden">No entry</span>
              ) : null}
            </h3>
            {future ? null : (
              // A day with nothing at all is one line on a phone; the grid keeps its rows aligned.
              <dl className={cn('grid gap-2', empty && 'hidden lg:grid')}>
                <Metric
                  label="Weight"
                  testId="metric-weight"
                  value={summary.weightKg === null ? null : formatWeightIn(summary.weightKg, weightUnit)}
                  sub={summary.weightSource ? `From ${summary.weightSource}` : null}
                />
                <Metric
                  label="Sleep"
                  testId="metric-sleep"
                  value={summary.sleep ? formatHours(summary.sleep.hours) : null}
                  sub={
                    summary.sleep
                      ? [
                          `Quality ${summary.sleep.quality}/5`,
                          summary.sleep.source && `From ${summary.sleep.source}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')
                      : null
                  }
                  met={summary.sleep !== null && summary.sleep.hours >= targets.sleepH}
                />
                <Metric
                  label="Protein"
                  testId="metric-protein"
                  value={summary.meals ? formatGrams(summary.meals.proteinG) : null}
                  sub={
                    summary.meals
                      ? `${summary.meals.count} ${summary.meals.count === 1 ? 'meal' : 'meals'}`
                      : null
                  }
                  met={summary.meals !== null && summary.meals.proteinG >= targets.proteinG}
                />
                <Metric
                  label="Water"
                  testId="metric-water"
                  value={summary.waterMl === null ? null : formatWaterFor(summary.waterMl, weightUnit)}
                  met={summary.waterMl !== null && summary.waterMl >= targets.waterMl}
                />
                <Metric
                  label="Vitamins"
                  testId="metric-vitamins"
                  value={
                    summary.vitamins
                      ? summary.vitamins.length === 0
                        ? 'None'
                        : `${summary.vitamins.length} of ${VITAMINS.length}`
                      : null
                  }
                />
              </dl>
            )}
          </li>
        )
      })}
    </ol>
  )
}

function DayName({ labels, today }: { labels: ReturnType<typeof dayLabels>; today: boolean }): ReactNode {
  return (
    <span className="flex items-baseline gap-2 lg:flex-col lg:gap-0">
      <span className="text-sm font-semibold">{labels.weekday}</span>
      <span className="text-sm text-muted-foreground">
        {labels.short}
        {today ? (
          <span className="ml-1 rounded bg-primary/10 px-1 text-xs font-medium text-primary">Today</span>
        ) : null}
      </span>
    </span>
  )
}
