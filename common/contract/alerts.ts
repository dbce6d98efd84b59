// Patient alerts' calls (docs/provider-api.md "Admin dashboard, patients, patient record and
// alerts"): an alert as answered, the alerts list and the acknowledgement. Server code only (zod).
import { z } from 'zod'
import { ALERT_NOTE_MAX, ALERT_STATUSES, ALERT_TIERS, NOTE_REQUIRED, NOTE_TOO_LONG } from './alerts-values'

/** POST v1/admin/alerts/{id}/acknowledge/ */
export const acknowledgeBodySchema = z.object({
  note: z
    .string({ required_error: NOTE_REQUIRED })
    .trim()
    .min(1, NOTE_REQUIRED)
    .max(ALERT_NOTE_MAX, NOTE_TOO_LONG),
})

export const alertTierSchema = z.union([
  z.literal(ALERT_TIERS[0]),
  z.literal(ALERT_TIERS[1]),
  z.literal(ALERT_TIERS[2]),
])

export const alertSchema = z.object({
  id: z.number(),
  patient_id: z.number(),
  // A string rather than ALERT_KINDS: a newer API's kind still shows, by its title.
  kind: z.string(),
  tier: alertTierSchema,
  title: z.string(),
  detail: z.string().catch(''),
  status: z.enum(ALERT_STATUSES),
  opened_at: z.string(),
  acknowledged_at: z.string().nullable().catch(null),
  acknowledged_by: z.string().nullable().catch(null),
  note: z.string().nullable().catch(null),
  resolved_at: z.string().nullable().catch(null),
  /** The first message the team wrote from this alert, if any. */
  message_id: z.number().nullable().catch(null),
})
export type PatientAlert = z.output<typeof alertSchema>

/** GET v1/admin/alerts/ */
export const alertListSchema = z.object({ items: z.array(alertSchema) })
