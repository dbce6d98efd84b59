// Patient alerts as the admin portal shows them (docs/provider-api.md "Extensions", alerts) and the
// acknowledge form's schema, shared by the server's validation and the browser's. Pure. The API's
// alert is checked with the contract's schema (common/contract/alerts.ts).
import { z } from 'zod'
import type { PatientAlert } from '~/../common/contract/alerts'
import { ALERT_NOTE_MAX, NOTE_REQUIRED, NOTE_TOO_LONG } from '~/../common/contract/alerts-values'

export const ACKNOWLEDGE_INTENT = 'acknowledge'
export const NOTE_MAX = ALERT_NOTE_MAX
export { NOTE_REQUIRED }

export const acknowledgeSchema = z.object({
  note: z.string({ required_error: NOTE_REQUIRED }).trim().min(1, NOTE_REQUIRED).max(NOTE_MAX, NOTE_TOO_LONG),
})

export type { PatientAlert }

/** Open first (most urgent tier first), then the handled ones, newest first. */
export function sortAlerts(alerts: readonly PatientAlert[]): PatientAlert[] {
  const rank = { open: 0, acknowledged: 1, resolved: 2 } as const
  return [...alerts].sort(
    (a, b) => rank[a.status] - rank[b.status] || a.tier - b.tier || b.opened_at.localeCompare(a.opened_at),
  )
}

export const STATUS_LABELS: Record<PatientAlert['status'], string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
}
