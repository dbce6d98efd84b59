// Closing a patient's account (docs/provider-api.md "Closing an account"): its limits and the
// sentences both sides show (the paths are the route table's). Plain values, no zod.

/** What a closed account's sign-in answers (403), once the password is right. */
export const ACCOUNT_CLOSED = 'This account has been closed.'
export const ACCOUNT_ALREADY_CLOSED = 'This account is already closed.'
export const CLOSED_RECORD_READ_ONLY = "This patient's account is closed; their record is read-only."
export const WRONG_PASSWORD = 'Password is incorrect'
export const REFERENCE_REQUIRED = "Enter the reference of the patient's written request"
export const REFERENCE_MAX = 200
/** The largest patient id the Super Admin's closure takes (ids are at most 15 digits). */
export const PATIENT_ID_MAX = 1e15

/** RECORD_RETENTION_YEARS when unset (decision 196). */
export const DEFAULT_RECORD_RETENTION_YEARS = 10
export const MIN_RECORD_RETENTION_YEARS = 1
export const MAX_RECORD_RETENTION_YEARS = 100
