import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { seedDemoPatients } from '../../provider/dev/demo-patients'
import { seedDemoPatients as fromScriptModule } from '../../provider/dev/seed-demo'
import { defaultSeedAdmins } from '../../provider/index'
import { changePatients } from '../../provider/patient-changes'
import { seedAdmins } from '../../provider/seed-admins'
import { insertAccount } from '../../provider/store/accounts'
import { GOOD_PASSWORD, SUPER } from '../support/fixtures'
import {
  expectError,
  login,
  openTestStore,
  startTestProvider,
  TEST_ENGINE,
  testStoreOptions,
  verifiedCustomer,
  withTestProvider,
} from './helpers'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'baricare-provider-seed-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('defaultSeedAdmins', () => {
  test('in development: the documented demo admins', () => {
    expect(defaultSeedAdmins({ NODE_ENV: 'development' })).toEqual([
      { email: 'super@baricare.test', password: 'Super#Admin1', full_name: 'Sam Super', role: 'Super Admin' },
      {
        email: 'admin@baricare.test',
        password: 'Standard#Admin1',
        full_name: 'Alex Admin',
        role: 'Standard Admin',
      },
    ])
    expect(defaultSeedAdmins({})).toHaveLength(2)
  })

  test('the SEED_* variables replace the demo accounts', () => {
    const admins = defaultSeedAdmins({
      NODE_ENV: 'production',
      SEED_SUPER_ADMIN_EMAIL: 'boss@clinic.example',
      SEED_SUPER_ADMIN_PASSWORD: 'Boss#Pass1',
      SEED_STANDARD_ADMIN_EMAIL: 'staff@clinic.example',
      SEED_STANDARD_ADMIN_PASSWORD: 'Staff#Pass1',
    })
    expect(admins.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: 'boss@clinic.example', role: 'Super Admin' },
      { email: 'staff@clinic.example', role: 'Standard Admin' },
    ])
  })

  test('in production without the variables: none (and only the ones set)', () => {
    expect(defaultSeedAdmins({ NODE_ENV: 'production' })).toEqual([])
    const onlySuper = defaultSeedAdmins({
      NODE_ENV: 'production',
      SEED_SUPER_ADMIN_EMAIL: 'boss@clinic.example',
      SEED_SUPER_ADMIN_PASSWORD: 'Boss#Pass1',
      SEED_STANDARD_ADMIN_EMAIL: 'staff@clinic.example',
    })
    expect(onlySuper.map((a) => a.role)).toEqual(['Super Admin'])
  })
})

describe('seedAdmins', () => {
  test('reports each admin it refuses in order, then the ones it added; a second run on a seeded database says nothing', async () => {
    const store = await openTestStore()
    try {
      await changePatients(store, (tx) =>
        insertAccount(tx, { email: 'taken@clinic.example', portal: 'customer', passwordHash: 'x' }),
      )
      const admin = (email: string, role: 'Super Admin' | 'Standard Admin' = 'Super Admin') => ({
        email,
        password: 'Seed#Pass1',
        full_name: 'Seeded',
        role,
      })
      const logged: string[] = []
      const admins = [
        admin('first@clinic.example'),
        admin('not-an-email'),
        admin(' FIRST@clinic.example '),
        admin('taken@clinic.example'),
        admin('second@clinic.example', 'Standard Admin'),
      ]
      await seedAdmins(store, admins, (line) => logged.push(line))
      expect(logged).toEqual([
        'provider: not seeding admin "not-an-email": invalid or duplicate e-mail',
        'provider: not seeding admin "first@clinic.example": invalid or duplicate e-mail',
        'provider: not seeding admin taken@clinic.example: a customer already uses this email',
        'provider: seeded Super Admin first@clinic.example',
        'provider: seeded Standard Admin second@clinic.example',
      ])
      const again: string[] = []
      await seedAdmins(store, [admin('third@clinic.example')], (line) => again.push(line))
      expect(again).toEqual([])
      const emails = await store.all<{ email: string }>("SELECT email FROM accounts WHERE portal = 'admin' ORDER BY id")
      expect(emails.map((row) => row.email)).toEqual(['first@clinic.example', 'second@clinic.example'])
    } finally {
      await store.close()
    }
    // Six password hashes on a busy machine.
  }, 60_000)
})

