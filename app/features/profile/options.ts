// SPEC.md §3's option lists and codes (from the API contract, common/contract/profile-values.ts),
// with the labels patients see. One source for the wizard, the patient's profile page and the
// schemas.
import type { BariatricStatus, Gender, WearableOs } from '~/../common/contract/profile-values'
import { NONE_OPTION } from '~/../common/contract/profile-values'

export {
  BARIATRIC_STATUSES,
  FUNDING_METHODS,
  GENDERS,
  NONE_OPTION,
  PRE_EXISTING_CONDITIONS,
  SURGERY_TYPES,
  WEARABLE_OS,
  WEIGHT_LOSS_ATTEMPTS,
  type BariatricStatus,
  type Gender,
  type WearableOs,
} from '~/../common/contract/profile-values'

export type Option<T extends string = string> = { value: T; label: string }

export const GENDER_OPTIONS: Option<Gender>[] = [
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
  { value: 'O', label: 'Other' },
  { value: 'N', label: 'Prefer not to say' },
]

export const BARIATRIC_STATUS_OPTIONS: Option<BariatricStatus>[] = [
  { value: 'yes', label: 'Yes, I have had surgery' },
  { value: 'plan', label: 'I am planning surgery' },
  { value: 'no', label: 'No' },
]

export const DEVICE_NEEDS = ['have-device', 'need-device'] as const
export type DeviceNeed = (typeof DEVICE_NEEDS)[number]
export const DEVICE_NEED_OPTIONS: Option<DeviceNeed>[] = [
  { value: 'have-device', label: 'I have a wearable device' },
  { value: 'need-device', label: 'I need a device' },
]

export const WEARABLE_OS_OPTIONS: Option<WearableOs>[] = [
  { value: 'ios', label: 'iOS' },
  { value: 'android', label: 'Android' },
]

export const HEIGHT_UNIT_OPTIONS: Option<'cm' | 'ft-in'>[] = [
  { value: 'cm', label: 'cm' },
  { value: 'ft-in', label: 'ft / in' },
]
export const WEIGHT_UNIT_OPTIONS: Option<'kg' | 'lbs'>[] = [
  { value: 'kg', label: 'kg' },
  { value: 'lbs', label: 'lbs' },
]

export const COUNTRY_CODE = '+1'

/** Options whose label is the value itself (the checklists, surgery types, funding methods). */
export function asOptions<T extends string>(values: readonly T[]): Option<T>[] {
  return values.map((value) => ({ value, label: value }))
}

/**
 * SPEC.md §4 checklists: choosing 'None' clears everything else; choosing any other item removes
 * 'None'. Unticking simply removes the item. The order of `options` is kept.
 */
export function toggleChecklistValue(
  selected: readonly string[],
  item: string,
  checked: boolean,
  options: readonly string[],
): string[] {
  if (!checked) return selected.filter((value) => value !== item)
  if (item === NONE_OPTION) return [NONE_OPTION]
  const next = new Set(selected.filter((value) => value !== NONE_OPTION))
  next.add(item)
  return options.filter((option) => next.has(option))
}
