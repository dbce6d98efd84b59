// What the patient's dashboard says, computed from the profile alone (GET v1/auth/profile/).
// Pure and deterministic (today is a parameter), so every number on the dashboard is unit-tested.
// Nothing here is invented: a value the profile does not hold is `null`, and the screen says so.
import { differenceInCalendarDays, isValid, parseISO } from 'date-fns'
import { isoToUsDate } from '~/platform/dates'
import { preferredUnits } from '~/features/profile/payloads'
import type { CustomerProfile } from '~/platform/provider-types'
import { bmiCategory, bodyMassIndex, positiveOrNull, type BmiCategory } from '~/../common/clinical'
import { cmToFeetInches, roundTo, weightFromKg, type HeightUnit, type WeightUnit } from '~/platform/units'

export type SurgeryStatus = 'yes' | 'plan' | 'no'

export const SURGERY_STATUS_LABELS: Record<SurgeryStatus, string> = {
  yes: 'Had bariatric surgery',
  plan: 'Planning bariatric surgery',
  no: 'No bariatric surgery planned',
}

export type SurgerySummary = {
  status: SurgeryStatus | null
  statusLabel: string | null
  type: string | null
  /** MM/DD/YYYY, as dates are shown everywhere (SPEC.md §9). */
  date: string | null
  /** Whole days from the surgery date to today; 0 on the day itself. */
  daysSince: number | null
  /** Whole days from today to a surgery date still ahead. */
  daysUntil: number | null
  hospital: string | null
}

export type WeightSummary = {
  unit: WeightUnit
  /** In `unit`, 1 decimal (SPEC.md §9). */
  preSurgery: number | null
  /** The latest weight we know: the onboarding's initial weight until weights are logged. */
  current: number | null
  goal: number | null
  /** current − goal, in `unit`; null unless both are known. */
  toGoal: number | null
}

export type BmiSummary = { value: number; category: BmiCategory } | null

export type DeviceSummary =
  | { kind: 'missing' }
  | { kind: 'has-device'; wearableType: string | null; os: string | null }
  | { kind: 'needs-device'; os: string | null }

export type DashboardSummary = {
  fullName: string | null
  firstName: string | null
  surgery: SurgerySummary
  weights: WeightSummary
  height: { unit: HeightUnit; text: string } | null
  bmi: BmiSummary
  device: DeviceSummary
}

const OS_LABELS: Record<string, string> = { ios: 'iOS', android: 'Android' }

function text(value: string | null | undefined): string | null {
  const trimmed = typeof value === 'string' ? value.trim() : ''
  return trimmed === '' ? null : trimmed
}

function isSurgeryStatus(value: unknown): value is SurgeryStatus {
  return value === 'yes' || value === 'plan' || value === 'no'
}

/** 'YYYY-MM-DD' → Date at local midnight; undefined when absent or not a real date. */
function isoDay(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined
  const date = parseISO(iso.slice(0, 10))
  return isValid(date) ? date : undefined
}

/** kg stored by the provider → the patient's unit, 1 decimal; null stays null. */
export function displayWeight(kg: number | null | undefined, unit: WeightUnit): number | null {
  const value = positiveOrNull(kg)
  return value === null ? null : weightFromKg(value, unit)
}

/** '165 cm' or '5 ft 10 in' (inches to 1 decimal, no trailing .0). */
export function formatHeight(cm: number, unit: HeightUnit): string {
  if (unit === 'cm') return `${roundTo(cm, 1)} cm`
  const { feet, inches } = cmToFeetInches(cm)
  return `${feet} ft ${inches} in`
}

/** Weight number as shown: always one decimal, so 112 kg reads '112.0 kg'. */
export function formatWeight(value: number, unit: WeightUnit): string {
  return `${value.toFixed(1)} ${unit}`
}

