// Test data that more than one kind of test uses (unit, API contract, server, end-to-end): one
// patient's profile, the demo admins, passwords. Plain data only, so that every runner (Vitest,
// Playwright) can import it.

/** The demo admins every non-production API seeds (provider `defaultSeedAdmins`). */
export const DEMO_ADMINS = {
  super: { email: 'super@baricare.test', password: 'Super#Admin1', name: 'Sam Super' },
  standard: { email: 'admin@baricare.test', password: 'Standard#Admin1', name: 'Alex Admin' },
} as const

/** A demo admin's sign-in, as the admin login takes it (a request body of its own). */
export const SUPER = { email: DEMO_ADMINS.super.email, password: DEMO_ADMINS.super.password }
export const STANDARD = { email: DEMO_ADMINS.standard.email, password: DEMO_ADMINS.standard.password }

/** A password that meets every SPEC rule, for the patients a test signs up. */
export const GOOD_PASSWORD = 'Str0ng#Pass'
/** The password of the patients the dev seeders and the end-to-end set-up create. */
export const PATIENT_PASSWORD = 'Patient#123'

// One patient's four onboarding sections as the API takes and answers them (cm, kg, ISO dates).

export const PERSONAL = {
  full_name: 'Pat Example',
  phone_number: '5551234567',
  date_of_birth: '1985-06-15',
  gender: 'F',
  height: 170,
  height_unit: 'cm',
  initial_weight: 120,
  weight_unit: 'kg',
  address_line1: '1 Main Street',
  address_line2: '',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
}

export const MEDICAL = {
  pre_existing_conditions: ['Hypertension'],
  other_conditions: '',
  allergies: '',
  current_medications: '',
  diet_restrictions: '',
  previous_weight_loss_attempts: ['Diet programs'],
}

export const BARIATRIC = {
  bariatric_status: 'yes',
  surgery_type: 'Sleeve Gastrectomy',
  surgery_date: '2026-05-01',
  funding_method: 'Private Insurance',
  pre_surgery_weight: 125,
  pre_surgery_weight_unit: 'kg',
  goal_weight: 80,
  goal_weight_unit: 'kg',
  hospital_name: 'General Hospital',
  hospital_address: '',
  surgery_comments: '',
}

export const DEVICE = { has_wearable: true, need_device_shipment: false, wearable_type: 'Apple Watch', wearable_os: 'ios' }

// The same patient having chosen feet-and-inches and pounds (the API still takes cm and kg, and
// keeps the units as display preferences), with measurements that are not round numbers.

export const PERSONAL_IMPERIAL = {
  ...PERSONAL,
  height: 170.2,
  height_unit: 'ft-in',
  initial_weight: 120.5,
  weight_unit: 'lbs',
}

export const BARIATRIC_IMPERIAL = {
  ...BARIATRIC,
  surgery_date: '2026-03-01',
  pre_surgery_weight: 130,
  pre_surgery_weight_unit: 'lbs',
  goal_weight_unit: 'lbs',
  hospital_name: '',
}

export type ProfileStep = 'personal' | 'medical' | 'bariatric' | 'device'

/** The body each onboarding step (`PUT v1/auth/profile/<step>/`) is sent, in wizard order. */
export const PROFILE_STEPS: Record<ProfileStep, object> = {
  personal: PERSONAL,
  medical: MEDICAL,
  bariatric: BARIATRIC,
  device: DEVICE,
}

export const PROFILE_STEPS_IMPERIAL: Record<ProfileStep, object> = {
  ...PROFILE_STEPS,
  personal: PERSONAL_IMPERIAL,
  bariatric: BARIATRIC_IMPERIAL,
}

/**
 * A patient for `POST __dev/seed-patients/` whose record raises alerts: 6 kg above a 100 kg nadir
 * (tier 1 at the default 5% regain), protein short of target on 4 of the last 5 days (tier 3).
 */
export const REGAINING_PATIENT = {
  surgery_type: 'Sleeve Gastrectomy',
  surgery_days_ago: 200,
  height_cm: 170,
  baseline_kg: 130,
  goal_kg: 80,
  weights: [
    { days_ago: 40, kg: 100 },
    { days_ago: 1, kg: 106 },
  ],
  meals: [
    { days_ago: 0, protein_g: 70 },
    { days_ago: 1, protein_g: 30 },
    { days_ago: 2, protein_g: 30 },
    { days_ago: 3, protein_g: 30 },
    { days_ago: 4, protein_g: 30 },
  ],
}
