// Two-factor sign-in for admins (docs/provider-api.md "Two-factor sign-in"): enrollment,
// the code step of sign-in, and a Super Admin's reset. Failed codes are counted like failed
// passwords (provider/login-throttle.ts), per account, under a key of their own.
import type { Account } from './store/accounts.js'
import { findAccountById } from './store/accounts.js'
import { isDeactivated } from './store/admins.js'
import { auditedChange, recordAuditEvent, type AuditEventInput } from './store/audit.js'
import {
  claimChallenge,
  claimTimeStep,
  clearMfa,
  enableMfa,
  ensurePendingSecret,
  mfaState,
  releaseChallenge,
  spendRecoveryCode,
  unusedRecoveryCodes,
} from './store/mfa.js'
import type { ProviderContext } from './context.js'
import { ApiError } from './errors.js'
import { abandonAttempt, beginAttempt, clearFailures } from './login-throttle.js'
import {
  CHALLENGE_TTL_MS,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  readChallenge,
  sealSecret,
  signChallenge,
} from './mfa.js'
import { issueKnownBrowser } from './known-browser.js'
import { adminSignInEvent } from './sign-in-audit.js'
import { endOtherSessions, issueSession, revokeRefreshTokens } from './sessions.js'
import type { Db } from './store/sql.js'
import { tokenNow } from './tokens.js'

export const INVALID_CODE = 'Invalid authentication code.'
export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please sign in again.'
export const ALREADY_ENABLED = 'Two-factor authentication is already on.'
export const NOT_ENROLLING = 'Start setting up two-factor authentication again.'

/** The key under which failed codes are counted: per account, apart from failed passwords. */
const throttleKey = (accountId: number) => `mfa:${accountId}`

function codeError(): ApiError {
  return new ApiError(400, INVALID_CODE, { code: [INVALID_CODE] })
}

export function issueChallenge(ctx: ProviderContext, account: Account): string {
  return signChallenge(ctx.secret, { sub: account.id, ver: account.token_version, exp: tokenNow() + CHALLENGE_TTL_MS })
}

function openSealed(ctx: ProviderContext, sealed: string): string {
  const secret = openSecret(ctx.mfaKey, sealed)
  // Sealed with another key (MFA_ENCRYPTION_KEY changed): no code can be checked. Loud, not a 500.
  if (secret === null) {
    ctx.log('provider: a two-factor secret could not be opened (was MFA_ENCRYPTION_KEY changed?)')
    throw new ApiError(409, 'Two-factor authentication cannot be checked for this account. Please ask a Super Admin to reset it.')
  }
  return secret
}

/** POST v1/admin/login/mfa/: a challenge and a code (or a recovery code) for the session. */
export async function completeSignIn(
  ctx: ProviderContext,
  input: { mfaToken: string; code: string },
): Promise<{ account: Account; access_token: string; refresh_token: string; device_token: string }> {
  const claims = readChallenge(ctx.secret, input.mfaToken, tokenNow())
  const account = claims ? await findAccountById(ctx.db, claims.sub) : undefined
  if (!claims || !account || account.portal !== 'admin' || account.token_version !== claims.ver || !account.mfa_enabled) {
    throw new ApiError(401, CHALLENGE_EXPIRED)
  }
  if (await isDeactivated(ctx.db, account.id)) throw new ApiError(401, CHALLENGE_EXPIRED)
  // Single-use: claimed before the code is checked, so of two exchanges at once only one can
  // succeed (and the other spends no recovery code); a wrong code gives the claim back.
  if (!(await claimChallenge(ctx.db, claims.jti, account.id, claims.exp, tokenNow()))) {
    throw new ApiError(401, CHALLENGE_EXPIRED)
  }
  try {
    // The code spent, the failures forgiven, the session and the audit rows: one transaction.
    const session = await checkSecondFactor(ctx, account, input.code, 'sign_in', async (tx, method) => ({
      value: await issueSession(ctx, account, tx),
      events: [adminSignInEvent(account.email, account, 'success', { second_factor: method })],
    }))
    return { account, ...session, device_token: issueKnownBrowser(ctx, account) }
  } catch (error) {
    await releaseChallenge(ctx.db, claims.jti)
    throw error
  }
}

/**
 * A TOTP code (±1 step, each step once) or an unused recovery code, counted: a failure is written
 * before the check like a password guess, and audited. A success spends the code, forgives the
 * account's failed codes and runs `then` (what the code was asked for) in one transaction with
 * their audit rows, so none of it is kept without the others.
 */
