import type { Account } from './accounts.js'
import type { Db } from './sql.js'
import { changingPatient } from './patient-summaries.js'
import { readTargets } from './entries.js'
import type { BariatricSection, DeviceSection, MedicalSection, PersonalSection } from '../profile-sections.js'

export interface ProfileFlags {
  is_onboarded: boolean
  profile_completed: boolean
  medical_completed: boolean
  bariatric_completed: boolean
  has_seen_tour: boolean
}

interface ProfileRow {
  personal: PersonalSection | null
  medical_history: MedicalSection | null
  bariatric_surgery: BariatricSection | null
  device_information: DeviceSection | null
  is_onboarded: boolean
  profile_completed: boolean
  medical_completed: boolean
  bariatric_completed: boolean
  has_seen_tour: boolean
}

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
  const row = await db.get<ProfileRow>(
    `SELECT personal, medical_history, bariatric_surgery, device_information, is_onboarded,
            profile_completed, medical_completed, bariatric_completed, has_seen_tour
     FROM customer_profiles WHERE account_id = ?`,
    [accountId],
  )
  if (row) return row
  // Every customer gets a row at sign-up; this only covers rows lost to hand-edited databases.
  await ensureRow(db, accountId)
  return readRow(db, accountId)
}

function ensureRow(db: Db, accountId: number) {
  return db.run('INSERT INTO customer_profiles (account_id, updated_at) VALUES (?, ?) ON CONFLICT (account_id) DO NOTHING', [
    accountId,
    new Date().toISOString(),
  ])
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
  await changingPatient(db, accountId, async (tx) => {
    await ensureRow(tx, accountId)
    // Both names come from SECTION_FLAGS, never from a request, so interpolating them is safe.
    await tx.run(
      `UPDATE customer_profiles SET ${name} = ?, ${SECTION_FLAGS[name]} = true, updated_at = ? WHERE account_id = ?`,
      [JSON.stringify(section), new Date().toISOString(), accountId],
    )
  })
}

export async function markTourSeen(db: Db, accountId: number): Promise<void> {
  await ensureRow(db, accountId)
  await db.run('UPDATE customer_profiles SET has_seen_tour = true, updated_at = ? WHERE account_id = ?', [
    new Date().toISOString(),
    accountId,
  ])
}

/**
 * Write-locks the patient's profile row until the transaction ends (a no-op UPDATE takes the row lock), so a read-modify-write of a section inside the
 * transaction cannot lose a concurrent one. `SELECT … FOR UPDATE` would do on PostgreSQL only.
 */
export async function lockProfile(tx: Db, accountId: number): Promise<void> {
  await tx.run('UPDATE customer_profiles SET updated_at = updated_at WHERE account_id = ?', [accountId])
}

/** The personal section alone (units, initial weight), or null before the wizard's first step. */
export async function readPersonalSection(db: Db, accountId: number): Promise<PersonalSection | null> {
  const row = await db.get<{ personal: PersonalSection | null }>(
    'SELECT personal FROM customer_profiles WHERE account_id = ?',
    [accountId],
  )
  return row?.personal ?? null
}

/** Replaces the personal section without touching the step flags (the preferences screen's units). */
export async function replacePersonalSection(db: Db, accountId: number, personal: PersonalSection): Promise<void> {
  await changingPatient(db, accountId, (tx) =>
    tx.run('UPDATE customer_profiles SET personal = ?, updated_at = ? WHERE account_id = ?', [
      JSON.stringify(personal),
      new Date().toISOString(),
      accountId,
    ]),
  )
}

/** One raw section for the admin record (null when never saved). */
export async function readSection<T>(
  db: Db,
  accountId: number,
  column: 'personal' | 'medical_history' | 'bariatric_surgery',
): Promise<T | null> {
  // The column name comes from the type above, never from a request.
  const row = await db.get<{ value: T | null }>(`SELECT ${column} AS value FROM customer_profiles WHERE account_id = ?`, [
    accountId,
  ])
  return row?.value ?? null
}
