import {
  BARIATRIC_STATUSES,
  FUNDING_METHODS,
  GENDERS,
  HEIGHT_UNITS,
  PRE_EXISTING_CONDITIONS as CONDITIONS,
  SURGERY_TYPES,
  WEARABLE_OS,
  WEIGHT_LOSS_ATTEMPTS,
  WEIGHT_UNITS,
  FULL_NAME_MAX_LENGTH,
  FULL_NAME_REQUIRED,
  PROFILE_TEXT_MAX_LENGTH as LONG_TEXT,
} from '../common/contract/profile-values'
import type { BariatricSection, DeviceSection, MedicalSection, PersonalSection } from '../common/contract/profile'
import type { JsonObject } from './http.js'
import { FieldReader } from './validation.js'

// SPEC §3's option lists and the sections' shapes live in the contract (common/contract/); these
// readers keep the worded field messages.
export {
  BARIATRIC_STATUSES,
  CONDITIONS,
  FUNDING_METHODS,
  GENDERS,
  HEIGHT_UNITS,
  SURGERY_TYPES,
  WEARABLE_OS,
  WEIGHT_LOSS_ATTEMPTS,
  WEIGHT_UNITS,
}
export type { WeightUnit } from '../common/contract/profile-values'
export type { BariatricSection, DeviceSection, MedicalSection, PersonalSection }

const HEIGHT_CM = { min: 50, max: 275, unit: 'cm' }
const WEIGHT_KG = { min: 20, max: 500, unit: 'kg' }

// Each reader returns the section to store or throws a 400 with every field message at once.
// The non-null assertions below are safe because done() has thrown if a required value was missing.

export function readPersonal(body: JsonObject): PersonalSection {
  const f = new FieldReader(body)
  const section = {
    full_name: f.text('full_name', { label: 'Full name', required: FULL_NAME_REQUIRED, max: FULL_NAME_MAX_LENGTH }),
    phone_number: readPhone(f),
    date_of_birth: f.date('date_of_birth', {
      label: 'Date of birth',
      required: 'Date of birth is required',
      notFuture: true,
    }),
    gender: f.choice('gender', GENDERS, { label: 'Gender', required: 'Gender is required' }),
    height: f.number('height', { label: 'Height', required: 'Height is required', ...HEIGHT_CM }),
    height_unit: f.choice('height_unit', HEIGHT_UNITS, { label: 'Height unit', fallback: 'cm' }),
    initial_weight: f.number('initial_weight', {
      label: 'Initial weight',
      required: 'Initial weight is required',
      ...WEIGHT_KG,
    }),
    weight_unit: f.choice('weight_unit', WEIGHT_UNITS, { label: 'Weight unit', fallback: 'kg' }),
    address_line1: f.text('address_line1', {
      label: 'Address line 1',
      required: 'Address line 1 is required',
    }),
    address_line2: f.text('address_line2', { label: 'Address line 2' }),
    city: f.text('city', { label: 'City', required: 'City is required', max: 100 }),
    state: f.text('state', { label: 'State / Province', required: 'State / Province is required', max: 100 }),
    postal_code: f.text('postal_code', {
      label: 'Postal / Zip Code',
      required: 'Postal / Zip Code is required',
      max: 20,
    }),
  }
  f.done()
  return {
    ...section,
    date_of_birth: section.date_of_birth!,
    gender: section.gender!,
    height: section.height!,
    height_unit: section.height_unit!,
    initial_weight: section.initial_weight!,
    weight_unit: section.weight_unit!,
  }
}

function readPhone(f: FieldReader): string {
  const phone = f.text('phone_number', {
    label: 'Contact number',
    required: 'Contact number is required',
    max: 15,
  })
  if (phone === '') return phone
  if (!/^\d+$/.test(phone)) f.fail('phone_number', 'Contact number must contain digits only')
  else if (phone.length < 7) f.fail('phone_number', 'Contact number must be 7 to 15 digits')
  return phone
}

export function readMedical(body: JsonObject): MedicalSection {
  const f = new FieldReader(body)
  const section: MedicalSection = {
    pre_existing_conditions: f.list('pre_existing_conditions', CONDITIONS, {
      label: 'Pre-existing conditions',
      required: 'Pre-existingConditions are required',
      exclusive: 'None',
    }),
    other_conditions: f.text('other_conditions', { label: 'Other conditions', max: LONG_TEXT }),
    allergies: f.text('allergies', { label: 'Allergies', max: LONG_TEXT }),
    current_medications: f.text('current_medications', { label: 'Current medications', max: LONG_TEXT }),
    diet_restrictions: f.text('diet_restrictions', { label: 'Diet restrictions', max: LONG_TEXT }),
    previous_weight_loss_attempts: f.list('previous_weight_loss_attempts', WEIGHT_LOSS_ATTEMPTS, {
      label: 'Previous weight loss attempts',
      required: 'Previous Weight Loss Attempts are required',
      exclusive: 'None',
    }),
  }
  f.done()
  return section
}

export function readBariatric(body: JsonObject): BariatricSection {
  const f = new FieldReader(body)
  // SPEC §5 spells it 'Bariatic'; the app shows the server's text, so keep it identical.
  const status = f.choice('bariatric_status', BARIATRIC_STATUSES, {
    label: 'Bariatric status',
    required: 'Bariatic status is required',
  })
  if (status !== 'yes') {
    f.done()
    return {
      bariatric_status: status!,
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
  }
  const section: BariatricSection = {
    bariatric_status: status,
    surgery_type: f.choice('surgery_type', SURGERY_TYPES, {
      label: 'Surgery type',
      required: 'Surgery type is required',
    }),
    surgery_date: f.date('surgery_date', { label: 'Surgery date', required: 'Surgery date is required' }),
    funding_method: f.choice('funding_method', FUNDING_METHODS, { label: 'Funding method' }),
    pre_surgery_weight: f.number('pre_surgery_weight', {
      label: 'Pre-surgery weight',
      required: 'Pre-surgery weight is required',
      ...WEIGHT_KG,
    }),
    pre_surgery_weight_unit: f.choice('pre_surgery_weight_unit', WEIGHT_UNITS, {
      label: 'Pre-surgery weight unit',
      fallback: 'kg',
    }),
    goal_weight: f.number('goal_weight', { label: 'Goal weight', ...WEIGHT_KG }),
    goal_weight_unit: f.choice('goal_weight_unit', WEIGHT_UNITS, {
      label: 'Goal weight unit',
      fallback: 'kg',
    }),
    hospital_name: f.text('hospital_name', { label: 'Hospital name' }),
    hospital_address: f.text('hospital_address', { label: 'Hospital address', max: 500 }),
    surgery_comments: f.text('surgery_comments', { label: 'Surgery comments', max: LONG_TEXT }),
  }
  f.done()
  return section
}

export function readDevice(body: JsonObject): DeviceSection {
  const f = new FieldReader(body)
  const hasWearable = f.boolean('has_wearable', {
    label: 'Device preference',
    required: 'Please specify your device preference',
    fallback: false,
  })
  const section = {
    has_wearable: hasWearable,
    need_device_shipment: f.boolean('need_device_shipment', { label: 'Device shipment', fallback: false }),
    wearable_type: hasWearable
      ? f.text('wearable_type', { label: 'Wearable type', required: 'Wearable type is required', max: 100 })
      : null,
    wearable_os: f.choice('wearable_os', WEARABLE_OS, {
      label: 'Mobile OS',
      required: 'Mobile OS is required',
    }),
  }
  f.done()
  return { ...section, wearable_os: section.wearable_os! }
}
