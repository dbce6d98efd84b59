// Closed patient accounts (migration 0014): closing one, reading its state, and the retention job's
// deletion. Every patient table references accounts(id) ON DELETE CASCADE, so deleting the account
// row deletes the whole record and nothing else; audit_events.target_account_id has no foreign key,
// so the trail of what happened to the record outlives it.
import { sql } from 'kysely'
import { auditedChange, type AuditEventInput } from './audit.js'
import { changed, requirePatientUnit } from './units.js'
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
  const row = await db.kysely
    .selectFrom('accounts')
    .select(['closed_at', 'closed_by', 'closed_reference', 'closed_email', 'email'])
    .where('id', '=', accountId)
    .executeTakeFirst()
  if (!row?.closed_at) return null
  return {
    closed_at: row.closed_at,
    closed_by: row.closed_by,
    closed_reference: row.closed_reference,
    closed_email: row.closed_email ?? row.email,
  }
}

/**
 * The closed account that last held `email` after the address was freed (its `email` is now the
 * placeholder), so its owner's sign-in can be told the account is closed. Undefined when none.
 */
export async function findClosedByFreedEmail(db: Db, email: string): Promise<{ id: number; password_hash: string } | undefined> {
  return db.kysely
    .selectFrom('accounts')
    .select(['id', 'password_hash'])
    .where('closed_email', '=', email)
    .where('closed_at', 'is not', null)
    .whereRef('email', '<>', 'closed_email')
    .orderBy('closed_at', 'desc')
    .limit(1)
    .executeTakeFirst()
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
  requirePatientUnit(tx)
  const at = closure.closedAt.toISOString()
  const marked = await tx.kysely
    .updateTable('accounts')
    .set((eb) => ({
      closed_at: at,
      closed_by: closure.closedBy,
      closed_reference: closure.reference,
      closed_email: eb.ref('email'),
      email: closure.freeEmail ? freedEmailPlaceholder(accountId) : eb.ref('email'),
      token_version: eb('token_version', '+', 1),
    }))
    .where('id', '=', accountId)
    .where('portal', '=', 'customer')
    .where('closed_at', 'is', null)
    .executeTakeFirst()
  if (marked.numUpdatedRows !== 1n) return false
  // Every session everywhere, and the e-mailed links that could open a new one.
  await tx.kysely.deleteFrom('refresh_tokens').where('account_id', '=', accountId).execute()
  await tx.kysely.deleteFrom('email_tokens').where('account_id', '=', accountId).execute()
  // Reminders stop (the job also skips closed accounts), and no message notice goes out.
  await tx.kysely.deleteFrom('reminder_preferences').where('account_id', '=', accountId).execute()
  await tx.kysely.deleteFrom('message_notices').where('recipient_id', '=', accountId).execute()
  // Connected services: tokens (device_tokens cascades from its connection), pending consents.
  await tx.kysely.deleteFrom('device_connections').where('account_id', '=', accountId).execute()
  await tx.kysely.deleteFrom('device_authorizations').where('account_id', '=', accountId).execute()
  // The personal details that are not clinical; name, date of birth, sex, height and the starting
  // weight identify the record and belong to it, so they stay.
  await tx.kysely
    .updateTable('customer_profiles')
    // jsonb minus a text[] of keys has no builder form.
    .set({ personal: sql<string>`personal - CAST(${`{${NON_CLINICAL_PERSONAL_FIELDS.join(',')}}`} AS text[])`, device_information: null, updated_at: at })
    .where('account_id', '=', accountId)
    .execute()
  changed(tx, accountId)
  return true
}

/** Closed accounts whose record is due for deletion (closed at or before `closedBefore`), oldest first. */
export async function closedAccountsDue(db: Db, closedBefore: Date, limit: number): Promise<{ id: number; closed_at: string }[]> {
  const rows = await db.kysely
    .selectFrom('accounts')
    .select(['id', 'closed_at'])
    .where('portal', '=', 'customer')
    .where('closed_at', 'is not', null)
    .where('closed_at', '<=', closedBefore.toISOString())
    .orderBy('closed_at')
    .orderBy('id')
    .limit(limit)
    .execute()
  // closed_at IS NOT NULL above: every row has one.
  return rows.flatMap((row) => (row.closed_at === null ? [] : [{ id: row.id, closed_at: row.closed_at }]))
}

/**
 * The retention job's unit for one record: deletes the closed account (closed at or before
 * `closedBefore`) and writes `event`, its audit row, in the same transaction. True when this call
 * deleted it; false, with nothing written, when it was no longer due.
 */
export async function deleteExpiredRecord(db: Db, accountId: number, closedBefore: Date, event: AuditEventInput): Promise<boolean> {
  return auditedChange(
    db,
    (tx) => deleteClosedAccount(tx, accountId, closedBefore),
    (deleted) => (deleted ? event : null),
  )
}

/**
 * Deletes a closed account and, by cascade, its whole record. Only while it is still due (a row
 * another instance deleted, or one reopened by hand, is left alone): true when this call deleted it.
 */
async function deleteClosedAccount(tx: Db, accountId: number, closedBefore: Date): Promise<boolean> {
  const deleted = await tx.kysely
    .deleteFrom('accounts')
    .where('id', '=', accountId)
    .where('portal', '=', 'customer')
    .where('closed_at', 'is not', null)
    .where('closed_at', '<=', closedBefore.toISOString())
    .executeTakeFirst()
  return deleted.numDeletedRows === 1n
}
