// Closing a patient's account (docs/provider-api.md "Closing an account"). Server code only (zod).
import { z } from 'zod'
import { PATIENT_ID_MAX, REFERENCE_MAX, REFERENCE_REQUIRED } from './account-closure-values'
import { CURRENT_PASSWORD_MAX_LENGTH } from './auth-values'
import { fields, numberField, textField } from './request-fields'

/** POST v1/auth/close-account/: the password, trimmed as it always was. */
export const closeAccountBodySchema = fields({
  password: textField({ label: 'Password', required: 'Password is required', max: CURRENT_PASSWORD_MAX_LENGTH }),
})

/** POST v1/admin/account-closures/: the patient's id as a JSON number, and the request's reference. */
export const adminCloseAccountBodySchema = fields({
  // unit '' keeps the range message's trailing space, as the API has always sent it.
  patient_id: numberField({ label: 'Patient id', required: 'Patient id is required', min: 1, max: PATIENT_ID_MAX, unit: '' }).superRefine(
    (id, ctx) => {
      // A refused number reaches here as null (its message is given): only a number is checked.
      if (typeof id === 'number' && !Number.isInteger(id)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Patient id must be a whole number' })
    },
  ),
  reference: textField({ label: 'Reference', required: REFERENCE_REQUIRED, max: REFERENCE_MAX }),
})

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
