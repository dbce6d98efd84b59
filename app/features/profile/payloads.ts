// Between the form and the provider: validated step values → the exact PUT bodies of SPEC.md §7
// (heights in cm, weights in kg, dates ISO), and the stored profile → the form's default values
// (cm shown as ft-in and kg as lbs when those are the patient's units, 1 decimal, MM/DD/YYYY).
import { isoToUsDate } from '~/platform/dates'
import type { DeviceNeed } from './options'
import { BARIATRIC_STATUSES, GENDERS, WEARABLE_OS } from './options'
import type {
  BariatricFormInput,
  BariatricValues,
  DeviceFormInput,
  DeviceValues,
  MedicalFormInput,
  MedicalValues,
  PersonalFormInput,
  PersonalValues,
} from './schemas'
import type { BariatricBody, DeviceBody, MedicalBody, PersonalBody } from '~/../common/contract/profile'
import type { CustomerProfile } from '~/platform/provider-types'
import {
  cmToFeetInches,
  feetInchesToCm,
  isHeightUnit,
  isWeightUnit,
  numberToInput,
  roundForDisplay,
  roundForPayload,
  weightFromKg,
  weightToKg,
  type HeightUnit,
  type WeightUnit,
} from '~/platform/units'

// ---- PUT bodies --------------------------------------------------------------------------

// The bodies' types are the API contract's (common/contract/profile.ts).
export type PersonalPayload = PersonalBody

/** The height in cm whatever unit it was typed in (30.48 cm per foot, 2.54 cm per inch). */
export function heightInCm(values: Pick<PersonalValues, 'height_unit' | 'height' | 'height_ft' | 'height_in'>) {
  return values.height_unit === 'ft-in'
    ? (feetInchesToCm(values.height_ft, values.height_in) ?? 0)
    : roundForPayload(values.height ?? 0)
}

export function buildPersonalPayload(values: PersonalValues): PersonalPayload {
  return {
    date_of_birth: values.date_of_birth,
    full_name: values.full_name,
    gender: values.gender,
    phone_number: values.phone_number,
    height: heightInCm(values),
    height_unit: values.height_unit,
    initial_weight: weightToKg(values.initial_weight, values.weight_unit),
    weight_unit: values.weight_unit,
    address_line1: values.address_line1,
    address_line2: values.address_line2,
    city: values.city,
    state: values.state,
    postal_code: values.postal_code,
  }
}

export type MedicalPayload = MedicalBody

export function buildMedicalPayload(values: MedicalValues): MedicalPayload {
  return {
    pre_existing_conditions: values.pre_existing_conditions,
    other_conditions: values.other_conditions,
    allergies: values.allergies,
    current_medications: values.current_medications,
    diet_restrictions: values.diet_restrictions,
    previous_weight_loss_attempts: values.previous_weight_loss_attempts,
  }
}

export type BariatricPayload = BariatricBody

/** SPEC.md §7: the surgery fields travel only when the status is yes. */
export function buildBariatricPayload(values: BariatricValues): BariatricPayload {
  if (values.bariatric_status !== 'yes') return { bariatric_status: values.bariatric_status }
  return {
    bariatric_status: 'yes',
    surgery_type: values.surgery_type,
    surgery_date: values.surgery_date,
    pre_surgery_weight: weightToKg(values.pre_surgery_weight, values.pre_surgery_weight_unit),
    goal_weight: values.goal_weight === undefined ? null : weightToKg(values.goal_weight, values.goal_weight_unit),
    pre_surgery_weight_unit: values.pre_surgery_weight_unit,
    goal_weight_unit: values.goal_weight_unit,
    hospital_name: values.hospital_name,
    funding_method: values.funding_method ?? null,
    surgery_comments: values.surgery_comments,
    hospital_address: values.hospital_address,
  }
}

export type DevicePayload = DeviceBody

/**
 * The two flags follow the patient's answer (docs/decisions/035-wizard-device-flags.md) rather than SPEC.md §7's
 * constants: have-device → has_wearable, need-device → need_device_shipment.
 */
export function buildDevicePayload(values: DeviceValues): DevicePayload {
  const hasDevice = values.deviceNeeds === 'have-device'
  return {
    has_wearable: hasDevice,
    need_device_shipment: !hasDevice,
    wearable_type: values.deviceNeeds === 'have-device' ? values.wearable_type : null,
    wearable_os: values.wearable_os,
  }
}

