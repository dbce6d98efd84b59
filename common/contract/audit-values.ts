// The audit log's actions (docs/provider-api.md "GET v1/admin/audit-events/"): the API writes them,
// the app's audit tab filters and labels them. Plain values, no zod.
import { EMAIL_MAX_LENGTH } from '../email'

export const AUDIT_ACTIONS = [
  'sign_in',
  'patient_view',
  'export',
  'role_change',
  'admin_invite',
  'admin_deactivate',
  'admin_reactivate',
  'alert_acknowledge',
  // Two-factor sign-in.
  'mfa_enroll',
  'mfa_reset',
  'mfa_failure',
  'mfa_recovery_code_used',
  // An admin reading a patient's conversation, a message sent (by either side), a
  // conversation marked handled.
  'message_view',
  'message_send',
  'message_handled',
  // An admin's look at the messages inbox, whose rows preview each conversation's last message.
  'message_inbox_view',
  // A patient's account closed (by the patient, or by a Super Admin on their written request), and
  // its record deleted by the retention job once RECORD_RETENTION_YEARS had passed.
  'account_close',
  'record_delete',
  // The FHIR API: a client app registered or disabled by a Super Admin; a token issued to a client,
  // a read or search it made, a Bulk Data export it started (the actor is the client, by name).
  'fhir_client_register',
  'fhir_client_disable',
  'fhir_token',
  'fhir_read',
  'fhir_export',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value)
}

/**
 * The header the app adds to every API call it makes for a background request (a poll of an open
 * conversation, a link's prefetch): nobody asked for this read just now. The API then skips the
 * audit row of a read it already audited (see BACKGROUND_READ_AUDIT_MINUTES); it never does more
 * for it, so a forged header can only spare a repeat row, never hide a first look.
 */
export const BACKGROUND_HEADER = 'X-Background'

/**
 * A background read writes no audit row when the same admin's same read (action, patient and
 * details) is already in the log from the last this many minutes (the admins' default idle limit,
 * so a poll that outlives the look it repeats is audited again).
 */
export const BACKGROUND_READ_AUDIT_MINUTES = 15

/** Events a page of the audit log holds. */
export const AUDIT_PAGE_SIZE = 25

/**
 * The answer (503) when an audited change or read cannot write its audit row: the change was not
 * made, the data was not shown, and trying again is the remedy.
 */
export const AUDIT_UNAVAILABLE_MESSAGE = 'This could not be recorded in the audit log, so it was not done. Please try again.'

/** The actor filter is (part of) an e-mail address. */
export const AUDIT_ACTOR_MAX_LENGTH = EMAIL_MAX_LENGTH
