import { findAccountById, type Account } from './accounts.js'
import type { ProviderContext } from './context.js'
import { accessEpoch, type Db } from './db.js'
import { ApiError, unauthorized } from './errors.js'
import { hashOpaqueToken, newOpaqueToken, readAccessToken, signAccessToken, tokenNow, type Portal } from './tokens.js'

export function issueAccessToken(ctx: ProviderContext, account: Account): string {
  const now = tokenNow()
  return signAccessToken(ctx.secret, {
    sub: account.id,
    portal: account.portal,
    ver: account.token_version,
    epoch: accessEpoch(ctx.db),
    iat: now,
    exp: now + ctx.accessTtlMs,
  })
}

export function issueSession(
  ctx: ProviderContext,
  account: Account,
): { access_token: string; refresh_token: string } {
  const refresh = newOpaqueToken()
  const now = tokenNow()
  ctx.db.prepare('DELETE FROM refresh_tokens WHERE expires_at <= ?').run(now)
  ctx.db
    .prepare(
      'INSERT INTO refresh_tokens (token_hash, account_id, portal, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
    )
    .run(hashOpaqueToken(refresh), account.id, account.portal, now + ctx.refreshTtlMs, now)
  return { access_token: issueAccessToken(ctx, account), refresh_token: refresh }
}

/** A new access token for a live refresh token of this portal; anything else is a 401. */
export function redeemRefreshToken(ctx: ProviderContext, refresh: string, portal: Portal): string {
  const row = ctx.db
    .prepare('SELECT account_id, portal, expires_at FROM refresh_tokens WHERE token_hash = ?')
    .get(hashOpaqueToken(refresh)) as { account_id: number; portal: Portal; expires_at: number } | undefined
  if (!row || row.portal !== portal || row.expires_at <= tokenNow()) throw unauthorized()
  const account = findAccountById(ctx.db, row.account_id)
  if (!account || account.portal !== portal) throw unauthorized()
  return issueAccessToken(ctx, account)
}

export function revokeRefreshTokens(db: Db, accountId: number): void {
  db.prepare('DELETE FROM refresh_tokens WHERE account_id = ?').run(accountId)
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return match ? match[1] : null
}

/** The account behind `Authorization: Bearer …`, which must be a live access token of `portal`. */
export function authenticate(ctx: ProviderContext, header: string | undefined, portal: Portal): Account {
  const token = bearerToken(header)
  if (!token) throw new ApiError(401, 'Authentication credentials were not provided')
  const claims = readAccessToken(ctx.secret, token)
  if (!claims || claims.portal !== portal) throw unauthorized()
  if (claims.exp <= tokenNow() || claims.epoch !== accessEpoch(ctx.db)) throw unauthorized()
  const account = findAccountById(ctx.db, claims.sub)
  if (!account || account.portal !== portal || account.token_version !== claims.ver) throw unauthorized()
  return account
}

/** Which portal a well-signed bearer token claims, for the development request log. */
export function bearerPortal(ctx: ProviderContext, header: string | undefined): Portal | null {
  return bearerIdentity(ctx, header)?.portal ?? null
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
