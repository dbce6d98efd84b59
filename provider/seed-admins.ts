import { isValidEmail } from '../common/email'
import { countAdmins, emailTaken, insertAccount, type AdminRole } from './store/accounts.js'
import { hashPassword } from './passwords.js'
import type { Db } from './store/sql.js'

export interface SeedAdmin {
  email: string
  password: string
  full_name: string
  role: AdminRole
}

/** The demo credentials documented in docs/provider-api.md; development only. */
const DEMO_SUPER_ADMIN: SeedAdmin = {
  email: 'super@baricare.test',
  password: 'Super#Admin1',
  full_name: 'Sam Super',
  role: 'Super Admin',
}
const DEMO_STANDARD_ADMIN: SeedAdmin = {
  email: 'admin@baricare.test',
  password: 'Standard#Admin1',
  full_name: 'Alex Admin',
  role: 'Standard Admin',
}

/**
 * The admins to seed on an empty database: each from its SEED_* pair when both are set, otherwise
 * (outside production) the demo account. In production with nothing set this is [] and the
 * caller should warn that nobody can sign in to the admin portal.
 */
export function defaultSeedAdmins(env: Record<string, string | undefined>): SeedAdmin[] {
  const production = env.NODE_ENV === 'production'
  const pick = (emailVar: string, passwordVar: string, fullName: string, demo: SeedAdmin): SeedAdmin[] => {
    const email = env[emailVar]?.trim()
    const password = env[passwordVar]
    if (email && password) return [{ email, password, full_name: fullName, role: demo.role }]
    return production ? [] : [demo]
  }
  return [
    ...pick('SEED_SUPER_ADMIN_EMAIL', 'SEED_SUPER_ADMIN_PASSWORD', 'Super Administrator', DEMO_SUPER_ADMIN),
    ...pick(
      'SEED_STANDARD_ADMIN_EMAIL',
      'SEED_STANDARD_ADMIN_PASSWORD',
      'Administrator',
      DEMO_STANDARD_ADMIN,
    ),
  ]
}

/** Creates the given admins, but only while the database has none, so a restart never re-adds a removed one. */
export async function seedAdmins(db: Db, admins: SeedAdmin[], log: (line: string) => void): Promise<void> {
  if (admins.length === 0 || (await countAdmins(db)) > 0) return
  const hashed = await Promise.all(
    admins.map(async (admin) => ({
      ...admin,
      email: admin.email.trim().toLowerCase(),
      hash: await hashPassword(admin.password),
    })),
  )
  const seeded: string[] = []
  await db.transaction(async (tx) => {
    if ((await countAdmins(tx)) > 0) return
    const seen = new Set<string>()
    for (const admin of hashed) {
      if (!isValidEmail(admin.email) || seen.has(admin.email)) {
        log(`provider: not seeding admin "${admin.email}": invalid or duplicate e-mail`)
        continue
      }
      seen.add(admin.email)
      if (await emailTaken(tx, admin.email)) {
        log(`provider: not seeding admin ${admin.email}: a customer already uses this email`)
        continue
      }
      // Two processes starting on one new database may both get here: the e-mail's UNIQUE
      // constraint (ON CONFLICT DO NOTHING in insertAccount) lets only one of them add it.
      const account = await insertAccount(tx, {
        email: admin.email,
        portal: 'admin',
        passwordHash: admin.hash,
        fullName: admin.full_name,
        role: admin.role,
        emailVerified: true,
      })
      if (account) seeded.push(`provider: seeded ${admin.role} ${admin.email}`)
    }
  })
  // Logged after the commit, so a rolled-back seed never claims to have added anyone.
  for (const line of seeded) log(line)
}
