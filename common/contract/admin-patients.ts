// The care team's patient calls (docs/provider-api.md "Admin dashboard, patients, patient record and
// alerts"): the list, a record (optionally with its entries) and a record's
// entries. Server code only (zod).
import { patientClosureSchema } from './account-closure'
import { z } from 'zod'
import { alertSchema, alertTierSchema } from './alerts'
import { BASELINE_SOURCES, ONBOARDING_STATES } from './admin-patients-values'
import { CONNECTION_STATUSES } from './devices-values'
import { isIsoDay } from './entries-values'
import { trendEntriesSchema } from './entries'
import { BARIATRIC_STATUSES } from './profile-values'
import { reminderSettingsSchema } from './reminders'

const isoDay = z.string().refine(isIsoDay)
const nullableNumber = z.number().nullable().catch(null)
const nullableText = z.string().nullable().catch(null)
const milestone = z.object({ label: z.string(), date: isoDay, days_until: z.number() }).nullable().catch(null)
const onboarding = z.enum(ONBOARDING_STATES).catch('verified')

// ---- List -------------------------------------------------------------------------------------

export const patientListItemSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  onboarding,
  surgery_type: nullableText,
  surgery_date: nullableText,
  days_post_op: nullableNumber,
  current_kg: nullableNumber,
  twl_percent: nullableNumber,
  last_entry_day: nullableText,
  days_since_last_data: nullableNumber,
  last_sync_at: nullableText,
  next_milestone: milestone,
  open_alerts: z.number().catch(0),
  alert_tier: alertTierSchema.nullable().catch(null),
  // The account is closed and its record read-only; a provider that does not say is taken as open.
  closed: z.boolean().catch(false),
})
export type PatientListItem = z.output<typeof patientListItemSchema>

/** GET v1/admin/patients/ */
export const patientListSchema = z.object({
  items: z.array(patientListItemSchema),
  page: z.number(),
  page_size: z.number(),
  total: z.number(),
  total_pages: z.number(),
})

// ---- Record -----------------------------------------------------------------------------------

export const patientDeviceSchema = z.object({
  service: z.string(),
  service_name: z.string(),
  status: z.enum(CONNECTION_STATUSES).catch('not_connected'),
  data_types: z.array(z.string()).catch([]),
  last_synced_at: nullableText,
  last_error: nullableText,
})
export type PatientDevice = z.output<typeof patientDeviceSchema>

/** GET v1/admin/patients/{id}/ */
export const patientRecordSchema = z.object({
  patient: z.object({
    id: z.number(),
    full_name: z.string(),
    email: z.string(),
    phone_number: nullableText,
    date_of_birth: nullableText,
    age: nullableNumber,
    gender: nullableText,
    city: nullableText,
    state: nullableText,
    onboarding,
    created_at: z.string(),
  }),
  surgery: z.object({
    bariatric_status: z.enum(BARIATRIC_STATUSES).nullable().catch(null),
    surgery_type: nullableText,
    surgery_date: nullableText,
    days_post_op: nullableNumber,
    hospital_name: nullableText,
  }),
  measures: z.object({
    height_cm: nullableNumber,
    baseline_kg: nullableNumber,
    baseline_source: z.enum(BASELINE_SOURCES).nullable().catch(null),
    ideal_kg: nullableNumber,
    goal_kg: nullableNumber,
    current_kg: nullableNumber,
    current_day: nullableText,
    nadir_kg: nullableNumber,
    nadir_day: nullableText,
    bmi: nullableNumber,
    twl_percent: nullableNumber,
    ewl_percent: nullableNumber,
  }),
  conditions: z.array(z.string()).catch([]),
  allergies: z.string().catch(''),
  next_milestone: milestone,
  adherence: z.object({
    window_days: z.number(),
    days_with_data: z.number(),
    protein_target_g: z.number(),
    protein_days_logged: z.number(),
    protein_days_on_target: z.number(),
    protein_hit_rate: nullableNumber,
  }),
  regain: z
    .object({ threshold_percent: z.number(), kg: z.number(), percent: z.number(), flagged: z.boolean() })
    .nullable()
    .catch(null),
  alerts: z.array(alertSchema),
  devices: z.array(patientDeviceSchema).catch([]),
  last_sync_at: nullableText,
  last_entry_day: nullableText,
  days_since_last_data: nullableNumber,
  weight_unit: z.string().catch('kg'),
  // Which reminders the patient turned on (read only here); null when the API did not say.
  reminders: reminderSettingsSchema.nullable().catch(null),
  // Set when the account is closed (the record is then read-only); null while open or unsaid.
  closure: patientClosureSchema.optional().transform((value) => value ?? null),
})
export type PatientRecord = z.output<typeof patientRecordSchema>

/** GET v1/admin/patients/{id}/entries/: the trends' shape (its `latest` is not read). */
export const patientEntriesSchema = trendEntriesSchema

/** GET v1/admin/patients/{id}/?include=entries&… : the record with its entries, one audit row. */
export const patientRecordWithEntriesSchema = patientRecordSchema.extend({
  entries: patientEntriesSchema.optional().catch(undefined),
})
