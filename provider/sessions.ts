import { MFA_SETUP_FIRST, mfaRequiredFor } from '../common/contract/auth-values'
import { findAccountById, type Account } from './store/accounts.js'
import type { ProviderContext } from './context.js'
import { ApiError, unauthorized } from './errors.js'
import { accessEpoch } from './store/meta.js'
import { accessCheck, endSession, findRefreshToken, insertRefreshToken } from './store/refresh-tokens.js'
import type { Db } from './store/sql.js'
import { hashOpaqueToken, newOpaqueToken, readAccessToken, signAccessToken, tokenNow, type Portal } from './tokens.js'

// endOtherSessions: enrolling a second factor ends every session but the enrolling one (one opened
// with the password alone, perhaps by whoever else knows it, must not outlive that).
export { endOtherSessions, revokeRefreshTokens } from './store/refresh-tokens.js'

/** `db`: a transaction's handle when the session is part of a larger change (an audited sign-in). */
export async function issueAccessToken(ctx: ProviderContext, account: Account, sid: string, db: Db = ctx.db): Promise<string> {
  const now = tokenNow()
  return signAccessToken(ctx.secret, {
    sub: account.id,
    portal: account.portal,
    ver: account.token_version,
    epoch: await accessEpoch(db),
    sid,
    iat: now,
    exp: now + ctx.accessTtlMs,
  })
}

export async function issueSession(
  ctx: ProviderContext,
  account: Account,
  db: Db = ctx.db,
): Promise<{ access_token: string; refresh_token: string }> {
  const refresh = newOpaqueToken()
  // Random, not the row id: a session id must not let anyone count or guess other sessions.
  const sid = newOpaqueToken()
  const now = tokenNow()
  await insertRefreshToken(db, hashOpaqueToken(refresh), sid, account, now + ctx.refreshTtlMs, now)
  return { access_token: await issueAccessToken(ctx, account, sid, db), refresh_token: refresh }
}

/** A new access token for a live refresh token of this portal; anything else is a 401. */
export async function redeemRefreshToken(ctx: ProviderContext, refresh: string, portal: Portal): Promise<string> {
  const row = await findRefreshToken(ctx.db, hashOpaqueToken(refresh))
  if (!row || row.portal !== portal || row.expires_at <= tokenNow()) throw unauthorized()
  const account = await findAccountById(ctx.db, row.account_id)
  if (!account || account.portal !== portal || account.closed) throw unauthorized()
  return issueAccessToken(ctx, account, row.sid)
}

/**
 * Sign-out: ends the session behind a bearer access token (expired or not: its signature proves
 * it was ours) and the one behind a refresh token, whichever are given. Unknown, ended or foreign
 * tokens end nothing and are no error, so signing out twice answers the same.
 */
export async function endSessions(
  ctx: ProviderContext,
  given: { authorization: string | undefined; refresh: string | undefined },
): Promise<void> {
  const token = bearerToken(given.authorization)
  const claims = token ? readAccessToken(ctx.secret, token) : null
  await endSession(ctx.db, {
    sid: claims?.sid,
    tokenHash: given.refresh ? hashOpaqueToken(given.refresh) : undefined,
  })
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return match ? match[1] : null
}

/**
 * Must this admin set up a second factor before anything else (ADMIN_MFA)? Read from the account
 * as it is now, on every request, not from the token: a promotion to Super Admin, a reset of the
 * factor or a stricter setting applies at the next request of every session.
 */
export function mustEnroll(ctx: ProviderContext, account: Account): boolean {
  return account.portal === 'admin' && !account.mfa_enabled && mfaRequiredFor(account.role, ctx.adminMfa)
}

export interface AuthenticateOptions {
  /**
   * The route is one an admin who must enroll may use (their profile, the enrollment steps);
   * every other admin route refuses such a session with a 403, so nothing is open by omission.
   */
  enrolling?: boolean
}

/** The account and session behind `Authorization: Bearer …`, a live access token of `portal`. */
export async function authenticateSession(
  ctx: ProviderContext,
  header: string | undefined,
  portal: Portal,
  options: AuthenticateOptions = {},
): Promise<{ account: Account; sid: string }> {
  const token = bearerToken(header)
  if (!token) throw new ApiError(401, 'Authentication credentials were not provided')
  const claims = readAccessToken(ctx.secret, token)
  if (!claims || claims.portal !== portal) throw unauthorized()
  if (claims.exp <= tokenNow()) throw unauthorized()
  const found = await accessCheck(ctx.db, claims.sub, claims.sid)
  if (!found || !found.live || claims.epoch !== found.epoch) throw unauthorized()
  const { account } = found
  if (account.portal !== portal || account.token_version !== claims.ver) throw unauthorized()
  // Closing bumps the token version too; this holds even for a token minted in the same instant.
  if (account.closed) throw unauthorized()
  if (!options.enrolling && mustEnroll(ctx, account)) throw new ApiError(403, MFA_SETUP_FIRST)
  return { account, sid: claims.sid }
}

/** The account behind `Authorization: Bearer …`, which must be a live access token of `portal`. */
export async function authenticate(
  ctx: ProviderContext,
  header: string | undefined,
  portal: Portal,
  options: AuthenticateOptions = {},
): Promise<Account> {
  return (await authenticateSession(ctx, header, portal, options)).account
}

/** Portal and account id of a well-signed bearer token (expired or not), for the dev request log. */
export function bearerIdentity(
  ctx: ProviderContext,
  header: string | undefined,
): { portal: Portal; accountId: number } | null {
  const token = bearerToken(header)
  const claims = token ? readAccessToken(ctx.secret, token) : null
  return claims ? { portal: claims.portal, accountId: claims.sub } : null
}
