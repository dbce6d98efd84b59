// The card and the label/value row every card of the dashboard's health overview is built from.
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '~/platform/cn'

export const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

export function pluralDays(days: number) {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

export function Card({
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
export function Row({
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
