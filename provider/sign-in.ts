import { ACCOUNT_CLOSED } from '../common/contract/account-closure-values'
import { findAccountByEmail, upgradePasswordHash, type Account } from './store/accounts.js'
import { findClosedByFreedEmail } from './store/account-closure.js'
import { isDeactivated } from './store/admins.js'
import type { ProviderContext } from './context.js'
import type { Db } from './store/sql.js'
import type { API, BodyOf } from '../common/contract/endpoints'
import { ApiError } from './errors.js'
import { abandonAttempt, beginAttempt, clearFailures } from './login-throttle.js'
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.js'
import { issueChallenge } from './admin-mfa.js'
import { adminSignInEvent, type SignInOutcome } from './sign-in-audit.js'
import { auditedChange, recordAuditEvent } from './store/audit.js'
import { attemptKey, issueKnownBrowser } from './known-browser.js'
import { issueSession } from './sessions.js'
import type { Portal } from './tokens.js'

export const INVALID_CREDENTIALS = 'Invalid email or password'
export const ACCOUNT_DEACTIVATED =
  'This admin account has been deactivated. Please contact a Super Admin if you need access again.'

const WRONG_PORTAL: Record<Portal, string> = {
  customer: 'This is an admin account. Please sign in through the admin portal.',
  admin: 'This account does not have admin access. Please sign in through the patient portal.',
}

export type SignInResult =
  | { account: Account; access_token: string; refresh_token: string; device_token: string; mfa_token?: undefined }
  /** The password was right but the admin has a second factor; no session yet. */
  | { account: Account; mfa_token: string; access_token?: undefined; refresh_token?: undefined; device_token?: undefined }

/** Both login endpoints' body, as the route table reads it (an unusable known-browser token is none). */
export type Credentials = BodyOf<typeof API.auth.login>

/**
 * Shared by both login endpoints. The portal, verification and deactivation checks come only after
 * a correct password, so a 403 never tells a guesser that an e-mail exists.
 */
export async function signIn(
  ctx: ProviderContext,
  { email, password, device_token: knownBrowser }: Credentials,
  portal: Portal,
): Promise<SignInResult> {
  const key = await attemptKey(ctx, email, knownBrowser)

  // The row of a sign-in that changes nothing else (a refusal), on its own; a sign-in that changes
  // something (an attempt forgiven, a session opened) writes its row in that change's transaction.
  const eventOf = (account: Account | undefined, outcome: SignInOutcome) =>
    portal === 'admin' ? adminSignInEvent(email, account, outcome) : null
  const audit = async (account: Account | undefined, outcome: SignInOutcome) => {
    const event = eventOf(account, outcome)
    if (event) await recordAuditEvent(ctx.db, event)
  }
  const refuse = (account: Account, outcome: SignInOutcome | null) =>
    auditedChange(ctx.db, (tx) => abandonAttempt(tx, attempt), () => (outcome ? eventOf(account, outcome) : null))
  let attempt: { id: number }
  try {
    attempt = await beginAttempt(ctx.db, key)
  } catch (error) {
    if (error instanceof ApiError) await audit(await findAccountByEmail(ctx.db, email), 'throttled')
    throw error
  }
  const account = await findAccountByEmail(ctx.db, email)
  const passwordMatches = account
    ? await verifyPassword(password, account.password_hash)
    : await verifyAgainstDummy(password)
  if (!account && portal === 'customer' && (await closedAccountOwner(ctx, email, password))) {
    await abandonAttempt(ctx.db, attempt)
    throw new ApiError(403, ACCOUNT_CLOSED)
  }
  if (!account || !passwordMatches) {
    // The attempt's row stays: it is this failure.
    await audit(account, 'invalid_credentials')
    throw new ApiError(401, INVALID_CREDENTIALS)
  }
  if (account.portal !== portal) {
    await refuse(account, 'wrong_portal')
    throw new ApiError(403, WRONG_PORTAL[portal])
  }
  // Like the checks below, only after the right password: a guesser learns nothing.
  if (account.closed) {
    await abandonAttempt(ctx.db, attempt)
    throw new ApiError(403, ACCOUNT_CLOSED)
  }
  if (portal === 'customer' && !account.email_verified) {
    await refuse(account, null)
    throw new ApiError(403, 'Please verify your email before signing in.')
  }
  if (portal === 'admin' && (await isDeactivated(ctx.db, account.id))) {
    await refuse(account, 'deactivated')
    throw new ApiError(403, ACCOUNT_DEACTIVATED)
  }
  // A hash of a weaker cost is made again now that the password is known, outside the
  // transaction (scrypt takes a tenth of a second), and stored with the sign-in's own change.
  const stronger = needsRehash(account.password_hash) ? await hashPassword(password) : null
  const rightPassword = async (tx: Db) => {
    // Password failures are forgiven once the password is right; failed codes are counted apart
    // (provider/admin-mfa.ts), so passing this step again never resets them. A known browser's
    // success forgives only its own: the strangers' failures keep their wait for everyone else.
    await clearFailures(tx, key)
    if (stronger) await upgradePasswordHash(tx, account.id, account.password_hash, stronger)
  }
  if (portal === 'admin' && account.mfa_enabled) {
    await auditedChange(ctx.db, rightPassword, () => eventOf(account, 'mfa_required'))
    return { account, mfa_token: issueChallenge(ctx, account) }
  }
  const session = await auditedChange(
    ctx.db,
    async (tx) => {
      await rightPassword(tx)
      return issueSession(ctx, account, tx)
    },
    () => eventOf(account, 'success'),
  )
  return { account, ...session, device_token: issueKnownBrowser(ctx, account) }
}

/**
 * The owner of a closed account whose address was freed (CLOSED_ACCOUNT_EMAIL_REUSE) and not taken
 * again: with the account's old password, they are told it is closed rather than that the password
 * is wrong. Anyone else gets the usual answer.
 */
async function closedAccountOwner(ctx: ProviderContext, email: string, password: string): Promise<boolean> {
  const closed = await findClosedByFreedEmail(ctx.db, email)
  return closed !== undefined && (await verifyPassword(password, closed.password_hash))
}
