import { Link } from '@remix-run/react'
import { Check } from 'lucide-react'
import { cn } from '~/platform/cn'
import { progressPercent, stepHref, TOTAL_STEPS, WIZARD_STEPS, type StepNumber } from './wizard-steps'

/**
 * 'Step X of 4', the percent-complete bar and the four steps; saved steps link back to themselves
 * (steps beyond the first incomplete one cannot be opened, so they are plain text).
 */
export function WizardProgress({ step, furthestStep }: { step: StepNumber; furthestStep: StepNumber }) {
  const percent = progressPercent(step)
  return (
    <nav aria-label="Profile setup steps" className="grid gap-3">
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <p className="font-semibold text-foreground">
          Step {step} of {TOTAL_STEPS}
        </p>
        <p className="text-muted-foreground">{percent}% complete</p>
      </div>
      <div
        role="progressbar"
        aria-label="Profile setup progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% complete`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <ol className="grid grid-cols-4 gap-2">
        {WIZARD_STEPS.map((item) => {
          const current = item.number === step
          const done = item.number < furthestStep
          const reachable = item.number <= furthestStep
          const body = (
            <>
              <span
                aria-hidden
                className={cn(
                  'flex h-8 w-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
                  current && 'border-primary bg-primary text-primary-foreground',
                  !current && done && 'border-primary bg-accent text-accent-foreground',
                  !current && !done && 'border-border bg-background text-muted-foreground',
                )}
              >
                {done && !current ? <Check className="h-4 w-4" /> : item.number}
              </span>
              <span className={cn('hidden text-left text-xs leading-tight sm:block', current ? 'font-semibold text-foreground' : 'text-muted-foreground')}>
                {item.title}
              </span>
              <span className="sr-only sm:hidden">{item.title}</span>
              {done ? <span className="sr-only"> (completed)</span> : null}
            </>
          )
          const classes = 'flex flex-col items-center gap-1.5 rounded-md p-1 sm:flex-row sm:gap-2'
          return (
            <li key={item.number}>
              {reachable && !current ? (
                <Link
                  to={stepHref(item.number)}
                  className={cn(classes, 'hover:bg-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring')}
                >
                  {body}
                </Link>
              ) : (
                <span aria-current={current ? 'step' : undefined} className={classes}>
                  {body}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
