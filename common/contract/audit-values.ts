// The audit log's actions (docs/provider-api.md "GET v1/admin/audit-events/"): the API writes them,
// the app's audit tab filters and labels them. Plain values, no zod.

export const AUDIT_ACTIONS = [
  'sign_in',
  'patient_view',
  'export',
  'role_change',
  'admin_invite',
  'admin_deactivate',
  'admin_reactivate',
  'alert_acknowledge',
  // P15: two-factor sign-in.
  'mfa_enroll',
  'mfa_reset',
  'mfa_failure',
  'mfa_recovery_code_used',
  // P18: an admin reading a patient's conversation, a message sent (by either side), a
  // conversation marked handled.
  'message_view',
  'message_send',
  'message_handled',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value)
}

/** Events a page of the audit log holds. */
export const AUDIT_PAGE_SIZE = 25
