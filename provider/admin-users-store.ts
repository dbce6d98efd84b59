// Extension (docs/provider-api.md, "Admins"): the admin accounts as the users screen sees them,
// and the changes a Super Admin can make to them.
import type { AdminRole } from './accounts.js'
import type { Db } from './db.js'

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
}

interface AdminRow extends Omit<AdminListItem, 'status'> {
  email_verified: number
}

function statusOf(row: { deactivated_at: string | null; invited_at: string | null; email_verified: number }): AdminStatus {
  if (row.deactivated_at) return 'deactivated'
  return row.invited_at && row.email_verified === 0 ? 'invited' : 'active'
}

const SELECT_ADMINS = `
  SELECT a.id, a.email, a.full_name, a.role, a.created_at, a.invited_at, a.deactivated_at, a.email_verified,
         inviter.email AS invited_by_email,
         (SELECT MAX(e.at) FROM audit_events e
           WHERE e.action = 'sign_in' AND e.actor_account_id = a.id AND json_extract(e.details, '$.outcome') = 'success'
         ) AS last_sign_in_at
  FROM accounts a LEFT JOIN accounts inviter ON inviter.id = a.invited_by
  WHERE a.portal = 'admin'`

function toItem({ email_verified, ...row }: AdminRow): AdminListItem {
  return { ...row, status: statusOf({ ...row, email_verified }) }
}

/** Every admin: active ones first, then invited, then deactivated; by name within each. */
export function listAdmins(db: Db): AdminListItem[] {
  const rows = db.prepare(`${SELECT_ADMINS} ORDER BY lower(a.full_name), a.email`).all() as AdminRow[]
  const rank: Record<AdminStatus, number> = { active: 0, invited: 1, deactivated: 2 }
  return rows.map(toItem).sort((a, b) => rank[a.status] - rank[b.status])
}

export function findAdmin(db: Db, id: number): AdminListItem | undefined {
  const row = db.prepare(`${SELECT_ADMINS} AND a.id = ?`).get(id) as AdminRow | undefined
  return row && toItem(row)
}

export function isDeactivated(db: Db, accountId: number): boolean {
  const row = db.prepare('SELECT deactivated_at FROM accounts WHERE id = ?').get(accountId) as
    { deactivated_at: string | null } | undefined
  return Boolean(row?.deactivated_at)
}

/** Super Admins who can sign in now; invited ones do not count, as they may never accept. */
export function countActiveSuperAdmins(db: Db): number {
  const row = db
    .prepare(
      "SELECT COUNT(*) AS n FROM accounts WHERE portal = 'admin' AND role = 'Super Admin' AND deactivated_at IS NULL AND email_verified = 1",
    )
    .get() as { n: number }
  return row.n
}

export function markInvited(db: Db, accountId: number, invitedBy: number): void {
  db.prepare('UPDATE accounts SET invited_at = ?, invited_by = ? WHERE id = ?').run(
    new Date().toISOString(),
    invitedBy,
    accountId,
  )
}

/**
 * The one place that ends an admin's sessions: bumping token_version retires every access token at
 * its next use, deleting refresh tokens stops new ones, deleting e-mail tokens voids pending links.
 */
export function endSessions(db: Db, accountId: number): void {
  db.prepare('UPDATE accounts SET token_version = token_version + 1 WHERE id = ?').run(accountId)
  db.prepare('DELETE FROM refresh_tokens WHERE account_id = ?').run(accountId)
}

export function setRole(db: Db, accountId: number, role: AdminRole): void {
  db.transaction(() => {
    db.prepare('UPDATE accounts SET role = ? WHERE id = ?').run(role, accountId)
    endSessions(db, accountId)
  })()
}

export function deactivate(db: Db, accountId: number): void {
  db.transaction(() => {
    db.prepare('UPDATE accounts SET deactivated_at = ? WHERE id = ?').run(new Date().toISOString(), accountId)
    endSessions(db, accountId)
    db.prepare('DELETE FROM email_tokens WHERE account_id = ?').run(accountId)
  })()
}

export function reactivate(db: Db, accountId: number): void {
  db.prepare('UPDATE accounts SET deactivated_at = NULL WHERE id = ?').run(accountId)
}
