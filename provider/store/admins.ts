// Extension (docs/provider-api.md, "Admins"): the admin accounts as the users screen sees them,
// and the changes a Super Admin can make to them.
import { sql, type ExpressionBuilder } from 'kysely'
import type { Database } from '../db/schema.js'
import type { AdminRole } from './accounts.js'
import { deleteEmailTokens } from './email-tokens.js'
import { revokeRefreshTokens } from './refresh-tokens.js'
import type { Db } from './sql.js'

export type AdminStatus = 'active' | 'invited' | 'deactivated'

export interface AdminListItem {
  id: number
  email: string
  full_name: string
  role: AdminRole | null
  status: AdminStatus
  created_at: string
  invited_at: string | null
  invited_by_email: string | null
  deactivated_at: string | null
  /** The newest successful sign-in, from the audit log. */
  last_sign_in_at: string | null
  /** A confirmed second factor (TOTP). */
  mfa_enabled: boolean
}

interface AdminRow extends Omit<AdminListItem, 'status'> {
  email_verified: boolean
}

function statusOf(row: { deactivated_at: string | null; invited_at: string | null; email_verified: boolean }): AdminStatus {
  if (row.deactivated_at) return 'deactivated'
  return row.invited_at && !row.email_verified ? 'invited' : 'active'
}

/** The admins' rows as the users screen reads them, with who invited them and their last sign-in. */
function selectAdmins(db: Db) {
  return db.kysely
    .selectFrom('accounts as a')
    .leftJoin('accounts as inviter', 'inviter.id', 'a.invited_by')
    .select((eb) => [
      'a.id',
      'a.email',
      'a.full_name',
      'a.role',
      'a.created_at',
      'a.invited_at',
      'a.deactivated_at',
      'a.email_verified',
      // Typed as PostgreSQL answers it: a boolean (Kysely's SqlBool also allows MySQL's 0 and 1).
      eb('a.mfa_enabled_at', 'is not', null).$castTo<boolean>().as('mfa_enabled'),
      'inviter.email as invited_by_email',
      eb
        .selectFrom('audit_events as e')
        .select((inner) => inner.fn.max<string | null>('e.at').as('at'))
        .where('e.action', '=', 'sign_in')
        .whereRef('e.actor_account_id', '=', 'a.id')
        // ->> on a jsonb document: the builder has no typed form for it.
        .where(sql<string>`e.details->>'outcome'`, '=', 'success')
        .as('last_sign_in_at'),
    ])
    .where('a.portal', '=', 'admin')
}

function toItem({ email_verified, ...row }: AdminRow): AdminListItem {
  return { ...row, status: statusOf({ ...row, email_verified }) }
}

/** Every admin: active ones first, then invited, then deactivated; by name within each. */
export async function listAdmins(db: Db): Promise<AdminListItem[]> {
  const rows: AdminRow[] = await selectAdmins(db)
    .orderBy((eb) => eb.fn('lower', ['a.full_name']))
    .orderBy('a.email')
    .execute()
  const rank: Record<AdminStatus, number> = { active: 0, invited: 1, deactivated: 2 }
  return rows.map(toItem).sort((a, b) => rank[a.status] - rank[b.status])
}

export async function findAdmin(db: Db, id: number): Promise<AdminListItem | undefined> {
  const row: AdminRow | undefined = await selectAdmins(db).where('a.id', '=', id).executeTakeFirst()
  return row && toItem(row)
}

export async function isDeactivated(db: Db, accountId: number): Promise<boolean> {
  const row = await db.kysely.selectFrom('accounts').select('deactivated_at').where('id', '=', accountId).executeTakeFirst()
  return Boolean(row?.deactivated_at)
}

/** Super Admins who can sign in now; invited ones do not count, as they may never accept. */
function activeSuperAdmin(eb: ExpressionBuilder<Database, 'accounts'>) {
  return eb.and([
    eb('portal', '=', 'admin'),
    eb('role', '=', 'Super Admin'),
    eb('deactivated_at', 'is', null),
    eb.ref('email_verified'),
  ])
}

