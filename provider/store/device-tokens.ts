// A real service's OAuth tokens for one patient's connection (table device_tokens), sealed
// with the token box: the database holds only ciphertext bound to its row (account, service, kind).
import type { TokenBox } from '../crypto/token-box.js'
import { saveConnected } from './devices.js'
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
  await db.kysely
    .insertInto('device_tokens')
    .values({
      account_id: accountId,
      service,
      external_user_id: tokens.userid,
      access_token: access,
      refresh_token: refresh,
      access_expires_at: expires,
      scope: tokens.scope,
      updated_at: new Date(now).toISOString(),
    })
    .onConflict((conflict) =>
      conflict.columns(['account_id', 'service']).doUpdateSet((eb) => ({
        sync_cursor: eb
          .case()
          .when('device_tokens.external_user_id', '=', eb.ref('excluded.external_user_id'))
          .then(eb.ref('device_tokens.sync_cursor'))
          .else(null)
          .end(),
        external_user_id: eb.ref('excluded.external_user_id'),
        access_token: eb.ref('excluded.access_token'),
        refresh_token: eb.ref('excluded.refresh_token'),
        access_expires_at: eb.ref('excluded.access_expires_at'),
        scope: eb.ref('excluded.scope'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute()
}

/**
 * A service connected with the tokens its consent gave, as one unit: the connection marked
 * connected and its tokens stored sealed commit together, so neither is left without the other.
 */
export async function connectService(db: Db, box: TokenBox, accountId: number, service: string, tokens: NewTokens): Promise<void> {
  await db.transaction(async (tx) => {
    await saveConnected(tx, accountId, service)
    await saveTokens(tx, box, accountId, service, tokens)
  })
}

export async function readTokens(
  db: Db,
  box: TokenBox,
  accountId: number,
  service: string,
): Promise<ServiceTokens | undefined> {
  const row = await db.kysely
    .selectFrom('device_tokens')
    .select(['external_user_id', 'access_token', 'refresh_token', 'access_expires_at', 'scope', 'sync_cursor'])
    .where('account_id', '=', accountId)
    .where('service', '=', service)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    externalUserId: row.external_user_id,
    accessToken: box.open(row.access_token, context(accountId, service, 'access')),
    refreshToken: box.open(row.refresh_token, context(accountId, service, 'refresh')),
    accessExpiresAt: new Date(row.access_expires_at).getTime(),
    scope: row.scope,
    syncCursor: row.sync_cursor,
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
  const result = await db.kysely
    .updateTable('device_tokens')
    .set({ access_token: access, refresh_token: refresh, access_expires_at: expires, updated_at: new Date(now).toISOString() })
    .where('account_id', '=', accountId)
    .where('service', '=', service)
    .where('refresh_token', '=', previousSealedRefresh)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function setSyncCursor(
  db: Db,
  accountId: number,
  service: string,
  cursor: number,
): Promise<void> {
  await db.kysely
    .updateTable('device_tokens')
    .set({ sync_cursor: cursor })
    .where('account_id', '=', accountId)
    .where('service', '=', service)
    .execute()
}

export async function deleteTokens(db: Db, accountId: number, service: string): Promise<void> {
  await db.kysely.deleteFrom('device_tokens').where('account_id', '=', accountId).where('service', '=', service).execute()
}

/** The patients connected to this service account (a notification names only the service's user id). */
export async function accountsForExternalUser(
  db: Db,
  service: string,
  externalUserId: string,
): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('device_tokens')
    .select('account_id')
    .where('service', '=', service)
    .where('external_user_id', '=', externalUserId)
    .execute()
  return rows.map((row) => row.account_id)
}
