import { cn } from '~/platform/cn'
import { TIER_LABELS, TIER_MEANINGS, type AlertTier } from './admin-patients'

// Tier 1 in the destructive colour, 2 in amber, 3 neutral; the text says the tier too, so colour is
// never the only signal.
const TIER_CLASSES: Record<AlertTier, string> = {
  1: 'border-destructive/40 bg-destructive/10 text-destructive dark:bg-destructive/20 dark:text-red-300',
  2: 'border-amber-500/40 bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  3: 'border-border bg-muted text-foreground',
}

export function TierBadge({ tier, className }: { tier: AlertTier; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium',
        TIER_CLASSES[tier],
        className,
      )}
    >
      {TIER_LABELS[tier]}
      <span className="sr-only"> ({TIER_MEANINGS[tier]})</span>
    </span>
  )
}

/** The list's alert column: the most urgent open tier and how many are open, or "None". */
export function AlertBadge({ tier, count }: { tier: AlertTier | null; count: number }) {
  if (tier === null || count === 0) return <span className="text-muted-foreground">None</span>
  return (
    <span className="inline-flex items-center gap-1.5">
      <TierBadge tier={tier} />
      {count > 1 ? <span className="text-xs text-muted-foreground">{count} open</span> : null}
    </span>
  )
}
