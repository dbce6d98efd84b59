import type { Db } from './db.js'
import { hashOpaqueToken, newOpaqueToken } from './tokens.js'

export type EmailTokenPurpose = 'verify_email' | 'reset_password'

export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000

/** A fresh single-use token; earlier unused ones of the same purpose stop working. */
export function issueEmailToken(
  db: Db,
  accountId: number,
  purpose: EmailTokenPurpose,
  ttlMs: number,
): string {
  const token = newOpaqueToken()
  const now = Date.now()
  db.transaction(() => {
    db.prepare('DELETE FROM email_tokens WHERE account_id = ? AND purpose = ?').run(accountId, purpose)
    db.prepare(
      'INSERT INTO email_tokens (token_hash, account_id, purpose, expires_at) VALUES (?, ?, ?, ?)',
    ).run(hashOpaqueToken(token), accountId, purpose, now + ttlMs)
  })()
  return token
}

/**
 * Marks the token used and returns its account id, or null when it is unknown, of another purpose,
 * already used or expired. Synchronous, so two simultaneous redemptions cannot both succeed.
 */
export function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose): number | null {
  const row = db
    .prepare(
      'SELECT id, account_id, expires_at, used_at FROM email_tokens WHERE token_hash = ? AND purpose = ?',
    )
    .get(hashOpaqueToken(token), purpose) as
    { id: number; account_id: number; expires_at: number; used_at: number | null } | undefined
  if (!row || row.used_at !== null || row.expires_at <= Date.now()) return null
  db.prepare('UPDATE email_tokens SET used_at = ? WHERE id = ?').run(Date.now(), row.id)
  return row.account_id
}

/** Like consumeEmailToken but leaves the token usable; lets a request check it before slow work. */
export function peekEmailToken(db: Db, token: string, purpose: EmailTokenPurpose): number | null {
  const row = db
    .prepare('SELECT account_id, expires_at, used_at FROM email_tokens WHERE token_hash = ? AND purpose = ?')
    .get(hashOpaqueToken(token), purpose) as
    { account_id: number; expires_at: number; used_at: number | null } | undefined
  if (!row || row.used_at !== null || row.expires_at <= Date.now()) return null
  return row.account_id
}