// ---- Form defaults from the stored profile ------------------------------------------------

type ProfileSections = Pick<CustomerProfile, 'personal' | 'medical_history' | 'bariatric_surgery' | 'device_information' | 'preferences'>

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined

const textOrEmpty = (value: unknown) => (typeof value === 'string' ? value : '')
const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/** The patient's units: those stored with the personal details, else the preferences, else metric. */
export function preferredUnits(profile: ProfileSections): { height: HeightUnit; weight: WeightUnit } {
  const personal = profile.personal
  const preferences = profile.preferences
  const height = [personal?.height_unit, preferences?.height_unit].find(isHeightUnit) ?? 'cm'
  const weight = [personal?.weight_unit, preferences?.weight_unit].find(isWeightUnit) ?? 'kg'
  return { height, weight }
}

/** A stored kg weight as form text in `unit` ('' when none). */
function weightInput(kg: unknown, unit: WeightUnit): string {
  const value = finite(kg)
  return value === undefined ? '' : numberToInput(weightFromKg(value, unit))
}

export function personalDefaults(profile: ProfileSections): PersonalFormInput {
  const p = profile.personal
  const units = preferredUnits(profile)
  const cm = finite(p?.height)
  const feetInches = cm === undefined ? undefined : cmToFeetInches(cm)
  return {
    full_name: textOrEmpty(p?.full_name),
    phone_number: textOrEmpty(p?.phone_number),
    date_of_birth: isoToUsDate(p?.date_of_birth),
    gender: oneOf(p?.gender, GENDERS),
    height_unit: units.height,
    // Both forms of the height are filled, so switching the unit shows the same height.
    height: cm === undefined ? '' : numberToInput(roundForDisplay(cm)),
    height_ft: feetInches ? String(feetInches.feet) : '',
    height_in: feetInches ? numberToInput(feetInches.inches) : '',
    initial_weight: weightInput(p?.initial_weight, units.weight),
    weight_unit: units.weight,
    address_line1: textOrEmpty(p?.address_line1),
    address_line2: textOrEmpty(p?.address_line2),
    city: textOrEmpty(p?.city),
    state: textOrEmpty(p?.state),
    postal_code: textOrEmpty(p?.postal_code),
  }
}

export function medicalDefaults(profile: ProfileSections): MedicalFormInput {
  const m = profile.medical_history
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [])
  return {
    pre_existing_conditions: strings(m?.pre_existing_conditions),
    other_conditions: textOrEmpty(m?.other_conditions),
    allergies: textOrEmpty(m?.allergies),
    current_medications: textOrEmpty(m?.current_medications),
    diet_restrictions: textOrEmpty(m?.diet_restrictions),
    previous_weight_loss_attempts: strings(m?.previous_weight_loss_attempts),
  }
}

export function bariatricDefaults(profile: ProfileSections): BariatricFormInput {
  const b = profile.bariatric_surgery
  const fallbackUnit = preferredUnits(profile).weight
  const preUnit = [b?.pre_surgery_weight_unit].find(isWeightUnit) ?? fallbackUnit
  const goalUnit = [b?.goal_weight_unit].find(isWeightUnit) ?? fallbackUnit
  return {
    bariatric_status: oneOf(b?.bariatric_status, BARIATRIC_STATUSES),
    surgery_type: textOrEmpty(b?.surgery_type),
    surgery_date: isoToUsDate(b?.surgery_date),
    funding_method: textOrEmpty(b?.funding_method),
    pre_surgery_weight: weightInput(b?.pre_surgery_weight, preUnit),
    pre_surgery_weight_unit: preUnit,
    goal_weight: weightInput(b?.goal_weight, goalUnit),
    goal_weight_unit: goalUnit,
    hospital_name: textOrEmpty(b?.hospital_name),
    hospital_address: textOrEmpty(b?.hospital_address),
    surgery_comments: textOrEmpty(b?.surgery_comments),
  }
}

export function deviceDefaults(profile: ProfileSections): DeviceFormInput {
  const d = profile.device_information
  let deviceNeeds: DeviceNeed | undefined
  if (d?.has_wearable) deviceNeeds = 'have-device'
  else if (d?.need_device_shipment) deviceNeeds = 'need-device'
  return {
    deviceNeeds,
    wearable_os: oneOf(d?.wearable_os, WEARABLE_OS),
    wearable_type: textOrEmpty(d?.wearable_type),
  }
}
