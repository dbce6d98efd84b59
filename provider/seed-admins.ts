import { isValidEmail } from '../common/email'
import { countAdmins, insertFirstAdmins, type AdminRole } from './store/accounts.js'
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
  // Refused before the unit (the rules need no database); reported with the unit's outcomes, in
  // the order given, once it has committed.
  const seen = new Set<string>()
  const planned = hashed.map((admin) => {
    const refused = !isValidEmail(admin.email) || seen.has(admin.email)
    if (!refused) seen.add(admin.email)
    return { admin, refused }
  })
  const outcomes = await insertFirstAdmins(
    db,
    planned
      .filter(({ refused }) => !refused)
      .map(({ admin }) => ({ email: admin.email, passwordHash: admin.hash, fullName: admin.full_name, role: admin.role })),
  )
  // Another process seeded first: it reports its own.
  if (outcomes === null) return
  const seeded: string[] = []
  let next = 0
  for (const { admin, refused } of planned) {
    if (refused) {
      log(`provider: not seeding admin "${admin.email}": invalid or duplicate e-mail`)
      continue
    }
    const outcome = outcomes[next++]
    if (outcome === 'taken') log(`provider: not seeding admin ${admin.email}: a customer already uses this email`)
    if (outcome === 'added') seeded.push(`provider: seeded ${admin.role} ${admin.email}`)
  }
  // Logged after the commit, so a rolled-back seed never claims to have added anyone.
  for (const line of seeded) log(line)
}
