// Patient alerts as the admin portal shows them (docs/provider-api.md "Extensions", alerts). Pure.
// The API's alert is checked with the contract's schema (common/contract/alerts.ts); the acknowledge
// form's schema is in acknowledge-schema.ts.
import type { PatientAlert } from '~/../common/contract/alerts'
import { ALERT_NOTE_MAX, NOTE_REQUIRED } from '~/../common/contract/alerts-values'

export const ACKNOWLEDGE_INTENT = 'acknowledge'
export const NOTE_MAX = ALERT_NOTE_MAX
export { NOTE_REQUIRED }


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