async function checkSecondFactor<T>(
  ctx: ProviderContext,
  account: Account,
  given: string,
  during: 'sign_in',
  then: (tx: Db, method: 'totp' | 'recovery_code') => Promise<{ value: T; events: AuditEventInput[] }>,
): Promise<T> {
  const code = given.trim().replace(/\s/g, '')
  const attempt = await beginAttempt(ctx.db, throttleKey(account.id))
  const state = await mfaState(ctx.db, account.id)
  if (!state?.secret) {
    await abandonAttempt(ctx.db, attempt)
    throw new ApiError(401, CHALLENGE_EXPIRED)
  }
  const secret = openSealed(ctx, state.secret)
  const step = /^\d{6}$/.test(code) ? await matchTotp(secret, code, tokenNow(), state.last_step) : null
  const actor = { id: account.id, email: account.email }
  const passed = await auditedChange(
    ctx.db,
    async (tx) => {
      let method: 'totp' | 'recovery_code' | null = null
      if (/^\d{6}$/.test(code)) {
        if (step !== null && (await claimTimeStep(tx, account.id, step))) method = 'totp'
      } else if (looksLikeRecoveryCode(code) && (await spendRecoveryCode(tx, account.id, hashRecoveryCode(code)))) {
        method = 'recovery_code'
      }
      if (method === null) return null
      await clearFailures(tx, throttleKey(account.id))
      const remaining = method === 'recovery_code' ? await unusedRecoveryCodes(tx, account.id) : null
      return { method, remaining, ...(await then(tx, method)) }
    },
    (done): AuditEventInput[] =>
      done === null
        ? []
        : [
            ...(done.remaining === null
              ? []
              : [{ actor, action: 'mfa_recovery_code_used' as const, targetAccountId: account.id, details: { remaining: done.remaining } }]),
            ...done.events,
          ],
  )
  if (passed === null) {
    await recordAuditEvent(ctx.db, { actor, action: 'mfa_failure', targetAccountId: account.id, details: { during } })
    throw codeError()
  }
  return passed.value
}

export async function mfaStatus(ctx: ProviderContext, account: Account) {
  return {
    enabled: account.mfa_enabled,
    recovery_codes_left: account.mfa_enabled ? await unusedRecoveryCodes(ctx.db, account.id) : 0,
  }
}

/** POST v1/admin/mfa/setup/: the secret to scan (the same one until confirmed). */
export async function startEnrollment(ctx: ProviderContext, account: Account) {
  if (account.mfa_enabled) throw new ApiError(409, ALREADY_ENABLED)
  const sealed = await ensurePendingSecret(ctx.db, account.id, sealSecret(ctx.mfaKey, newTotpSecret()))
  const secret = openSealed(ctx, sealed)
  return { secret, otpauth_uri: otpauthUri(account.email, secret) }
}

/**
 * POST v1/admin/mfa/confirm/: a code from the new secret turns the second factor on. Every other
 * session of the admin ends: they were opened with the password alone, perhaps by someone else
 * who knows it. The session that enrolled goes on (it has just shown both factors).
 */
export async function confirmEnrollment(ctx: ProviderContext, session: { account: Account; sid: string }, given: string) {
  const { account } = session
  if (account.mfa_enabled) throw new ApiError(409, ALREADY_ENABLED)
  const code = given.trim().replace(/\s/g, '')
  const attempt = await beginAttempt(ctx.db, throttleKey(account.id))
  const state = await mfaState(ctx.db, account.id)
  if (!state?.pending_secret) {
    await abandonAttempt(ctx.db, attempt)
    throw new ApiError(409, NOT_ENROLLING)
  }
  const step = await matchTotp(openSealed(ctx, state.pending_secret), code, tokenNow(), null)
  if (step === null) {
    await recordAuditEvent(ctx.db, {
      actor: { id: account.id, email: account.email },
      action: 'mfa_failure',
      targetAccountId: account.id,
      details: { during: 'enrollment' },
    })
    throw codeError()
  }
  const recoveryCodes = newRecoveryCodes()
  // Enabled, the other sessions ended, the failures forgiven and the audit row: one transaction.
  const enabled = await auditedChange(
    ctx.db,
    async (tx) => {
      const done = await enableMfa(tx, account.id, {
        pendingSecret: state.pending_secret!,
        step,
        recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
      })
      if (!done) return false
      await endOtherSessions(tx, account.id, session.sid)
      await clearFailures(tx, throttleKey(account.id))
      return true
    },
    (done) => (done ? { actor: { id: account.id, email: account.email }, action: 'mfa_enroll', targetAccountId: account.id } : null),
  )
  if (!enabled) {
    await abandonAttempt(ctx.db, attempt)
    throw new ApiError(409, ALREADY_ENABLED)
  }
  return { recovery_codes: recoveryCodes }
}

/**
 * A Super Admin's reset of another admin's second factor: secret and recovery codes are gone and
 * the admin's sessions end, so their next sign-in is by password and (where required) enrollment.
 */
export async function resetSecondFactor(ctx: ProviderContext, actor: Account, target: { id: number }) {
  await auditedChange(
    ctx.db,
    async (tx) => {
      await clearMfa(tx, target.id)
      await revokeRefreshTokens(tx, target.id)
      await clearFailures(tx, throttleKey(target.id))
    },
    () => ({ actor, action: 'mfa_reset', targetAccountId: target.id }),
  )
}
