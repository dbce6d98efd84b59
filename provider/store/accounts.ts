import { changingPatient, markPatientChanged } from './patient-summaries.js'
import type { Db } from './sql.js'
import type { Portal } from '../tokens.js'

export type { AdminRole } from '../../common/contract/auth-values'
import type { AdminRole } from '../../common/contract/auth-values'

export interface Account {
  id: number
  email: string
  portal: Portal
  password_hash: string
  full_name: string
  role: AdminRole | null
  email_verified: boolean
  token_version: number
  /** A confirmed second factor (TOTP). */
  mfa_enabled: boolean
  /** A patient account closed by its owner or on their written request (store/account-closure.ts). */
  closed: boolean
}

function fromRow(row: Account | undefined): Account | undefined {
  return row
}

export const ACCOUNT_COLUMNS =
  'id, email, portal, password_hash, full_name, role, email_verified, token_version, (mfa_enabled_at IS NOT NULL) AS mfa_enabled, (closed_at IS NOT NULL) AS closed'
const COLUMNS = ACCOUNT_COLUMNS

export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  return fromRow(await db.get<Account>(`SELECT ${COLUMNS} FROM accounts WHERE email = ?`, [email]))
}

export async function findAccountById(db: Db, id: number): Promise<Account | undefined> {
  return fromRow(await db.get<Account>(`SELECT ${COLUMNS} FROM accounts WHERE id = ?`, [id]))
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  return (await db.get('SELECT 1 FROM accounts WHERE email = ?', [email])) !== undefined
}

export interface NewAccount {
  email: string
  portal: Portal
  passwordHash: string
  fullName?: string
  role?: AdminRole
  emailVerified?: boolean
}

/**
 * Creates the account, and for a customer the empty profile row that GET profile reads. A second
 * request for the same e-mail loses on the UNIQUE constraint (the caller checked before hashing,
 * but two sign-ups can pass that check at once): it gets undefined, never a 500.
 */
export async function insertAccount(db: Db, account: NewAccount): Promise<Account | undefined> {
  return db.transaction(async (tx) => {
    const now = new Date().toISOString()
    const inserted = await tx.get<{ id: number }>(
      `INSERT INTO accounts (email, portal, password_hash, full_name, role, email_verified, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (email) DO NOTHING
       RETURNING id`,
      [
        account.email,
        account.portal,
        account.passwordHash,
        account.fullName ?? '',
        account.role ?? null,
        account.emailVerified ?? false,
        now,
      ],
    )
    if (!inserted) return undefined
    if (account.portal === 'customer') {
      await tx.run('INSERT INTO customer_profiles (account_id, updated_at) VALUES (?, ?)', [inserted.id, now])
      markPatientChanged(tx, inserted.id)
    }
    return findAccountById(tx, inserted.id)
  })
}

export async function markEmailVerified(db: Db, accountId: number): Promise<void> {
  await changingPatient(db, accountId, (tx) => tx.run('UPDATE accounts SET email_verified = true WHERE id = ?', [accountId]))
}

/** New password; bumping token_version retires every access token issued before. */
export async function replacePassword(db: Db, accountId: number, passwordHash: string): Promise<void> {
  await db.run('UPDATE accounts SET password_hash = ?, token_version = token_version + 1 WHERE id = ?', [
    passwordHash,
    accountId,
  ])
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM accounts WHERE portal = 'admin'")
  return Number(row?.n ?? 0)
}

/** For the seed scripts, which backdate sign-ups. */
export async function setCreatedAt(db: Db, accountId: number, createdAt: string): Promise<void> {
  await changingPatient(db, accountId, (tx) => tx.run('UPDATE accounts SET created_at = ? WHERE id = ?', [createdAt, accountId]))
}

export function adminView(account: Account): {
  id: number
  email: string
  full_name: string
  roles: AdminRole[]
  mfa_enabled: boolean
} {
  return {
    id: account.id,
    email: account.email,
    full_name: account.full_name,
    roles: account.role ? [account.role] : [],
    mfa_enabled: account.mfa_enabled,
  }
}
