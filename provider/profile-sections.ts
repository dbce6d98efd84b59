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
} from '../common/contract/profile-values'
import type { BariatricSection, DeviceSection, MedicalSection, PersonalSection } from '../common/contract/profile'

// SPEC §3's option lists and the sections' shapes, from the contract (common/contract/), where the
// route table also reads the sections' bodies (profile-requests.ts).
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