describe('storage', () => {
  test('the database is created (embedded: in {dataDir}/pglite) and kept across restarts', async () => {
    const dataDir = join(tempDir(), 'nested', 'data')
    const first = await startTestProvider({ dataDir })
    if (TEST_ENGINE === 'pglite') expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)
    const customer = await verifiedCustomer(first)
    await first.call('POST', 'v1/auth/tour-completed/', { token: customer.access })
    await first.close()

    await withTestProvider({ dataDir }, async (second) => {
      const { access } = await login(second, 'customer', customer.email, GOOD_PASSWORD)
      const profile = await second.call('GET', 'v1/auth/profile/', { token: access })
      expect((profile.json.content as { profile: { has_seen_tour: boolean } }).profile.has_seen_tour).toBe(
        true,
      )
    })
  })

  test('admins are seeded only while the database has none', async () => {
    const dataDir = tempDir()
    const first = await startTestProvider({ dataDir })
    expect(first.logged.filter((line) => line.includes('seeded'))).toHaveLength(2)
    await first.close()
    const second = await startTestProvider({
      dataDir,
      admins: [
        { email: 'late@clinic.example', password: 'Late#Pass1', full_name: 'Late', role: 'Super Admin' },
      ],
    })
    try {
      expectError(
        await second.call('POST', 'v1/admin/login/', {
          body: { email: 'late@clinic.example', password: 'Late#Pass1' },
        }),
        401,
      )
      await login(second, 'admin', SUPER.email, SUPER.password)
    } finally {
      await second.close()
    }
  })

  test('with no admins given, none are created', async () => {
    await withTestProvider({ admins: [] }, async (provider) => {
      expectError(await provider.call('POST', 'v1/admin/login/', { body: SUPER }), 401)
    })
  })

  test('a fixed tokenSecret signs alike, but a session lives only in the database that began it', async () => {
    const a = await startTestProvider({ tokenSecret: 'shared-secret' })
    const b = await startTestProvider({ tokenSecret: 'shared-secret' })
    try {
      // Same seeded admin id (1) and token version in both fresh databases; the signature passes in
      // both, the session (ended by sign-out) is known only to a.
      const { access } = await login(a, 'admin', SUPER.email, SUPER.password)
      expect((await a.call('GET', 'v1/admin/profile/', { token: access })).status).toBe(200)
      expect((await b.call('GET', 'v1/admin/profile/', { token: access })).status).toBe(401)
    } finally {
      await a.close()
      await b.close()
    }
  })
})

describe('seedDemoPatients', () => {
  interface Profile {
    profile: Record<string, boolean>
    personal: Record<string, unknown> | null
    preferences: Record<string, string>
  }

  test('adds four verified patients in different onboarding states, idempotently', async () => {
    // Seeded before the provider starts: the embedded database has one owner at a time.
    const dataDir = tempDir()
    const options = await testStoreOptions(dataDir)
    const patients = await seedDemoPatients(dataDir, options)
    expect(await fromScriptModule(dataDir, options)).toEqual(patients)
    await withTestProvider({ dataDir }, async (provider) => {
      expect(patients.map((p) => p.state)).toEqual([
        'verified',
        'medical_completed',
        'onboarded_kg',
        'onboarded_lbs',
      ])
      expect(new Set(patients.map((p) => p.password))).toEqual(new Set(['Patient#123']))

      const profiles: Record<string, Profile> = {}
      for (const patient of patients) {
        const { access } = await login(provider, 'customer', patient.email, patient.password)
        const res = await provider.call('GET', 'v1/auth/profile/', { token: access })
        profiles[patient.state] = res.json.content as Profile
      }
      expect(profiles.verified.profile).toMatchObject({ profile_completed: false, is_onboarded: false })
      expect(profiles.verified.personal).toBeNull()
      expect(profiles.medical_completed.profile).toMatchObject({
        profile_completed: true,
        medical_completed: true,
        bariatric_completed: false,
        is_onboarded: false,
      })
      expect(profiles.onboarded_kg.profile).toMatchObject({ is_onboarded: true, has_seen_tour: true })
      expect(profiles.onboarded_kg.preferences).toMatchObject({ height_unit: 'cm', weight_unit: 'kg' })
      expect(profiles.onboarded_lbs.profile).toMatchObject({ is_onboarded: true, has_seen_tour: false })
      expect(profiles.onboarded_lbs.preferences).toMatchObject({ height_unit: 'ft-in', weight_unit: 'lbs' })
      expect(profiles.onboarded_lbs.personal).toMatchObject({
        height: 177.8,
        height_unit: 'ft-in',
        weight_unit: 'lbs',
      })
    })
  })

  // Creating the embedded database itself (initdb in a child process), as a first `npm start` does.
  test.skipIf(TEST_ENGINE === 'postgres')('works on a data directory that does not exist yet', async () => {
    const dataDir = join(tempDir(), 'fresh')
    const patients = await seedDemoPatients(dataDir)
    expect(patients).toHaveLength(4)
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)
  }, 60_000)
})
