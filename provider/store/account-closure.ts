// Closed patient accounts (migration 0014): closing one, reading its state, and the retention job's
// deletion. Every patient table references accounts(id) ON DELETE CASCADE, so deleting the account
// row deletes the whole record and nothing else; audit_events.target_account_id has no foreign key,
// so the trail of what happened to the record outlives it.
import { markPatientChanged } from './patient-summaries.js'
import type { Db } from './sql.js'

/** Profile fields that are personal but not clinical: removed when an account is closed. */
export const NON_CLINICAL_PERSONAL_FIELDS = [
  'phone_number',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'postal_code',
] as const

export interface Closure {
  closed_at: string
  /** The Super Admin who closed it on the patient's written request; null: the patient did. */
  closed_by: number | null
  closed_reference: string | null
  /** The address the account was closed with (its `email` may have been freed since). */
  closed_email: string
}

/** The address a closed account takes when its own is freed: unique, and never deliverable. */
export function freedEmailPlaceholder(accountId: number): string {
  return `closed-account-${accountId}@closed.invalid`
}

export async function findClosure(db: Db, accountId: number): Promise<Closure | null> {
  const row = await db.get<{ closed_at: string | null; closed_by: number | null; closed_reference: string | null; closed_email: string | null; email: string }>(
    'SELECT closed_at, closed_by, closed_reference, closed_email, email FROM accounts WHERE id = ?',
    [accountId],
  )
  if (!row?.closed_at) return null
  return {
    closed_at: row.closed_at,
    closed_by: row.closed_by === null ? null : Number(row.closed_by),
    closed_reference: row.closed_reference,
    closed_email: row.closed_email ?? row.email,
  }
}

/**
 * The closed account that last held `email` after the address was freed (its `email` is now the
 * placeholder), so its owner's sign-in can be told the account is closed. Undefined when none.
 */
export async function findClosedByFreedEmail(db: Db, email: string): Promise<{ id: number; password_hash: string } | undefined> {
  const row = await db.get<{ id: number; password_hash: string }>(
    `SELECT id, password_hash FROM accounts
     WHERE closed_email = ? AND closed_at IS NOT NULL AND email <> closed_email
     ORDER BY closed_at DESC LIMIT 1`,
    [email],
  )
  return row && { id: Number(row.id), password_hash: row.password_hash }
}

export interface CloseAccountRow {
  closedAt: Date
  closedBy: number | null
  reference: string | null
  freeEmail: boolean
}

/**
 * Marks a patient's account closed and removes what closing removes; `tx` must be a transaction.
 * False when it is no open patient account (closed already, by a racing request, or not a
 * patient): then nothing was changed.
 */
export async function closeAccountRow(tx: Db, accountId: number, closure: CloseAccountRow): Promise<boolean> {
  const marked = await tx.run(
    `UPDATE accounts
     SET closed_at = ?, closed_by = ?, closed_reference = ?, closed_email = email,
         email = CASE WHEN ? THEN ? ELSE email END,
         token_version = token_version + 1
     WHERE id = ? AND portal = 'customer' AND closed_at IS NULL`,
    [closure.closedAt.toISOString(), closure.closedBy, closure.reference, closure.freeEmail, freedEmailPlaceholder(accountId), accountId],
  )
  if (marked.changes !== 1) return false
  // Every session everywhere, and the e-mailed links that could open a new one.
  await tx.run('DELETE FROM refresh_tokens WHERE account_id = ?', [accountId])
  await tx.run('DELETE FROM email_tokens WHERE account_id = ?', [accountId])
  // Reminders stop (the job also skips closed accounts), and no message notice goes out.
  await tx.run('DELETE FROM reminder_preferences WHERE account_id = ?', [accountId])
  await tx.run('DELETE FROM message_notices WHERE recipient_id = ?', [accountId])
  // Connected services: tokens (device_tokens cascades from its connection), pending consents.
  await tx.run('DELETE FROM device_connections WHERE account_id = ?', [accountId])
  await tx.run('DELETE FROM device_authorizations WHERE account_id = ?', [accountId])
  // The personal details that are not clinical; name, date of birth, sex, height and the starting
  // weight identify the record and belong to it, so they stay.
  await tx.run(
    `UPDATE customer_profiles
     SET personal = personal - CAST(? AS text[]), device_information = NULL, updated_at = ?
     WHERE account_id = ?`,
    [`{${NON_CLINICAL_PERSONAL_FIELDS.join(',')}}`, closure.closedAt.toISOString(), accountId],
  )
  markPatientChanged(tx, accountId)
  return true
}

/** Closed accounts whose record is due for deletion (closed at or before `closedBefore`), oldest first. */
export async function closedAccountsDue(db: Db, closedBefore: Date, limit: number): Promise<{ id: number; closed_at: string }[]> {
  const rows = await db.all<{ id: number; closed_at: string }>(
    `SELECT id, closed_at FROM accounts
     WHERE portal = 'customer' AND closed_at IS NOT NULL AND closed_at <= ?
     ORDER BY closed_at, id LIMIT ?`,
    [closedBefore.toISOString(), limit],
  )
  return rows.map((row) => ({ id: Number(row.id), closed_at: row.closed_at }))
}

/**
 * Deletes a closed account and, by cascade, its whole record. Only while it is still due (a row
 * another instance deleted, or one reopened by hand, is left alone): true when this call deleted it.
 */
export async function deleteClosedAccount(tx: Db, accountId: number, closedBefore: Date): Promise<boolean> {
  const deleted = await tx.run(
    `DELETE FROM accounts WHERE id = ? AND portal = 'customer' AND closed_at IS NOT NULL AND closed_at <= ?`,
    [accountId, closedBefore.toISOString()],
  )
  return deleted.changes === 1
}
