// Refresh tokens, stored by hash only. Each row is one session: its `sid` is also in every access
// token issued from it (provider/sessions.ts), so deleting the row ends the whole session.
import type { Portal } from '../tokens.js'
import { ACCOUNT_COLUMNS, type Account } from './accounts.js'
import type { Db } from './sql.js'

export async function insertRefreshToken(
  db: Db,
  tokenHash: string,
  sid: string,
  account: { id: number; portal: Portal },
  expiresAt: number,
  now: number,
): Promise<void> {
  await db.run('DELETE FROM refresh_tokens WHERE expires_at <= ?', [now])
  await db.run(
    'INSERT INTO refresh_tokens (token_hash, sid, account_id, portal, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [tokenHash, sid, account.id, account.portal, expiresAt, now],
  )
}

export async function findRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<{ sid: string; account_id: number; portal: Portal; expires_at: number } | undefined> {
  const row = await db.get<{ sid: string; account_id: number; portal: Portal; expires_at: number }>(
    'SELECT sid, account_id, portal, expires_at FROM refresh_tokens WHERE token_hash = ?',
    [tokenHash],
  )
  // Millisecond times are BIGINT on PostgreSQL, which drivers may hand back as strings.
  return row && { ...row, account_id: Number(row.account_id), expires_at: Number(row.expires_at) }
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
  const row = await db.get<Account & { access_epoch: string | null; live: boolean }>(
    `SELECT ${ACCOUNT_COLUMNS},
       (SELECT value FROM meta WHERE key = 'access_epoch') AS access_epoch,
       EXISTS (SELECT 1 FROM refresh_tokens WHERE sid = ?) AS live
     FROM accounts WHERE id = ?`,
    [sid, accountId],
  )
  if (!row) return undefined
  const { access_epoch, live, ...account } = row
  return { account, epoch: Number(access_epoch ?? 0), live: Boolean(live) }
}

/** Ends one session, named by its id or by its refresh token; ending it twice is no error. */
export async function endSession(db: Db, by: { sid?: string; tokenHash?: string }): Promise<void> {
  if (by.sid !== undefined) await db.run('DELETE FROM refresh_tokens WHERE sid = ?', [by.sid])
  if (by.tokenHash !== undefined) await db.run('DELETE FROM refresh_tokens WHERE token_hash = ?', [by.tokenHash])
}

export async function revokeRefreshTokens(db: Db, accountId: number): Promise<void> {
  await db.run('DELETE FROM refresh_tokens WHERE account_id = ?', [accountId])
}

/** Ends every session of the account except one (the caller's own). */
export async function endOtherSessions(db: Db, accountId: number, keepSid: string): Promise<void> {
  await db.run('DELETE FROM refresh_tokens WHERE account_id = ? AND sid <> ?', [accountId, keepSid])
}
