import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../db/schema.js'
import { changed, requirePatientUnit } from './units.js'
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

/** The columns of an Account, for `select` on the accounts table. */
export function accountColumns(eb: ExpressionBuilder<Database, 'accounts'>) {
  return [
    'accounts.id',
    'accounts.email',
    'accounts.portal',
    'accounts.password_hash',
    'accounts.full_name',
    'accounts.role',
    'accounts.email_verified',
    'accounts.token_version',
    // Typed as PostgreSQL answers it: a boolean (Kysely's SqlBool also allows MySQL's 0 and 1).
    eb('accounts.mfa_enabled_at', 'is not', null).$castTo<boolean>().as('mfa_enabled'),
    eb('accounts.closed_at', 'is not', null).$castTo<boolean>().as('closed'),
  ] as const
}

export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  return db.kysely.selectFrom('accounts').select(accountColumns).where('email', '=', email).executeTakeFirst()
}

export async function findAccountById(db: Db, id: number): Promise<Account | undefined> {
  return db.kysely.selectFrom('accounts').select(accountColumns).where('id', '=', id).executeTakeFirst()
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select((eb) => eb.lit(1).as('one'))
    .where('email', '=', email)
    .executeTakeFirst()
  return row !== undefined
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
  // A patient's account is a patient's first fact: refused before anything is written outside a unit.
  if (account.portal === 'customer') requirePatientUnit(db)
  return db.transaction(async (tx) => {
    const now = new Date().toISOString()
    const inserted = await tx.kysely
      .insertInto('accounts')
      .values({
        email: account.email,
        portal: account.portal,
        password_hash: account.passwordHash,
        full_name: account.fullName ?? '',
        role: account.role ?? null,
        email_verified: account.emailVerified ?? false,
        created_at: now,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) return undefined
    if (account.portal === 'customer') {
      await tx.kysely.insertInto('customer_profiles').values({ account_id: inserted.id, updated_at: now }).execute()
      changed(tx, inserted.id)
    }
    return findAccountById(tx, inserted.id)
  })
}

export async function markEmailVerified(db: Db, accountId: number): Promise<void> {
  changed(db, accountId)
  await db.kysely.updateTable('accounts').set({ email_verified: true }).where('id', '=', accountId).execute()
}

/** New password; bumping token_version retires every access token issued before. */
export async function replacePassword(db: Db, accountId: number, passwordHash: string): Promise<void> {
  await db.kysely
    .updateTable('accounts')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', accountId)
    .execute()
}

/**
 * The same password hashed at a stronger cost. Sessions stay (token_version is unchanged); a hash
 * changed meanwhile (a password change or reset racing the sign-in) is left as it is.
 */
export async function upgradePasswordHash(db: Db, accountId: number, from: string, to: string): Promise<void> {
  await db.kysely
    .updateTable('accounts')
    .set({ password_hash: to })
    .where('id', '=', accountId)
    .where('password_hash', '=', from)
    .execute()
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('portal', '=', 'admin')
    .executeTakeFirst()
  return row?.n ?? 0
}

/** An admin the first start-up seeds, its e-mail normalised and its password already hashed. */
export interface FirstAdmin {
  email: string
  passwordHash: string
  fullName: string
  role: AdminRole
}

/** What became of each admin given to insertFirstAdmins: added, its e-mail a customer's, or added meanwhile by another process. */
export type FirstAdminOutcome = 'added' | 'taken' | 'raced'

/**
 * The first admins of an empty database, as one unit: null (nothing written) when any admin exists,
 * checked again inside the transaction; otherwise each admin's outcome, in the order given.
 */
export async function insertFirstAdmins(db: Db, admins: readonly FirstAdmin[]): Promise<FirstAdminOutcome[] | null> {
  return db.transaction(async (tx) => {
    if ((await countAdmins(tx)) > 0) return null
    const outcomes: FirstAdminOutcome[] = []
    for (const admin of admins) {
      if (await emailTaken(tx, admin.email)) {
        outcomes.push('taken')
        continue
      }
      // Two processes starting on one new database may both get here: the e-mail's UNIQUE
      // constraint (ON CONFLICT DO NOTHING in insertAccount) lets only one of them add it.
      const account = await insertAccount(tx, {
        email: admin.email,
        portal: 'admin',
        passwordHash: admin.passwordHash,
        fullName: admin.fullName,
        role: admin.role,
        emailVerified: true,
      })
      outcomes.push(account ? 'added' : 'raced')
    }
    return outcomes
  })
}

/** For the seed scripts, which backdate sign-ups. */
export async function setCreatedAt(db: Db, accountId: number, createdAt: string): Promise<void> {
  changed(db, accountId)
  await db.kysely.updateTable('accounts').set({ created_at: createdAt }).where('id', '=', accountId).execute()
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
