// The audit row of an admin's sign-in, written by the password step (sign-in.ts) and the code
// step (admin-mfa.ts) alike: in the transaction that opens the session, or on its own for a
// refusal (which changes nothing the row would have to be kept with).
import type { Account } from './store/accounts.js'
import type { AuditEventInput } from './store/audit.js'

export type SignInOutcome = 'success' | 'invalid_credentials' | 'wrong_portal' | 'deactivated' | 'throttled' | 'mfa_required'

/**
 * Admin sign-ins, successful or not, go to the audit log (never the password). A failure with an
 * e-mail that names no admin is logged under that e-mail without an account id.
 */
export function adminSignInEvent(
  email: string,
  account: Account | undefined,
  outcome: SignInOutcome,
  extra: Record<string, unknown> = {},
): AuditEventInput {
  const admin = account?.portal === 'admin' ? account : undefined
  return {
    actor: { id: admin?.id ?? null, email },
    action: 'sign_in',
    details: { portal: 'admin', outcome, ...extra },
  }
}
