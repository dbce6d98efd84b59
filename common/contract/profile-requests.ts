// The profile's request bodies as the API reads them (docs/provider-api.md, SPEC.md §5): every
// field message at once, worded as documented (SPEC's spellings kept). The route table
// (endpoints.ts) serves them. Server code only (zod).
import { z } from 'zod'
import {
  BARIATRIC_STATUSES,
  FULL_NAME_MAX_LENGTH,
  FULL_NAME_REQUIRED,
  FUNDING_METHODS,
  GENDERS,
  HEIGHT_UNITS,
  PRE_EXISTING_CONDITIONS,
  PROFILE_TEXT_MAX_LENGTH as LONG_TEXT,
  SURGERY_TYPES,
  WEARABLE_OS,
  WEIGHT_LOSS_ATTEMPTS,
  WEIGHT_UNITS,
} from './profile-values'
import { anyField, booleanField, choiceField, choicesField, dateField, fields, numberField, textField } from './request-fields'

const HEIGHT_CM = { min: 50, max: 275, unit: 'cm' }
const WEIGHT_KG = { min: 20, max: 500, unit: 'kg' }

const phoneField = textField({ label: 'Contact number', required: 'Contact number is required', max: 15 }).superRefine(
  (phone, ctx) => {
    if (phone === '') return
    if (!/^\d+$/.test(phone)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Contact number must contain digits only' })
    else if (phone.length < 7) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Contact number must be 7 to 15 digits' })
  },
)

/** PUT v1/auth/profile/personal/ */
export const personalBody = fields({
  full_name: textField({ label: 'Full name', required: FULL_NAME_REQUIRED, max: FULL_NAME_MAX_LENGTH }),
  phone_number: phoneField,
  date_of_birth: dateField({ label: 'Date of birth', required: 'Date of birth is required', notFuture: true }),
  gender: choiceField(GENDERS, { label: 'Gender', required: 'Gender is required' }),
  height: numberField({ label: 'Height', required: 'Height is required', ...HEIGHT_CM }),
  height_unit: choiceField(HEIGHT_UNITS, { label: 'Height unit', fallback: 'cm' }),
  initial_weight: numberField({ label: 'Initial weight', required: 'Initial weight is required', ...WEIGHT_KG }),
  weight_unit: choiceField(WEIGHT_UNITS, { label: 'Weight unit', fallback: 'kg' }),
  address_line1: textField({ label: 'Address line 1', required: 'Address line 1 is required' }),
  address_line2: textField({ label: 'Address line 2' }),
  city: textField({ label: 'City', required: 'City is required', max: 100 }),
  state: textField({ label: 'State / Province', required: 'State / Province is required', max: 100 }),
  postal_code: textField({ label: 'Postal / Zip Code', required: 'Postal / Zip Code is required', max: 20 }),
})

/** PUT v1/auth/profile/medical/ */
export const medicalBody = fields({
  pre_existing_conditions: choicesField(PRE_EXISTING_CONDITIONS, {
    label: 'Pre-existing conditions',
    required: 'Pre-existingConditions are required',
    exclusive: 'None',
  }),
  other_conditions: textField({ label: 'Other conditions', max: LONG_TEXT }),
  allergies: textField({ label: 'Allergies', max: LONG_TEXT }),
  current_medications: textField({ label: 'Current medications', max: LONG_TEXT }),
  diet_restrictions: textField({ label: 'Diet restrictions', max: LONG_TEXT }),
  previous_weight_loss_attempts: choicesField(WEIGHT_LOSS_ATTEMPTS, {
    label: 'Previous weight loss attempts',
    required: 'Previous Weight Loss Attempts are required',
    exclusive: 'None',
  }),
})

/** The surgery's details, read only when the patient had (or has planned) one. */
const surgeryDetails = fields({
  surgery_type: choiceField(SURGERY_TYPES, { label: 'Surgery type', required: 'Surgery type is required' }),
  surgery_date: dateField({ label: 'Surgery date', required: 'Surgery date is required' }),
  funding_method: choiceField(FUNDING_METHODS, { label: 'Funding method' }),
  pre_surgery_weight: numberField({ label: 'Pre-surgery weight', required: 'Pre-surgery weight is required', ...WEIGHT_KG }),
  pre_surgery_weight_unit: choiceField(WEIGHT_UNITS, { label: 'Pre-surgery weight unit', fallback: 'kg' }),
  goal_weight: numberField({ label: 'Goal weight', ...WEIGHT_KG }),
  goal_weight_unit: choiceField(WEIGHT_UNITS, { label: 'Goal weight unit', fallback: 'kg' }),
  hospital_name: textField({ label: 'Hospital name' }),
  hospital_address: textField({ label: 'Hospital address', max: 500 }),
  surgery_comments: textField({ label: 'Surgery comments', max: LONG_TEXT }),
})

const NO_SURGERY = {
  surgery_type: null,
  surgery_date: null,
  funding_method: null,
  pre_surgery_weight: null,
  pre_surgery_weight_unit: null,
  goal_weight: null,
  goal_weight_unit: null,
  hospital_name: null,
  hospital_address: null,
  surgery_comments: null,
}

/**
 * PUT v1/auth/profile/bariatric/: the status first; the surgery's fields only when it is 'yes'
 * (a refused status is the only message then, as the details are not read).
 */
export const bariatricBody = fields({
  // SPEC §5 spells it 'Bariatic'; the app shows the server's text, so keep it identical.
  bariatric_status: choiceField(BARIATRIC_STATUSES, { label: 'Bariatric status', required: 'Bariatic status is required' }),
  ...Object.fromEntries(Object.keys(surgeryDetails.shape).map((key) => [key, anyField])),
}).transform((body, ctx) => {
  const status = body.bariatric_status as (typeof BARIATRIC_STATUSES)[number]
  if (status !== 'yes') return { bariatric_status: status, ...NO_SURGERY }
  const details = surgeryDetails.safeParse(body)
  if (!details.success) {
    for (const issue of details.error.issues) ctx.addIssue(issue)
    return z.NEVER
  }
  return { bariatric_status: status, ...details.data }
}) as z.ZodType<
  | ({ bariatric_status: 'yes' } & z.output<typeof surgeryDetails>)
  | ({ bariatric_status: Exclude<(typeof BARIATRIC_STATUSES)[number], 'yes'> } & typeof NO_SURGERY),
  z.ZodTypeDef,
  { bariatric_status: (typeof BARIATRIC_STATUSES)[number] } & Partial<z.input<typeof surgeryDetails>>
>

const wearableTypeField = textField({ label: 'Wearable type', required: 'Wearable type is required', max: 100 })

/** PUT v1/auth/profile/device/: the wearable's type only for a patient who has one. */
export const deviceBody = fields({
  has_wearable: booleanField({ label: 'Device preference', required: 'Please specify your device preference', fallback: false }),
  need_device_shipment: booleanField({ label: 'Device shipment', fallback: false }),
  wearable_type: anyField as z.ZodType<unknown, z.ZodTypeDef, string | null | undefined>,
  wearable_os: choiceField(WEARABLE_OS, { label: 'Mobile OS', required: 'Mobile OS is required' }),
})
  .superRefine((body, ctx) => {
    if (!body.has_wearable) return
    const type = wearableTypeField.safeParse(body.wearable_type)
    if (!type.success) for (const issue of type.error.issues) ctx.addIssue({ ...issue, path: ['wearable_type'] })
  })
  .transform((body) => ({
    ...body,
    wearable_type: body.has_wearable ? wearableTypeField.parse(body.wearable_type) : null,
  }))

/** PUT v1/auth/profile/preferences/: every field optional; an absent one keeps its value. */
export const TARGET_LIMITS = {
  protein_target_g: { label: 'Protein target', min: 1, max: 300, unit: 'g' },
  water_target_ml: { label: 'Water target', min: 1, max: 10000, unit: 'ml' },
  sleep_target_h: { label: 'Sleep target', min: 1, max: 24, unit: 'h' },
} as const

export const preferencesBody = fields({
  height_unit: choiceField(HEIGHT_UNITS, { label: 'Height unit' }),
  weight_unit: choiceField(WEIGHT_UNITS, { label: 'Weight unit' }),
  protein_target_g: numberField(TARGET_LIMITS.protein_target_g),
  water_target_ml: numberField(TARGET_LIMITS.water_target_ml),
  sleep_target_h: numberField(TARGET_LIMITS.sleep_target_h),
})
