// Demo data for the admin portal (not run by itself): a small cohort with varied procedures, times
// since surgery and logging habits, so that `npm start`'s dashboard, patients list and alerts show
// something real. Idempotent: patients already there are left alone. Hook: seedDemoPatients
// (provider/dev/demo-patients.ts) calls `await seedDemoCohort(db)` after its own patients.
import { emailTaken } from '../store/accounts.js'
import { hashPassword } from '../passwords.js'
import type { Db } from '../store/sql.js'
import { generatedPatient, insertSeedPatient, SEED_PATIENT_PASSWORD } from './seed-patients.js'
import { changePatients } from '../patient-changes.js'

const NAMES = [
  'Ana Alvarez',
  'Ben Okafor',
  'Chloe Martin',
  'Dev Patel',
  'Ella Novak',
  'Farah Haddad',
  'Gus Lindqvist',
  'Hana Sato',
  'Ivan Petrov',
  'Jade Wilson',
  'Kofi Mensah',
  'Lena Fischer',
]

export function demoCohort() {
  return NAMES.map((fullName, index) => {
    const [first, last] = fullName.toLowerCase().split(' ')
    return {
      ...generatedPatient('Demo', index, 'demo'),
      full_name: fullName,
      email: `${first}.${last}@baricare.test`,
    }
  })
}

/** Adds the demo cohort's missing patients (password `Patient#123`); returns how many were added. */
export async function seedDemoCohort(db: Db): Promise<number> {
  const missing: ReturnType<typeof demoCohort> = []
  for (const patient of demoCohort()) if (!(await emailTaken(db, patient.email))) missing.push(patient)
  if (missing.length === 0) return 0
  const passwordHash = await hashPassword(SEED_PATIENT_PASSWORD)
  await changePatients(db, async (tx) => {
    // Checked again inside the transaction, so two seed runs at once add each patient once.
    for (const patient of missing)
      if (!(await emailTaken(tx, patient.email))) await insertSeedPatient(tx, patient, passwordHash)
  })
  return missing.length
}
