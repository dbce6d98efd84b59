// Dev-only (POST __dev/seed-patients/, and the demo data): patients with surgery details and a
// health log in one request, so list and dashboard tests need not click through sign-up and the
// wizard dozens of times. Either `patients` (each field optional) or `count` generated ones.
import { randomBytes } from 'node:crypto'
import { isValidEmail } from '../../common/email'
import { FULL_NAME_MAX_LENGTH } from '../../common/contract/profile-values'
import { emailTaken, insertAccount, setCreatedAt } from '../store/accounts.js'
import { addDays, todayUtc } from '../admin-patients-metrics.js'
import { insertEntry } from '../store/entries.js'
import { ApiError } from '../errors.js'
import type { JsonObject } from '../http.js'
import { hashPassword } from '../passwords.js'
import { saveSection } from '../store/profiles.js'
import type { BariatricSection, PersonalSection } from '../../common/contract/profile'
import { SURGERY_TYPES } from '../../common/contract/profile-values'
import type { Db } from '../store/sql.js'
import { changePatients } from '../patient-changes.js'

export const SEED_PATIENT_PASSWORD = 'Patient#123'
const MAX_SEED = 200

export interface SeedPatient {
  full_name: string
  email: string
  state: 'unverified' | 'verified' | 'onboarded'
  /** null: planning surgery (no procedure yet). */
  surgery_type: (typeof SURGERY_TYPES)[number] | null
  surgery_days_ago: number | null
  height_cm: number
  baseline_kg: number
  goal_kg: number | null
  weights: { days_ago: number; kg: number }[]
  meals: { days_ago: number; protein_g: number }[]
  created_days_ago: number
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.|\.$/g, '') || 'patient'
  )
}

/** The `index`th of a varied set: procedures, post-op times, loggers who stopped, one who regains. */
export function generatedPatient(prefix: string, index: number, tag: string): SeedPatient {
  const number = String(index + 1).padStart(3, '0')
  const planning = index % 5 === 4
  const baseline = 110 + (index % 7) * 6
  const stopped = index % 4 === 3
  const regains = index % 9 === 5
  const weights: SeedPatient['weights'] = []
  for (let week = 5; week >= 0; week--) {
    const daysAgo = week * 7 + (stopped ? 10 : 0)
    const lost = (5 - week) * (1.2 + (index % 3) * 0.3)
    weights.push({
      days_ago: daysAgo,
      kg: Math.round((baseline * 0.9 - lost + (regains && week === 0 ? 12 : 0)) * 10) / 10,
    })
  }
  const meals = stopped
    ? []
    : Array.from({ length: 7 }, (_, day) => ({
        days_ago: day,
        protein_g: index % 6 === 2 ? 35 : 55 + (day % 3) * 10,
      }))
  return {
    full_name: `${prefix} Patient ${number}`,
    email: `${slug(prefix)}.${number}.${tag}@seed.baricare.test`,
    state: 'onboarded',
    surgery_type: planning ? null : SURGERY_TYPES[index % 4],
    surgery_days_ago: planning ? null : [20, 75, 130, 250, 420, 800][index % 6],
    height_cm: 158 + (index % 5) * 6,
    baseline_kg: baseline,
    goal_kg: Math.round(baseline * 0.7),
    weights,
    meals,
    created_days_ago: 60,
  }
}

