// Shapes of the provider's `content` (docs/provider-api.md). Types only, shared by server and UI.

export type TokenPair = { access_token: string; refresh_token: string }

/** `mfa_enabled`: P15, the admin has a confirmed second factor (absent from providers without it). */
export type AdminUser = { id: number | string; email: string; full_name: string; roles: string[]; mfa_enabled?: boolean }

export type AdminLoginContent = TokenPair & { user: AdminUser }

/** P15: the password step's answer for an admin with a second factor: no tokens yet. */
export type AdminMfaChallenge = { mfa_required: true; mfa_token: string; expires_in?: number }

export type AdminMfaStatus = { enabled: boolean; recovery_codes_left: number }
export type AdminMfaSetup = { secret: string; otpauth_uri: string }

export type ProfileFlags = {
  is_onboarded: boolean
  profile_completed: boolean
  medical_completed: boolean
  bariatric_completed: boolean
}

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
  surgery_type?: string
  surgery_date?: string | null
  funding_method?: string
  pre_surgery_weight?: number | null
  pre_surgery_weight_unit?: string
  goal_weight?: number | null
  goal_weight_unit?: string
  hospital_name?: string
  hospital_address?: string
  surgery_comments?: string
}

export type DeviceSection = {
  has_wearable: boolean
  need_device_shipment: boolean
  wearable_type: string
  wearable_os: 'ios' | 'android' | string
}

export type CustomerProfile = {
  profile: ProfileFlags & { id: number | string; email: string; has_seen_tour?: boolean }
  personal: PersonalSection | null
  medical_history: MedicalSection | null
  bariatric_surgery: BariatricSection | null
  device_information: DeviceSection | null
  preferences: { height_unit?: string; weight_unit?: string } | null
}
