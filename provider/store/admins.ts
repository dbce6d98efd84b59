// Extension (docs/provider-api.md, "Admins"): the admin accounts as the users screen sees them,
// and the changes a Super Admin can make to them.
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

const SELECT_ADMINS = `
  SELECT a.id, a.email, a.full_name, a.role, a.created_at, a.invited_at, a.deactivated_at, a.email_verified,
         (a.mfa_enabled_at IS NOT NULL) AS mfa_enabled,
         inviter.email AS invited_by_email,
         (SELECT MAX(e.at) FROM audit_events e
           WHERE e.action = 'sign_in' AND e.actor_account_id = a.id AND e.details->>'outcome' = 'success'
         ) AS last_sign_in_at
  FROM accounts a LEFT JOIN accounts inviter ON inviter.id = a.invited_by
  WHERE a.portal = 'admin'`

function toItem({ email_verified, ...row }: AdminRow): AdminListItem {
  return { ...row, status: statusOf({ ...row, email_verified }) }
}

/** Every admin: active ones first, then invited, then deactivated; by name within each. */
export async function listAdmins(db: Db): Promise<AdminListItem[]> {
  const rows = await db.all<AdminRow>(`${SELECT_ADMINS} ORDER BY lower(a.full_name), a.email`)
  const rank: Record<AdminStatus, number> = { active: 0, invited: 1, deactivated: 2 }
  return rows.map(toItem).sort((a, b) => rank[a.status] - rank[b.status])
}

export async function findAdmin(db: Db, id: number): Promise<AdminListItem | undefined> {
  const row = await db.get<AdminRow>(`${SELECT_ADMINS} AND a.id = ?`, [id])
  return row && toItem(row)
}

export async function isDeactivated(db: Db, accountId: number): Promise<boolean> {
  const row = await db.get<{ deactivated_at: string | null }>('SELECT deactivated_at FROM accounts WHERE id = ?', [
    accountId,
  ])
  return Boolean(row?.deactivated_at)
}

/** Super Admins who can sign in now; invited ones do not count, as they may never accept. */
const ACTIVE_SUPER_ADMIN = "portal = 'admin' AND role = 'Super Admin' AND deactivated_at IS NULL AND email_verified"

export async function countActiveSuperAdmins(db: Db): Promise<number> {
  const row = await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM accounts WHERE ${ACTIVE_SUPER_ADMIN}`)
  return Number(row?.n ?? 0)
}

/**
 * Whether taking Super Admin away from this account (demotion or deactivation) would leave none.
 * Only meaningful inside a transaction that has run lockActiveSuperAdmins first.
 */
async function isLastActiveSuperAdmin(tx: Db, accountId: number): Promise<boolean> {
  const target = await tx.get(`SELECT 1 FROM accounts WHERE id = ? AND ${ACTIVE_SUPER_ADMIN}`, [accountId])
  if (!target) return false
  const others = await tx.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM accounts WHERE ${ACTIVE_SUPER_ADMIN} AND id <> ?`,
    [accountId],
  )
  return Number(others?.n ?? 0) === 0
}

/**
 * The last-Super-Admin rule under concurrency: two Super Admins demoting each other at once must
 * not both succeed. A no-op UPDATE of every active Super Admin row write-locks them all (row locks), so the second transaction waits for the first
 * and then counts what it committed, instead of both counting "two" from their own snapshots.
 */
async function lockActiveSuperAdmins(tx: Db): Promise<void> {
  await tx.run(`UPDATE accounts SET role = role WHERE ${ACTIVE_SUPER_ADMIN}`)
}

export async function markInvited(db: Db, accountId: number, invitedBy: number): Promise<void> {
  await db.run('UPDATE accounts SET invited_at = ?, invited_by = ? WHERE id = ?', [
    new Date().toISOString(),
    invitedBy,
    accountId,
  ])
}

/** Whether this admin was invited and can still accept (not deactivated since). */
export async function hasPendingInvitation(db: Db, accountId: number): Promise<boolean> {
  const row = await db.get<{ invited_at: string | null; deactivated_at: string | null }>(
    'SELECT invited_at, deactivated_at FROM accounts WHERE id = ?',
    [accountId],
  )
  return row !== undefined && row.invited_at !== null && row.deactivated_at === null
}

/** A re-invitation may correct the name and role the first one gave. */
export async function updateInvitee(db: Db, accountId: number, fullName: string, role: AdminRole): Promise<void> {
  await db.run('UPDATE accounts SET full_name = ?, role = ? WHERE id = ?', [fullName, role, accountId])
}

/**
 * The one place that ends an admin's sessions: bumping token_version retires every access token at
 * its next use, deleting refresh tokens stops new ones, deleting e-mail tokens voids pending links.
 */
async function endSessions(db: Db, accountId: number): Promise<void> {
  await db.run('UPDATE accounts SET token_version = token_version + 1 WHERE id = ?', [accountId])
  await revokeRefreshTokens(db, accountId)
}

/** False (and nothing changed) when it would demote the last active Super Admin. */
export async function setRole(db: Db, accountId: number, role: AdminRole): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (role !== 'Super Admin') {
      await lockActiveSuperAdmins(tx)
      if (await isLastActiveSuperAdmin(tx, accountId)) return false
    }
    await tx.run('UPDATE accounts SET role = ? WHERE id = ?', [role, accountId])
    await endSessions(tx, accountId)
    return true
  })
}

/** False (and nothing changed) when it would deactivate the last active Super Admin. */
export async function deactivate(db: Db, accountId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockActiveSuperAdmins(tx)
    if (await isLastActiveSuperAdmin(tx, accountId)) return false
    await tx.run('UPDATE accounts SET deactivated_at = ? WHERE id = ?', [new Date().toISOString(), accountId])
    await endSessions(tx, accountId)
    await deleteEmailTokens(tx, accountId)
    return true
  })
}

export async function reactivate(db: Db, accountId: number): Promise<void> {
  await db.run('UPDATE accounts SET deactivated_at = NULL WHERE id = ?', [accountId])
}
