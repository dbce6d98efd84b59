import { findAccountByEmail, type Account } from './accounts.js'
import type { ProviderContext } from './context.js'
import { ApiError } from './errors.js'
import { jsonObjectBody, type RequestInput } from './http.js'
import { assertNotThrottled, clearFailures, recordFailure } from './login-throttle.js'
import { verifyAgainstDummy, verifyPassword } from './passwords.js'
import { issueSession } from './sessions.js'
import type { Portal } from './tokens.js'
import { FieldReader } from './validation.js'

export const INVALID_CREDENTIALS = 'Invalid email or password'

const WRONG_PORTAL: Record<Portal, string> = {
  customer: 'This is an admin account. Please sign in through the admin portal.',
  admin: 'This account does not have admin access. Please sign in through the patient portal.',
}

/**
 * Shared by both login endpoints. The portal and verification checks come only after a correct
 * password, so a 403 never tells a guesser that an e-mail exists.
 */
export async function signIn(
  ctx: ProviderContext,
  req: RequestInput,
  portal: Portal,
): Promise<{ account: Account; access_token: string; refresh_token: string }> {
  const f = new FieldReader(jsonObjectBody(req))
  const email = f.email()
  const password = f.existingPassword()
  f.done()

  assertNotThrottled(ctx.db, email)
  const account = findAccountByEmail(ctx.db, email)
  const passwordMatches = account
    ? await verifyPassword(password, account.password_hash)
    : await verifyAgainstDummy(password)
  if (!account || !passwordMatches) {
    recordFailure(ctx.db, email)
    throw new ApiError(401, INVALID_CREDENTIALS)
  }
  if (account.portal !== portal) throw new ApiError(403, WRONG_PORTAL[portal])
  if (portal === 'customer' && !account.email_verified) {
    throw new ApiError(403, 'Please verify your email before signing in.')
  }
  clearFailures(ctx.db, email)
  return { account, ...issueSession(ctx, account) }
}
