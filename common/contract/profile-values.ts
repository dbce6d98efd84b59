// SPEC.md §3's profile codes and option lists, as the API stores and sends them. Plain lists, no
// zod: the wizard's client components import them (common/contract/README.md). The labels patients
// see for the codes (e.g. 'M' → 'Male') are the app's business.

/** A person's full name (a patient's profile, an admin's invitation): required, at most this long. */
export const FULL_NAME_MAX_LENGTH = 100
export const FULL_NAME_REQUIRED = 'Full name is required'
export const FULL_NAME_TOO_LONG = `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`

/** The profile's free-text fields (conditions, allergies, medications, diet, surgery comments). */
export const PROFILE_TEXT_MAX_LENGTH = 2000

/** Choosing it clears the other items of a checklist (SPEC.md §4). */
export const NONE_OPTION = 'None'

export const PRE_EXISTING_CONDITIONS = [
  'Hypertension',
  'Type 2 Diabetes',
  'Sleep Apnea',
  'Cardiovascular Disease',
  'GERD',
  'Hypothyroidism',
  NONE_OPTION,
] as const
export type PreExistingCondition = (typeof PRE_EXISTING_CONDITIONS)[number]

export const WEIGHT_LOSS_ATTEMPTS = [
  'Diet programs',
  'Exercise regimes',
  'Prescription medications',
  'Over-the-counter supplements',
  NONE_OPTION,
] as const
export type WeightLossAttempt = (typeof WEIGHT_LOSS_ATTEMPTS)[number]

export const SURGERY_TYPES = [
  'Gastric Bypass (RNY)',
  'Sleeve Gastrectomy',
  'Adjustable Gastric Band',
  'Duodenal Switch',
  'Other',
] as const
export type SurgeryType = (typeof SURGERY_TYPES)[number]

export const FUNDING_METHODS = [
  'Private Insurance',
  'Public Medicare',
  'State/Federal Medicaid',
  'Self-Pay/Self Funded',
  'Health Savings Account (HSA)',
  'Flexible Spending Account (FSA)',
  'Veterans Health Administration (VA)',
  'Other',
] as const
export type FundingMethod = (typeof FUNDING_METHODS)[number]

/** Male, female, other, prefer not to say. */
export const GENDERS = ['M', 'F', 'O', 'N'] as const
export type Gender = (typeof GENDERS)[number]

export const BARIATRIC_STATUSES = ['yes', 'plan', 'no'] as const
export type BariatricStatus = (typeof BARIATRIC_STATUSES)[number]

export const WEARABLE_OS = ['ios', 'android'] as const
export type WearableOs = (typeof WEARABLE_OS)[number]

export { HEIGHT_UNITS, WEIGHT_UNITS, type HeightUnit, type WeightUnit } from './units-values'
