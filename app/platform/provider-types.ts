// The provider's answers are checked against the contract (common/contract/) in
// provider-api.server.ts; the auth types are the contract's. The profile types below are what the
// app's pure models (dashboard, health metrics, trends, wizard prefill) accept: looser than the
// contract on purpose, so a model can be given (and is tested with) a patient whose details are
// partly missing. They must stay wider than the contract: the checks at the end of the file fail
// the typecheck when an answer the contract allows would not fit them.
import type * as Contract from '~/../common/contract/profile'
import type { SpecAdminUser, SpecCustomerProfile } from '~/../common/contract/spec'

export type {
  AdminSession as AdminLoginContent,
  MfaChallenge as AdminMfaChallenge,
  MfaSetup as AdminMfaSetup,
  MfaStatus as AdminMfaStatus,
  TokenPair,
} from '~/../common/contract/auth'
export type { ProfileFlags } from '~/../common/contract/profile'
import type { ProfileFlags } from '~/../common/contract/profile'

export type PersonalSection = {
  full_name: string
  email?: string
  phone_number: string
  date_of_birth: string
  gender: 'M' | 'F' | 'O' | 'N' | string
  height: number | null
  height_unit: 'cm' | 'ft-in' | string
  initial_weight: number | null
  weight_unit: 'kg' | 'lbs' | string
  address_line1: string
  address_line2: string
  city: string
  state: string
  postal_code: string
}

export type MedicalSection = {
  pre_existing_conditions: string[]
  other_conditions: string
  allergies: string
  current_medications: string
  diet_restrictions: string
  previous_weight_loss_attempts: string[]
}

export type BariatricSection = {
  bariatric_status: 'yes' | 'plan' | 'no' | string
  surgery_type?: string | null
  surgery_date?: string | null
  funding_method?: string | null
  pre_surgery_weight?: number | null
  pre_surgery_weight_unit?: string | null
  goal_weight?: number | null
  goal_weight_unit?: string | null
  hospital_name?: string | null
  hospital_address?: string | null
  surgery_comments?: string | null
}

export type DeviceSection = {
  has_wearable: boolean
  need_device_shipment: boolean
  wearable_type: string | null
  wearable_os: 'ios' | 'android' | string
}

export type CustomerProfile = {
  profile: ProfileFlags & { id?: number | string; email?: string; has_seen_tour?: boolean }
  personal: PersonalSection | null
  medical_history: MedicalSection | null
  bariatric_surgery: BariatricSection | null
  device_information: DeviceSection | null
  preferences: { height_unit?: string; weight_unit?: string } | null
}

/**
 * The stored admin user (SPEC.md §3 "Admin profile: stored as the admin user"): SPEC promises only
 * the roles at sign-in, so the rest is "known if present" (a missing name shows the e-mail or nothing).
 */
export type AdminUser = {
  id?: number | string
  email?: string
  full_name?: string
  roles: string[]
  mfa_enabled?: boolean
}

// A checked answer must fit the models' types: a compile-time check, nothing at run time.
type Fits<Checked, Accepted> = [Checked] extends [Accepted] ? true : false
type Assert<T extends true> = T
export type ContractFits = [
  Assert<Fits<SpecCustomerProfile, CustomerProfile>>,
  Assert<Fits<SpecAdminUser, AdminUser>>,
  Assert<Fits<Contract.CustomerProfile, CustomerProfile>>,
  Assert<Fits<Contract.PersonalAnswer, PersonalSection>>,
  Assert<Fits<Contract.MedicalSection, MedicalSection>>,
  Assert<Fits<Contract.BariatricSection, BariatricSection>>,
  Assert<Fits<Contract.DeviceSection, DeviceSection>>,
]
