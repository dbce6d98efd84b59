// Patient alerts as the admin portal shows them (docs/provider-api.md "Extensions", alerts) and the
// acknowledge form's schema, shared by the server's validation and the browser's. Pure.
import { z } from 'zod'

export const ACKNOWLEDGE_INTENT = 'acknowledge'
export const NOTE_MAX = 500
export const NOTE_REQUIRED = 'Note is required'

export const acknowledgeSchema = z.object({
  note: z
    .string({ required_error: NOTE_REQUIRED })
    .trim()
    .min(1, NOTE_REQUIRED)
    .max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`),
})

export const alertSchema = z.object({
  id: z.number(),
  patient_id: z.number(),
  kind: z.string(),
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string(),
  detail: z.string().catch(''),
  status: z.enum(['open', 'acknowledged', 'resolved']),
  opened_at: z.string(),
  acknowledged_at: z.string().nullable().catch(null),
  acknowledged_by: z.string().nullable().catch(null),
  note: z.string().nullable().catch(null),
  resolved_at: z.string().nullable().catch(null),
  /** The first message the team wrote from this alert (P18), if any. */
  message_id: z.number().nullable().catch(null),
})
export type PatientAlert = z.output<typeof alertSchema>

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
