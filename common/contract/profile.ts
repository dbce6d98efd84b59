// The patient's profile calls (SPEC.md §3 "Profile form fields", §7): GET v1/auth/profile/, the
// wizard's four PUTs, the preferences PUT (docs/provider-api.md "Extensions") and tour-completed.
// Server code only (zod): the app's *.server.ts and the API. The API reads the sections' bodies with
// the route table's schemas (profile-requests.ts), which carry the worded messages; what they
// return is these sections.
import { z } from 'zod'
import {
  BARIATRIC_STATUSES,
  FUNDING_METHODS,
  GENDERS,
  HEIGHT_UNITS,
  PRE_EXISTING_CONDITIONS,
  SURGERY_TYPES,
  WEARABLE_OS,
  WEIGHT_LOSS_ATTEMPTS,
  WEIGHT_UNITS,
} from './profile-values'
import { specCustomerProfileSchema } from './spec'

const gender = z.enum(GENDERS)
const heightUnit = z.enum(HEIGHT_UNITS)
const weightUnit = z.enum(WEIGHT_UNITS)

// ---- Sections, as stored and answered ---------------------------------------------------------

/** Height in cm and weight in kg whatever the units say (the units are for display). */
export const personalSectionSchema = z.object({
  full_name: z.string(),
  phone_number: z.string(),
  /** YYYY-MM-DD */
  date_of_birth: z.string(),
  gender,
  height: z.number(),
  height_unit: heightUnit,
  initial_weight: z.number(),
  weight_unit: weightUnit,
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
})
export type PersonalSection = z.output<typeof personalSectionSchema>

/** The personal section as answered: with the account's e-mail. */
export const personalAnswerSchema = personalSectionSchema.extend({ email: z.string() })
export type PersonalAnswer = z.output<typeof personalAnswerSchema>

export const medicalSectionSchema = z.object({
  pre_existing_conditions: z.array(z.enum(PRE_EXISTING_CONDITIONS)),
  other_conditions: z.string(),
  allergies: z.string(),
  current_medications: z.string(),
  diet_restrictions: z.string(),
  previous_weight_loss_attempts: z.array(z.enum(WEIGHT_LOSS_ATTEMPTS)),
})
export type MedicalSection = z.output<typeof medicalSectionSchema>

/** Everything but the status is null unless the status is 'yes'; weights in kg. */
export const bariatricSectionSchema = z.object({
  bariatric_status: z.enum(BARIATRIC_STATUSES),
  surgery_type: z.enum(SURGERY_TYPES).nullable(),
  /** YYYY-MM-DD */
  surgery_date: z.string().nullable(),
  funding_method: z.enum(FUNDING_METHODS).nullable(),
  pre_surgery_weight: z.number().nullable(),
  pre_surgery_weight_unit: weightUnit.nullable(),
  goal_weight: z.number().nullable(),
  goal_weight_unit: weightUnit.nullable(),
  hospital_name: z.string().nullable(),
  hospital_address: z.string().nullable(),
  surgery_comments: z.string().nullable(),
})
export type BariatricSection = z.output<typeof bariatricSectionSchema>

export const deviceSectionSchema = z.object({
  has_wearable: z.boolean(),
  need_device_shipment: z.boolean(),
  /** Null when the patient has no wearable. */
  wearable_type: z.string().nullable(),
  wearable_os: z.enum(WEARABLE_OS),
})
export type DeviceSection = z.output<typeof deviceSectionSchema>

/** Display units (kept in the personal section) and the health log's daily targets. */
export const preferencesSchema = z.object({
  height_unit: heightUnit,
  weight_unit: weightUnit,
  protein_target_g: z.number(),
  water_target_ml: z.number(),
  sleep_target_h: z.number(),
})
export type Preferences = z.output<typeof preferencesSchema>

export const profileFlagsSchema = z.object({
  is_onboarded: z.boolean(),
  profile_completed: z.boolean(),
  medical_completed: z.boolean(),
  bariatric_completed: z.boolean(),
})
export type ProfileFlags = z.output<typeof profileFlagsSchema>

// ---- GET v1/auth/profile/ ---------------------------------------------------------------------

/**
 * As our API answers it: the SPEC level (spec.ts) with every field of every section, the id, the
 * e-mail and the tour flag required. A section is null until its wizard step has been saved.
 */
export const customerProfileSchema = specCustomerProfileSchema.extend({
  profile: profileFlagsSchema.extend({ id: z.number(), email: z.string(), has_seen_tour: z.boolean() }),
  personal: personalAnswerSchema.nullable(),
  medical_history: medicalSectionSchema.nullable(),
  bariatric_surgery: bariatricSectionSchema.nullable(),
  device_information: deviceSectionSchema.nullable(),
  // The daily targets are an extension: a provider without the health log answers units only.
  preferences: preferencesSchema.partial({ protein_target_g: true, water_target_ml: true, sleep_target_h: true }),
})
export type CustomerProfile = z.output<typeof customerProfileSchema>

// ---- PUT v1/auth/profile/{personal,medical,bariatric,device,preferences}/ ---------------------
// The bodies the app sends (SPEC.md §7: height in cm, weights in kg). The answers are the stored
// section (personal: with the e-mail; preferences: all of them after the change).

export const personalBodySchema = personalSectionSchema
export type PersonalBody = z.input<typeof personalBodySchema>

export const medicalBodySchema = medicalSectionSchema
export type MedicalBody = z.input<typeof medicalBodySchema>

/** Only the status when it is not 'yes'. */
export const bariatricBodySchema = bariatricSectionSchema.partial().required({ bariatric_status: true })
export type BariatricBody = z.input<typeof bariatricBodySchema>

/** SPEC.md §7: has_wearable always true, need_device_shipment always false. */
export const deviceBodySchema = deviceSectionSchema
export type DeviceBody = z.input<typeof deviceBodySchema>

/** Every field optional: an absent one keeps its value. */
export const preferencesBodySchema = preferencesSchema.partial()
export type PreferencesBody = z.input<typeof preferencesBodySchema>

// ---- POST v1/auth/tour-completed/ (bearer, no body) -------------------------------------------

export const tourCompletedAnswerSchema = z.null()