const num = (value: unknown, fallback: number, min: number, max: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback

function fromBody(raw: unknown, fallback: SeedPatient): SeedPatient {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ApiError(400, 'Each patient must be an object')
  const spec = raw as Record<string, unknown>
  const list = <T>(value: unknown, read: (item: Record<string, unknown>) => T): T[] | null =>
    Array.isArray(value)
      ? value
          .filter((item) => typeof item === 'object' && item !== null)
          .map((item) => read(item as Record<string, unknown>))
      : null
  const state = spec.state === 'unverified' || spec.state === 'verified' ? spec.state : 'onboarded'
  const surgery =
    'surgery_type' in spec
      ? (SURGERY_TYPES as readonly unknown[]).includes(spec.surgery_type)
        ? (spec.surgery_type as SeedPatient['surgery_type'])
        : null
      : fallback.surgery_type
  return {
    full_name:
      typeof spec.full_name === 'string' && spec.full_name.trim()
        ? spec.full_name.trim().slice(0, FULL_NAME_MAX_LENGTH)
        : fallback.full_name,
    email:
      typeof spec.email === 'string' && isValidEmail(spec.email)
        ? spec.email.toLowerCase()
        : fallback.email,
    state,
    surgery_type: surgery,
    surgery_days_ago:
      surgery === null ? null : num(spec.surgery_days_ago, fallback.surgery_days_ago ?? 90, -365, 20_000),
    height_cm: num(spec.height_cm, fallback.height_cm, 50, 275),
    baseline_kg: num(spec.baseline_kg, fallback.baseline_kg, 20, 500),
    goal_kg:
      'goal_kg' in spec
        ? spec.goal_kg === null
          ? null
          : num(spec.goal_kg, fallback.goal_kg ?? 80, 20, 500)
        : fallback.goal_kg,
    weights:
      list(spec.weights, (w) => ({ days_ago: num(w.days_ago, 0, 0, 3650), kg: num(w.kg, 100, 20, 500) })) ??
      fallback.weights,
    meals:
      list(spec.meals, (m) => ({
        days_ago: num(m.days_ago, 0, 0, 3650),
        protein_g: num(m.protein_g, 60, 0, 300),
      })) ?? fallback.meals,
    created_days_ago: num(spec.created_days_ago, fallback.created_days_ago, 0, 3650),
  }
}

/** Writes one patient (account, profile, log) with an already hashed password. */
export async function insertSeedPatient(
  db: Db,
  patient: SeedPatient,
  passwordHash: string,
  today = todayUtc(),
): Promise<number> {
  const account = await insertAccount(db, {
    email: patient.email,
    portal: 'customer',
    passwordHash,
    fullName: patient.full_name,
    emailVerified: patient.state !== 'unverified',
  })
  if (!account) throw new ApiError(409, `${patient.email} is already registered`)
  await setCreatedAt(db, account.id, `${addDays(today, -patient.created_days_ago)}T09:00:00.000Z`)
  if (patient.state !== 'onboarded') return account.id
  const personal: PersonalSection = {
    full_name: patient.full_name,
    phone_number: '5550100199',
    date_of_birth: '1984-05-17',
    gender: 'F',
    height: patient.height_cm,
    height_unit: 'cm',
    initial_weight: patient.baseline_kg,
    weight_unit: 'kg',
    address_line1: '1 Seed Street',
    address_line2: '',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
  }
  const bariatric: BariatricSection = {
    bariatric_status: patient.surgery_type ? 'yes' : 'plan',
    surgery_type: patient.surgery_type,
    surgery_date:
      patient.surgery_type && patient.surgery_days_ago !== null
        ? addDays(today, -patient.surgery_days_ago)
        : null,
    funding_method: patient.surgery_type ? 'Private Insurance' : null,
    pre_surgery_weight: patient.surgery_type ? patient.baseline_kg : null,
    pre_surgery_weight_unit: patient.surgery_type ? 'kg' : null,
    goal_weight: patient.goal_kg,
    goal_weight_unit: patient.goal_kg === null ? null : 'kg',
    hospital_name: patient.surgery_type ? 'Riverside General Hospital' : null,
    hospital_address: null,
    surgery_comments: null,
  }
  await saveSection(db, account.id, 'personal', personal)
  await saveSection(db, account.id, 'medical_history', {
    pre_existing_conditions: ['Hypertension'],
    other_conditions: '',
    allergies: 'None known',
    current_medications: '',
    diet_restrictions: '',
    previous_weight_loss_attempts: ['Diet programs'],
  })
  await saveSection(db, account.id, 'bariatric_surgery', bariatric)
  await saveSection(db, account.id, 'device_information', {
    has_wearable: false,
    need_device_shipment: false,
    wearable_type: null,
    wearable_os: 'ios',
  })
  for (const weight of patient.weights) {
    await insertEntry(db, account.id, 'weight', {
      date: addDays(today, -weight.days_ago),
      weight: weight.kg,
      weight_unit: 'kg',
      note: '',
      source: 'manual',
    })
  }
  for (const meal of patient.meals) {
    await insertEntry(db, account.id, 'meal', {
      date: addDays(today, -meal.days_ago),
      time: '12:30',
      meal_type: 'lunch',
      protein_g: meal.protein_g,
      calories: null,
      description: '',
    })
  }
  return account.id
}

/** POST __dev/seed-patients/ {prefix, count?, patients?}. */
export async function seedPatients(db: Db, body: JsonObject) {
  const prefix =
    typeof body.prefix === 'string' && body.prefix.trim() ? body.prefix.trim().slice(0, 60) : 'Seeded'
  const specs = Array.isArray(body.patients) ? body.patients : null
  const count = specs ? specs.length : num(body.count, 10, 1, MAX_SEED)
  if (count < 1 || count > MAX_SEED)
    throw new ApiError(400, `Between 1 and ${MAX_SEED} patients can be seeded at once`)
  const tag = randomBytes(4).toString('hex')
  const patients = Array.from({ length: count }, (_, index) => {
    const generated = generatedPatient(prefix, index, tag)
    return specs ? fromBody(specs[index], generated) : generated
  })
  for (const patient of patients) {
    if (await emailTaken(db, patient.email)) throw new ApiError(409, `${patient.email} is already registered`)
  }
  const passwordHash = await hashPassword(SEED_PATIENT_PASSWORD)
  const ids = await changePatients(db, async (tx) => {
    const added: number[] = []
    for (const patient of patients) added.push(await insertSeedPatient(tx, patient, passwordHash))
    return added
  })
  return patients.map((patient, index) => ({
    id: ids[index],
    email: patient.email,
    full_name: patient.full_name,
  }))
}
