// Closing a patient's account (docs/provider-api.md "Closing an account"). Server code only (zod).
import { z } from 'zod'
import { REFERENCE_MAX } from './account-closure-values'

/** POST v1/auth/close-account/ */
export const closeAccountBodySchema = z.object({ password: z.string() })

/** POST v1/admin/account-closures/ */
export const adminCloseAccountBodySchema = z.object({ patient_id: z.number().int(), reference: z.string().max(REFERENCE_MAX) })

/** GET v1/auth/close-account/: what closing would do here, for the page that explains it. */
export const closureTermsSchema = z.object({
  retention_years: z.number(),
  /** Whether the address may sign up again after closing (CLOSED_ACCOUNT_EMAIL_REUSE). */
  email_reuse: z.boolean(),
})
export type ClosureTerms = z.output<typeof closureTermsSchema>

/** Both answers: when it was closed and what the clinic keeps it for. */
export const accountClosedSchema = z.object({
  patient_id: z.number(),
  closed_at: z.string(),
  /** The day the record is deleted (closed_at + RECORD_RETENTION_YEARS), YYYY-MM-DD. */
  delete_after: z.string(),
  retention_years: z.number(),
  /** Whether the address may sign up again (CLOSED_ACCOUNT_EMAIL_REUSE). */
  email_freed: z.boolean(),
})
export type AccountClosed = z.output<typeof accountClosedSchema>

/** `closure` on GET v1/admin/patients/{id}/: null while the account is open. */
export const patientClosureSchema = z
  .object({
    closed_at: z.string(),
    /** 'patient': closed by its owner; 'admin': by a Super Admin on their written request. */
    closed_by: z.enum(['patient', 'admin']),
    reference: z.string().nullable().catch(null),
    delete_after: z.string().nullable().catch(null),
  })
  .nullable()
  .catch(null)
