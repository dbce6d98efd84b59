// Refresh tokens, stored by hash only. Each row is one session: its `sid` is also in every access
// token issued from it (provider/sessions.ts), so deleting the row ends the whole session.
import type { Portal } from '../tokens.js'
import { accountColumns, replacePassword, type Account } from './accounts.js'
import type { Db } from './sql.js'

export async function insertRefreshToken(
  db: Db,
  tokenHash: string,
  sid: string,
  account: { id: number; portal: Portal },
  expiresAt: number,
  now: number,
): Promise<void> {
  await db.kysely.deleteFrom('refresh_tokens').where('expires_at', '<=', now).execute()
  await db.kysely
    .insertInto('refresh_tokens')
    .values({
      token_hash: tokenHash,
      sid,
      account_id: account.id,
      portal: account.portal,
      expires_at: expiresAt,
      created_at: now,
    })
    .execute()
}

export async function findRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<{ sid: string; account_id: number; portal: Portal; expires_at: number } | undefined> {
  // Millisecond times are BIGINT, read back as numbers (provider/db/types.ts).
  return db.kysely
    .selectFrom('refresh_tokens')
    .select(['sid', 'account_id', 'portal', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/**
 * What checking an access token needs from the database, in one statement: the account, the
 * current access epoch and whether the token's session is still live. Every signed-in request
 * runs it; as three statements it was a third of a dashboard's queries.
 */
export async function accessCheck(
  db: Db,
  accountId: number,
  sid: string,
): Promise<{ account: Account; epoch: number; live: boolean } | undefined> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select((eb) => [
      ...accountColumns(eb),
      eb.selectFrom('meta').select('meta.value').where('meta.key', '=', 'access_epoch').as('access_epoch'),
      eb
        .exists(eb.selectFrom('refresh_tokens').select((inner) => inner.lit(1).as('one')).where('refresh_tokens.sid', '=', sid))
        .as('live'),
    ])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst()
  if (!row) return undefined
  const { access_epoch, live, ...account } = row
  return { account, epoch: Number(access_epoch ?? 0), live: Boolean(live) }
}

/** Ends one session, named by its id or by its refresh token; ending it twice is no error. */
export async function endSession(db: Db, by: { sid?: string; tokenHash?: string }): Promise<void> {
  if (by.sid !== undefined) await db.kysely.deleteFrom('refresh_tokens').where('sid', '=', by.sid).execute()
  if (by.tokenHash !== undefined) {
    await db.kysely.deleteFrom('refresh_tokens').where('token_hash', '=', by.tokenHash).execute()
  }
}

export async function revokeRefreshTokens(db: Db, accountId: number): Promise<void> {
  await db.kysely.deleteFrom('refresh_tokens').where('account_id', '=', accountId).execute()
}

/**
 * A signed-in account's new password, as one unit: the hash replaced (which bumps token_version,
 * retiring every access token) and every refresh token revoked, so no other session outlives it.
 */
export async function changePassword(db: Db, accountId: number, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await replacePassword(tx, accountId, passwordHash)
    await revokeRefreshTokens(tx, accountId)
  })
}

/** Ends every session of the account except one (the caller's own). */
export async function endOtherSessions(db: Db, accountId: number, keepSid: string): Promise<void> {
  await db.kysely.deleteFrom('refresh_tokens').where('account_id', '=', accountId).where('sid', '<>', keepSid).execute()
}
