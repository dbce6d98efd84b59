import type { Db } from './sql.js'
import { hashOpaqueToken, newOpaqueToken } from '../tokens.js'

export type EmailTokenPurpose = 'verify_email' | 'reset_password'

export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000

/** A fresh single-use token; earlier unused ones of the same purpose stop working. */
export async function issueEmailToken(
  db: Db,
  accountId: number,
  purpose: EmailTokenPurpose,
  ttlMs: number,
): Promise<string> {
  const token = newOpaqueToken()
  const now = Date.now()
  await db.transaction(async (tx) => {
    await tx.run('DELETE FROM email_tokens WHERE account_id = ? AND purpose = ?', [accountId, purpose])
    await tx.run('INSERT INTO email_tokens (token_hash, account_id, purpose, expires_at) VALUES (?, ?, ?, ?)', [
      hashOpaqueToken(token),
      accountId,
      purpose,
      now + ttlMs,
    ])
  })
  return token
}

/**
 * Marks the token used and returns its account id, or null when it is unknown, of another purpose,
 * already used or expired.
 */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose): Promise<number | null> {
  const now = Date.now()
  // Single-use by construction: the check and the mark are one conditional UPDATE, so of two
  // simultaneous redemptions (even from two processes) only one finds used_at still NULL.
  const row = await db.get<{ account_id: number }>(
    `UPDATE email_tokens SET used_at = ?
     WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
     RETURNING account_id`,
    [now, hashOpaqueToken(token), purpose, now],
  )
  return row ? row.account_id : null
}

/** Like consumeEmailToken but leaves the token usable; lets a request check it before slow work. */
export async function peekEmailToken(db: Db, token: string, purpose: EmailTokenPurpose): Promise<number | null> {
  const row = await db.get<{ account_id: number }>(
    'SELECT account_id FROM email_tokens WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?',
    [hashOpaqueToken(token), purpose, Date.now()],
  )
  return row ? row.account_id : null
}

/** Voids every pending link of an account (deactivation). */
export async function deleteEmailTokens(db: Db, accountId: number): Promise<void> {
  await db.run('DELETE FROM email_tokens WHERE account_id = ?', [accountId])
}
