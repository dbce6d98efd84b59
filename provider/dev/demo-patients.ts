import { findAccountByEmail, insertAccount } from '../store/accounts.js'
import { hashPassword } from '../passwords.js'
import { API } from '../../common/contract/endpoints'

// The demo's sections pass the API's own body rules, so a bad one fails loudly at start-up.
const readPersonal = (body: unknown) => API.profile.personal.body.parse(body)
const readMedical = (body: unknown) => API.profile.medical.body.parse(body)
const readBariatric = (body: unknown) => API.profile.bariatric.body.parse(body)
const readDevice = (body: unknown) => API.profile.device.body.parse(body)
import { markTourSeen, saveSection } from '../store/profiles.js'
import { openStore, type StoreOptions } from '../store/open.js'
import type { Db } from '../store/sql.js'
import { seedDemoCohort } from './demo-cohort.js'
import { seedDemoEntries, type DemoLogStyle } from './demo-entries.js'
import { GOAL_LBS, PRE_SURGERY_LBS, SIGN_UP_LBS, SURGERY_DAYS_AGO } from './demo-months.js'
import { changePatients } from '../patient-changes.js'

export const DEMO_PATIENT_PASSWORD = 'Patient#123'

export type DemoPatientState = 'verified' | 'medical_completed' | 'onboarded_kg' | 'onboarded_lbs'

export interface DemoPatient {
  email: string
  password: string
  full_name: string
  state: DemoPatientState
  has_seen_tour: boolean
}

const LBS_PER_KG = 2.20462
const kg = (lbs: number) => Math.round((lbs / LBS_PER_KG) * 1000) / 1000

const PATIENTS: DemoPatient[] = [
  { email: 'nora.new@baricare.test', full_name: 'Nora New', state: 'verified', has_seen_tour: false },
  {
    email: 'mia.medical@baricare.test',
    full_name: 'Mia Medical',
    state: 'medical_completed',
    has_seen_tour: false,
  },
  { email: 'kim.kilos@baricare.test', full_name: 'Kim Kilos', state: 'onboarded_kg', has_seen_tour: true },
  {
    email: 'leo.pounds@baricare.test',
    full_name: 'Leo Pounds',
    state: 'onboarded_lbs',
    has_seen_tour: false,
  },
].map((patient) => ({ ...patient, password: DEMO_PATIENT_PASSWORD }) as DemoPatient)

function personalFor(patient: DemoPatient) {
  const imperial = patient.state === 'onboarded_lbs'
  return readPersonal({
    full_name: patient.full_name,
    phone_number: '5550100123',
    date_of_birth: imperial ? '1979-08-14' : '1986-02-03',
    gender: imperial ? 'M' : 'F',
    // 5 ft 10 in = 177.8 cm; the API always stores cm and kg, the units only say how to show them.
    height: imperial ? 177.8 : 165,
    height_unit: imperial ? 'ft-in' : 'cm',
    initial_weight: imperial ? kg(SIGN_UP_LBS) : 112.5,
    weight_unit: imperial ? 'lbs' : 'kg',
    address_line1: imperial ? '42 Harbor Road' : '7 Elm Street',
    address_line2: imperial ? '' : 'Apt 3',
    city: imperial ? 'Portland' : 'Springfield',
    state: imperial ? 'OR' : 'IL',
    postal_code: imperial ? '97201' : '62701',
  })
}

const MEDICAL = readMedical({
  pre_existing_conditions: ['Hypertension', 'Sleep Apnea'],
  other_conditions: '',
  allergies: 'Penicillin',
  current_medications: 'Lisinopril 10 mg',
  diet_restrictions: '',
  previous_weight_loss_attempts: ['Diet programs', 'Exercise regimes'],
})

/** Leo's operation, SURGERY_DAYS_AGO before the seed day, so his months of log fit around it. */
function surgeryDate(today = new Date()): string {
  return new Date(today.getTime() - SURGERY_DAYS_AGO * 86_400_000).toISOString().slice(0, 10)
}

function bariatricFor(patient: DemoPatient) {
  if (patient.state === 'onboarded_kg') return readBariatric({ bariatric_status: 'plan' })
  return readBariatric({
    bariatric_status: 'yes',
    surgery_type: 'Sleeve Gastrectomy',
    surgery_date: surgeryDate(),
    funding_method: 'Private Insurance',
    pre_surgery_weight: kg(PRE_SURGERY_LBS),
    pre_surgery_weight_unit: 'lbs',
    goal_weight: kg(GOAL_LBS),
    goal_weight_unit: 'lbs',
    hospital_name: 'Riverside General Hospital',
    hospital_address: '100 River Drive, Portland, OR 97201',
    surgery_comments: '',
  })
}

// Onboarded demo patients come with a health log: Kim three weeks, Leo eight months
// (provider/dev/demo-entries.ts, demo-months.ts).
const LOG_STYLES: Partial<Record<DemoPatientState, DemoLogStyle>> = {
  onboarded_kg: 'kg-planning',
  onboarded_lbs: 'lbs-after-surgery',
}

async function seedLog(db: Db, accountId: number, patient: DemoPatient): Promise<void> {
  const style = LOG_STYLES[patient.state]
  if (style) await seedDemoEntries(db, accountId, style)
}

async function seedPatient(db: Db, patient: DemoPatient): Promise<void> {
  const passwordHash = await hashPassword(patient.password)
  await changePatients(db, async (tx) => {
    // Checked inside the transaction so that two seed runs at once still add each patient once.
    if (await findAccountByEmail(tx, patient.email)) return
    const account = await insertAccount(tx, {
      email: patient.email,
      portal: 'customer',
      passwordHash,
      fullName: patient.full_name,
      emailVerified: true,
    })
    if (!account || patient.state === 'verified') return
    await saveSection(tx, account.id, 'personal', personalFor(patient))
    await saveSection(tx, account.id, 'medical_history', MEDICAL)
    if (patient.state === 'medical_completed') return
    await saveSection(tx, account.id, 'bariatric_surgery', bariatricFor(patient))
    await saveSection(
      tx,
      account.id,
      'device_information',
      readDevice({
        has_wearable: true,
        need_device_shipment: false,
        wearable_type: patient.state === 'onboarded_lbs' ? 'Apple Watch' : 'Fitbit Charge 6',
        wearable_os: patient.state === 'onboarded_lbs' ? 'ios' : 'android',
      }),
    )
    if (patient.has_seen_tour) await markTourSeen(tx, account.id)
    await seedLog(tx, account.id, patient)
  })
}

/**
 * Adds the demo patients that are not there yet (all verified, password `Patient#123`) and returns
 * the full list. Safe to run again. The embedded database has one owner at a time, so run it while
 * no API serves that data directory (on PostgreSQL, any time).
 */
export async function seedDemoPatients(dataDir: string, options: StoreOptions = {}): Promise<DemoPatient[]> {
  const db = await openStore(dataDir, options)
  try {
    return await seedDemoPatientsInto(db)
  } finally {
    await db.close()
  }
}

/** The same, on a store already open (a running provider's, in tests and dev tools). */
export async function seedDemoPatientsInto(db: Db): Promise<DemoPatient[]> {
  for (const patient of PATIENTS) {
    const existing = await findAccountByEmail(db, patient.email)
    if (!existing) await seedPatient(db, patient)
    // Demo patients seeded before the health log existed get theirs now (only if they have none).
    else await changePatients(db, (tx) => seedLog(tx, existing.id, patient))
  }
  // The admin portal's dashboard, list and alerts need more than four patients to mean anything.
  await seedDemoCohort(db)
  return PATIENTS.map((patient) => ({ ...patient }))
}
