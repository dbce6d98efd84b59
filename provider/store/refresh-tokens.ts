// Refresh tokens, stored by hash only.
import type { Portal } from '../tokens.js'
import type { Db } from './sql.js'

export async function insertRefreshToken(
  db: Db,
  tokenHash: string,
  account: { id: number; portal: Portal },
  expiresAt: number,
  now: number,
): Promise<void> {
  await db.run('DELETE FROM refresh_tokens WHERE expires_at <= ?', [now])
  await db.run(
    'INSERT INTO refresh_tokens (token_hash, account_id, portal, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
    [tokenHash, account.id, account.portal, expiresAt, now],
  )
}

export async function findRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<{ account_id: number; portal: Portal; expires_at: number } | undefined> {
  const row = await db.get<{ account_id: number; portal: Portal; expires_at: number }>(
    'SELECT account_id, portal, expires_at FROM refresh_tokens WHERE token_hash = ?',
    [tokenHash],
  )
  // Millisecond times are BIGINT on PostgreSQL, which drivers may hand back as strings.
  return row && { ...row, expires_at: Number(row.expires_at) }
}

export async function revokeRefreshTokens(db: Db, accountId: number): Promise<void> {
  await db.run('DELETE FROM refresh_tokens WHERE account_id = ?', [accountId])
}
