// A real service's OAuth tokens for one patient's connection (table device_tokens), sealed
// with the token box: the database holds only ciphertext bound to its row (account, service, kind).
import type { TokenBox } from '../crypto/token-box.js'
import type { Db } from './sql.js'

export interface ServiceTokens {
  externalUserId: string
  accessToken: string
  refreshToken: string
  /** Milliseconds. */
  accessExpiresAt: number
  scope: string
  /** The service's `lastupdate` to ask from next (Unix seconds); null before the first sync. */
  syncCursor: number | null
  /** The refresh token as stored, to replace it only if no one else did meanwhile. */
  sealedRefresh: string
}

export interface NewTokens {
  userid: string
  access_token: string
  refresh_token: string
  expires_in: number
  scope: string
}

interface TokenRow {
  external_user_id: string
  access_token: string
  refresh_token: string
  access_expires_at: string | Date
  scope: string
  sync_cursor: string | number | null
}

const context = (accountId: number, service: string, kind: 'access' | 'refresh') =>
  `${accountId}:${service}:${kind}`

function sealed(box: TokenBox, accountId: number, service: string, tokens: NewTokens, now: number) {
  return {
    access: box.seal(tokens.access_token, context(accountId, service, 'access')),
    refresh: box.seal(tokens.refresh_token, context(accountId, service, 'refresh')),
    expires: new Date(now + tokens.expires_in * 1000).toISOString(),
  }
}

/**
 * The first tokens of a connection (or a reconnect's). The sync cursor survives a reconnect to the
 * same service account and starts over for a different one.
 */
export async function saveTokens(
  db: Db,
  box: TokenBox,
  accountId: number,
  service: string,
  tokens: NewTokens,
  now = Date.now(),
): Promise<void> {
  const { access, refresh, expires } = sealed(box, accountId, service, tokens, now)
  await db.run(
    `INSERT INTO device_tokens
       (account_id, service, external_user_id, access_token, refresh_token, access_expires_at, scope, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (account_id, service) DO UPDATE SET
       sync_cursor = CASE WHEN device_tokens.external_user_id = excluded.external_user_id
                          THEN device_tokens.sync_cursor ELSE NULL END,
       external_user_id = excluded.external_user_id, access_token = excluded.access_token,
       refresh_token = excluded.refresh_token, access_expires_at = excluded.access_expires_at,
       scope = excluded.scope, updated_at = excluded.updated_at`,
    [accountId, service, tokens.userid, access, refresh, expires, tokens.scope, new Date(now).toISOString()],
  )
}

export async function readTokens(
  db: Db,
  box: TokenBox,
  accountId: number,
  service: string,
): Promise<ServiceTokens | undefined> {
  const row = await db.get<TokenRow>(
    `SELECT external_user_id, access_token, refresh_token, access_expires_at, scope, sync_cursor
     FROM device_tokens WHERE account_id = ? AND service = ?`,
    [accountId, service],
  )
  if (!row) return undefined
  return {
    externalUserId: row.external_user_id,
    accessToken: box.open(row.access_token, context(accountId, service, 'access')),
    refreshToken: box.open(row.refresh_token, context(accountId, service, 'refresh')),
    accessExpiresAt: new Date(row.access_expires_at).getTime(),
    scope: row.scope,
    syncCursor: row.sync_cursor === null ? null : Number(row.sync_cursor),
    sealedRefresh: row.refresh_token,
  }
}

/**
 * Stores refreshed tokens only if the refresh token is still the one this refresh started from:
 * false when another request (a second tab, another API instance) refreshed first.
 */
export async function replaceRefreshedTokens(
  db: Db,
  box: TokenBox,
  accountId: number,
  service: string,
  previousSealedRefresh: string,
  tokens: NewTokens,
  now = Date.now(),
): Promise<boolean> {
  const { access, refresh, expires } = sealed(box, accountId, service, tokens, now)
  const result = await db.run(
    `UPDATE device_tokens SET access_token = ?, refresh_token = ?, access_expires_at = ?, updated_at = ?
     WHERE account_id = ? AND service = ? AND refresh_token = ?`,
    [access, refresh, expires, new Date(now).toISOString(), accountId, service, previousSealedRefresh],
  )
  return result.changes > 0
}

export async function setSyncCursor(
  db: Db,
  accountId: number,
  service: string,
  cursor: number,
): Promise<void> {
  await db.run('UPDATE device_tokens SET sync_cursor = ? WHERE account_id = ? AND service = ?', [
    cursor,
    accountId,
    service,
  ])
}

export async function deleteTokens(db: Db, accountId: number, service: string): Promise<void> {
  await db.run('DELETE FROM device_tokens WHERE account_id = ? AND service = ?', [accountId, service])
}

/** The patients connected to this service account (a notification names only the service's user id). */
export async function accountsForExternalUser(
  db: Db,
  service: string,
  externalUserId: string,
): Promise<number[]> {
  const rows = await db.all<{ account_id: number | string }>(
    'SELECT account_id FROM device_tokens WHERE service = ? AND external_user_id = ?',
    [service, externalUserId],
  )
  return rows.map((row) => Number(row.account_id))
}
