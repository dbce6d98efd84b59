import type { Updateable } from 'kysely'
import type { CustomerProfilesTable, Row } from '../db/schema.js'
import type { Account } from './accounts.js'
import type { Db } from './sql.js'
import { changed } from './units.js'
import { readTargets } from './entries.js'
import type { BariatricSection, DeviceSection, MedicalSection, PersonalSection } from '../../common/contract/profile'

export interface ProfileFlags {
  is_onboarded: boolean
  profile_completed: boolean
  medical_completed: boolean
  bariatric_completed: boolean
  has_seen_tour: boolean
}

type ProfileRow = Pick<
  Row<'customer_profiles'>,
  | 'personal'
  | 'medical_history'
  | 'bariatric_surgery'
  | 'device_information'
  | 'is_onboarded'
  | 'profile_completed'
  | 'medical_completed'
  | 'bariatric_completed'
  | 'has_seen_tour'
>

const SECTION_FLAGS = {
  personal: 'profile_completed',
  medical_history: 'medical_completed',
  bariatric_surgery: 'bariatric_completed',
  device_information: 'is_onboarded',
} as const

export type SectionName = keyof typeof SECTION_FLAGS

interface SectionTypes {
  personal: PersonalSection
  medical_history: MedicalSection
  bariatric_surgery: BariatricSection
  device_information: DeviceSection
}

async function readRow(db: Db, accountId: number): Promise<ProfileRow> {
  const row = await db.kysely
    .selectFrom('customer_profiles')
    .select([
      'personal',
      'medical_history',
      'bariatric_surgery',
      'device_information',
      'is_onboarded',
      'profile_completed',
      'medical_completed',
      'bariatric_completed',
      'has_seen_tour',
    ])
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (row) return row
  // Every customer gets a row at sign-up; this only covers rows lost to hand-edited databases.
  await ensureRow(db, accountId)
  return readRow(db, accountId)
}

async function ensureRow(db: Db, accountId: number): Promise<void> {
  await db.kysely
    .insertInto('customer_profiles')
    .values({ account_id: accountId, updated_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('account_id').doNothing())
    .execute()
}

function flagsOf(row: ProfileRow): ProfileFlags {
  return {
    is_onboarded: row.is_onboarded,
    profile_completed: row.profile_completed,
    medical_completed: row.medical_completed,
    bariatric_completed: row.bariatric_completed,
    has_seen_tour: row.has_seen_tour,
  }
}

export async function readFlags(db: Db, accountId: number): Promise<ProfileFlags> {
  return flagsOf(await readRow(db, accountId))
}

/** The GET v1/auth/profile/ content: six sections as the contract shows them. */
export async function profileContent(db: Db, account: Account) {
  const row = await readRow(db, account.id)
  const personal = row.personal
  return {
    profile: { id: account.id, email: account.email, ...flagsOf(row) },
    personal: personal && { ...personal, email: account.email },
    medical_history: row.medical_history,
    bariatric_surgery: row.bariatric_surgery,
    device_information: row.device_information,
    preferences: {
      height_unit: personal?.height_unit ?? 'cm',
      weight_unit: personal?.weight_unit ?? 'kg',
      // Extension: the health log's daily targets (docs/provider-api.md, "Extensions").
      ...(await readTargets(db, account.id)),
    },
  }
}

/** Stores a section and sets the flag that step completes (device: is_onboarded). */
export async function saveSection<S extends SectionName>(
  db: Db,
  accountId: number,
  name: S,
  section: SectionTypes[S],
): Promise<void> {
  changed(db, accountId)
  await ensureRow(db, accountId)
  const values: Updateable<CustomerProfilesTable> = { updated_at: new Date().toISOString() }
  values[name] = JSON.stringify(section)
  values[SECTION_FLAGS[name]] = true
  await db.kysely.updateTable('customer_profiles').set(values).where('account_id', '=', accountId).execute()
}

export async function markTourSeen(db: Db, accountId: number): Promise<void> {
  await ensureRow(db, accountId)
  await db.kysely
    .updateTable('customer_profiles')
    .set({ has_seen_tour: true, updated_at: new Date().toISOString() })
    .where('account_id', '=', accountId)
    .execute()
}

/**
 * Write-locks the patient's profile row until the transaction ends (a no-op UPDATE takes the row lock), so a read-modify-write of a section inside the
 * transaction cannot lose a concurrent one. `SELECT … FOR UPDATE` would do on PostgreSQL only.
 */
export async function lockProfile(tx: Db, accountId: number): Promise<void> {
  await tx.kysely
    .updateTable('customer_profiles')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('account_id', '=', accountId)
    .execute()
}

/** The personal section alone (units, initial weight), or null before the wizard's first step. */
export async function readPersonalSection(db: Db, accountId: number): Promise<PersonalSection | null> {
  const row = await db.kysely
    .selectFrom('customer_profiles')
    .select('personal')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return row?.personal ?? null
}

/** Replaces the personal section without touching the step flags (the preferences screen's units). */
export async function replacePersonalSection(db: Db, accountId: number, personal: PersonalSection): Promise<void> {
  changed(db, accountId)
  await db.kysely
    .updateTable('customer_profiles')
    .set({ personal: JSON.stringify(personal), updated_at: new Date().toISOString() })
    .where('account_id', '=', accountId)
    .execute()
}

/** The sections the admin record shows, raw (each null when never saved). */
export async function readRecordSections(
  db: Db,
  accountId: number,
): Promise<Pick<Row<'customer_profiles'>, 'personal' | 'medical_history' | 'bariatric_surgery'>> {
  const row = await db.kysely
    .selectFrom('customer_profiles')
    .select(['personal', 'medical_history', 'bariatric_surgery'])
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return row ?? { personal: null, medical_history: null, bariatric_surgery: null }
}
