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
    await tx.kysely.deleteFrom('email_tokens').where('account_id', '=', accountId).where('purpose', '=', purpose).execute()
    await tx.kysely
      .insertInto('email_tokens')
      .values({ token_hash: hashOpaqueToken(token), account_id: accountId, purpose, expires_at: now + ttlMs })
      .execute()
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
  const row = await db.kysely
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('account_id')
    .executeTakeFirst()
  return row ? row.account_id : null
}

/** Like consumeEmailToken but leaves the token usable; lets a request check it before slow work. */
export async function peekEmailToken(db: Db, token: string, purpose: EmailTokenPurpose): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('email_tokens')
    .select('account_id')
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', Date.now())
    .executeTakeFirst()
  return row ? row.account_id : null
}

/** Voids every pending link of an account (deactivation). */
export async function deleteEmailTokens(db: Db, accountId: number): Promise<void> {
  await db.kysely.deleteFrom('email_tokens').where('account_id', '=', accountId).execute()
}
