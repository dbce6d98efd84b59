import { AlertTriangle, CheckCircle2, Circle } from 'lucide-react'
import { cn } from '~/platform/cn'
import { STATUS_LABELS, type ConnectionStatus } from './devices'

const STYLES: Record<ConnectionStatus, string> = {
  connected: 'border-success/50 bg-success/10 [&>svg]:text-success',
  not_connected: 'border-border bg-muted [&>svg]:text-muted-foreground',
  needs_attention: 'border-destructive/60 bg-destructive/10 [&>svg]:text-destructive',
}

const ICONS = { connected: CheckCircle2, not_connected: Circle, needs_attention: AlertTriangle }

export function StatusBadge({ status }: { status: ConnectionStatus }) {
  const Icon = ICONS[status]
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold text-foreground',
        STYLES[status],
      )}
      data-testid="connection-status"
    >
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {STATUS_LABELS[status]}
    </span>
  )
}
