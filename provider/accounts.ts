import type { Db } from './db.js'
import type { Portal } from './tokens.js'

export type AdminRole = 'Standard Admin' | 'Super Admin'

export interface Account {
  id: number
  email: string
  portal: Portal
  password_hash: string
  full_name: string
  role: AdminRole | null
  email_verified: boolean
  token_version: number
}

interface AccountRow extends Omit<Account, 'email_verified'> {
  email_verified: number
}

function fromRow(row: AccountRow | undefined): Account | undefined {
  return row && { ...row, email_verified: row.email_verified === 1 }
}

const COLUMNS = 'id, email, portal, password_hash, full_name, role, email_verified, token_version'

export function findAccountByEmail(db: Db, email: string): Account | undefined {
  return fromRow(
    db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE email = ?`).get(email) as AccountRow | undefined,
  )
}

export function findAccountById(db: Db, id: number): Account | undefined {
  return fromRow(db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE id = ?`).get(id) as AccountRow | undefined)
}

export interface NewAccount {
  email: string
  portal: Portal
  passwordHash: string
  fullName?: string
  role?: AdminRole
  emailVerified?: boolean
}

/** Creates the account, and for a customer the empty profile row that GET profile reads. */
export function insertAccount(db: Db, account: NewAccount): Account {
  const create = db.transaction(() => {
    const result = db
      .prepare(
        `INSERT INTO accounts (email, portal, password_hash, full_name, role, email_verified, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        account.email,
        account.portal,
        account.passwordHash,
        account.fullName ?? '',
        account.role ?? null,
        account.emailVerified ? 1 : 0,
        new Date().toISOString(),
      )
    const id = Number(result.lastInsertRowid)
    if (account.portal === 'customer') {
      db.prepare('INSERT INTO customer_profiles (account_id, updated_at) VALUES (?, ?)').run(
        id,
        new Date().toISOString(),
      )
    }
    return id
  })
  const created = findAccountById(db, create())
  if (!created) throw new Error('account vanished right after insert')
  return created
}

export function markEmailVerified(db: Db, accountId: number): void {
  db.prepare('UPDATE accounts SET email_verified = 1 WHERE id = ?').run(accountId)
}

/** New password; bumping token_version retires every access token issued before. */
export function replacePassword(db: Db, accountId: number, passwordHash: string): void {
  db.prepare('UPDATE accounts SET password_hash = ?, token_version = token_version + 1 WHERE id = ?').run(
    passwordHash,
    accountId,
  )
}

export function countAdmins(db: Db): number {
  const row = db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE portal = 'admin'").get() as { n: number }
  return row.n
}

export function adminView(account: Account): {
  id: number
  email: string
  full_name: string
  roles: AdminRole[]
} {
  return {
    id: account.id,
    email: account.email,
    full_name: account.full_name,
    roles: account.role ? [account.role] : [],
  }
}
