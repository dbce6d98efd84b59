import { cn } from '~/platform/cn'

/** A thin bar for "how far along"; the numbers it stands for are always written next to it. */
export function ProgressBar({
  percent,
  label,
  met = false,
}: {
  percent: number
  label: string
  met?: boolean
}) {
  const value = Math.max(0, Math.min(100, percent))
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn('h-full rounded-full transition-[width]', met ? 'bg-success' : 'bg-primary')}
        style={{ width: `${value}%` }}
      />
    </div>
  )
}