export async function countActiveSuperAdmins(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(activeSuperAdmin)
    .executeTakeFirst()
  return row?.n ?? 0
}

/**
 * Whether taking Super Admin away from this account (demotion or deactivation) would leave none.
 * Only meaningful inside a transaction that has run lockActiveSuperAdmins first.
 */
async function isLastActiveSuperAdmin(tx: Db, accountId: number): Promise<boolean> {
  const target = await tx.kysely
    .selectFrom('accounts')
    .select((eb) => eb.lit(1).as('one'))
    .where('id', '=', accountId)
    .where(activeSuperAdmin)
    .executeTakeFirst()
  if (!target) return false
  const others = await tx.kysely
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(activeSuperAdmin)
    .where('id', '<>', accountId)
    .executeTakeFirst()
  return (others?.n ?? 0) === 0
}

/**
 * The last-Super-Admin rule under concurrency: two Super Admins demoting each other at once must
 * not both succeed. A no-op UPDATE of every active Super Admin row write-locks them all (row locks), so the second transaction waits for the first
 * and then counts what it committed, instead of both counting "two" from their own snapshots.
 */
async function lockActiveSuperAdmins(tx: Db): Promise<void> {
  await tx.kysely
    .updateTable('accounts')
    .set((eb) => ({ role: eb.ref('role') }))
    .where(activeSuperAdmin)
    .execute()
}

export async function markInvited(db: Db, accountId: number, invitedBy: number): Promise<void> {
  await db.kysely
    .updateTable('accounts')
    .set({ invited_at: new Date().toISOString(), invited_by: invitedBy })
    .where('id', '=', accountId)
    .execute()
}

/** Whether this admin was invited and can still accept (not deactivated since). */
export async function hasPendingInvitation(db: Db, accountId: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select(['invited_at', 'deactivated_at'])
    .where('id', '=', accountId)
    .executeTakeFirst()
  return row !== undefined && row.invited_at !== null && row.deactivated_at === null
}

/** A re-invitation may correct the name and role the first one gave. */
export async function updateInvitee(db: Db, accountId: number, fullName: string, role: AdminRole): Promise<void> {
  await db.kysely.updateTable('accounts').set({ full_name: fullName, role }).where('id', '=', accountId).execute()
}

/**
 * The one place that ends an admin's sessions: bumping token_version retires every access token at
 * its next use, deleting refresh tokens stops new ones, deleting e-mail tokens voids pending links.
 */
async function endSessions(db: Db, accountId: number): Promise<void> {
  await db.kysely
    .updateTable('accounts')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', accountId)
    .execute()
  await revokeRefreshTokens(db, accountId)
}

/** False (and nothing changed) when it would demote the last active Super Admin. */
export async function setRole(db: Db, accountId: number, role: AdminRole): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (role !== 'Super Admin') {
      await lockActiveSuperAdmins(tx)
      if (await isLastActiveSuperAdmin(tx, accountId)) return false
    }
    await tx.kysely.updateTable('accounts').set({ role }).where('id', '=', accountId).execute()
    await endSessions(tx, accountId)
    return true
  })
}

/** False (and nothing changed) when it would deactivate the last active Super Admin. */
export async function deactivate(db: Db, accountId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockActiveSuperAdmins(tx)
    if (await isLastActiveSuperAdmin(tx, accountId)) return false
    await tx.kysely
      .updateTable('accounts')
      .set({ deactivated_at: new Date().toISOString() })
      .where('id', '=', accountId)
      .execute()
    await endSessions(tx, accountId)
    await deleteEmailTokens(tx, accountId)
    return true
  })
}

export async function reactivate(db: Db, accountId: number): Promise<void> {
  await db.kysely.updateTable('accounts').set({ deactivated_at: null }).where('id', '=', accountId).execute()
}