/** Body-mass index from cm and kg (common/clinical.ts), 1 decimal, with the WHO adult category. */
export function bmiSummary(heightCm: number | null | undefined, weightKg: number | null | undefined): BmiSummary {
  const bmi = bodyMassIndex(weightKg, heightCm)
  if (bmi === null) return null
  const value = roundTo(bmi, 1)
  return { value, category: bmiCategory(value) }
}

/** Days since (date in the past or today) or until (date ahead) a surgery date, in calendar days. */
export function surgeryDayCounts(
  surgeryIso: string | null | undefined,
  today: Date,
): { daysSince: number | null; daysUntil: number | null } {
  const date = isoDay(surgeryIso)
  if (!date) return { daysSince: null, daysUntil: null }
  const days = differenceInCalendarDays(today, date)
  return days >= 0 ? { daysSince: days, daysUntil: null } : { daysSince: null, daysUntil: -days }
}

function surgerySummary(profile: CustomerProfile, today: Date): SurgerySummary {
  const bariatric = profile.bariatric_surgery
  const status = isSurgeryStatus(bariatric?.bariatric_status) ? bariatric.bariatric_status : null
  // SPEC.md §4: the surgery details exist only for patients who had surgery.
  const details = status === 'yes' ? bariatric : null
  const surgeryDate = details?.surgery_date ?? null
  return {
    status,
    statusLabel: status ? SURGERY_STATUS_LABELS[status] : null,
    type: text(details?.surgery_type),
    date: surgeryDate ? text(isoToUsDate(surgeryDate)) : null,
    ...surgeryDayCounts(surgeryDate, today),
    hospital: text(details?.hospital_name),
  }
}

function weightSummary(profile: CustomerProfile, latestWeightKg: number | null): WeightSummary {
  // The same units the profile forms use (features/profile/payloads.ts), so both screens agree.
  const unit = preferredUnits(profile).weight
  const bariatric = profile.bariatric_surgery?.bariatric_status === 'yes' ? profile.bariatric_surgery : null
  const preSurgery = displayWeight(bariatric?.pre_surgery_weight, unit)
  const current = displayWeight(latestWeightKg ?? profile.personal?.initial_weight, unit)
  const goal = displayWeight(bariatric?.goal_weight, unit)
  return {
    unit,
    preSurgery,
    current,
    goal,
    toGoal: current !== null && goal !== null ? roundTo(current - goal, 1) : null,
  }
}

function deviceSummary(profile: CustomerProfile): DeviceSummary {
  const device = profile.device_information
  if (!device) return { kind: 'missing' }
  const os = OS_LABELS[device.wearable_os] ?? text(device.wearable_os)
  const wearableType = text(device.wearable_type)
  // The wizard sends a wearable type only for "I have a device" (SPEC.md §4); "I need a device"
  // shows as a shipment request or as no wearable.
  if (!wearableType && (device.need_device_shipment || !device.has_wearable)) return { kind: 'needs-device', os }
  return { kind: 'has-device', wearableType, os }
}

export function firstName(fullName: string | null): string | null {
  return fullName?.split(/\s+/)[0] || null
}

/**
 * `latestWeightKg`: the newest logged weight (health log, app/features/health-log/health-metrics.ts), which then
 * stands for the current weight and the BMI instead of the onboarding's initial weight.
 */
export function dashboardSummary(profile: CustomerProfile, today: Date, latestWeightKg: number | null = null): DashboardSummary {
  const personal = profile.personal
  const fullName = text(personal?.full_name)
  const heightCm = positiveOrNull(personal?.height)
  const heightUnit = preferredUnits(profile).height
  return {
    fullName,
    firstName: firstName(fullName),
    surgery: surgerySummary(profile, today),
    weights: weightSummary(profile, latestWeightKg),
    height: heightCm === null ? null : { unit: heightUnit, text: formatHeight(heightCm, heightUnit) },
    bmi: bmiSummary(heightCm, latestWeightKg ?? personal?.initial_weight),
    device: deviceSummary(profile),
  }
}

/** "1 day" / "12 days". */
export function pluralDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}
