// The SPEC level of the contract: what SPEC.md §3 ("Server responses") and §7 promise about the
// answers of SPEC.md's own calls, and nothing more. The app reads every SPEC §7 answer with these,
// so it works with any provider that implements SPEC §7 to the letter. Our API promises more; its
// stricter schemas (auth.ts, profile.ts) extend these, and the API checks its answers with those.
//
// Lenient by design: a field SPEC does not promise may be absent, null, of another JSON type, or
// accompanied by fields we do not know; ids may be numbers or strings; a section not saved yet may
// be null, absent or `{}`. What the screens read is normalised here once (a missing text is '', a
// missing number null, an empty section null), so no screen meets a shape SPEC allows but the
// screen did not expect. Only what SPEC promises is required: `spec.test.ts` builds the smallest
// answer of every call from one table and fails if a schema asks for more.
//
// Server code only (zod).
import { z } from 'zod'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// ---- Lenient fields ---------------------------------------------------------------------------

/** Text as sent; a number becomes its digits; anything else ''. */
export const looseText = z.unknown().transform((v): string =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '',
)

/** Text or null (for the bariatric section's optional details). */
const looseOptionalText = z.unknown().transform((v): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null,
)

/** A number, or a decimal sent as text (as Django REST's DecimalField does); else null. */
export const looseNumber = z.unknown().transform((v): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v)
  return null
})

/** A list of texts; anything else, or any non-text item, is left out. */
const looseTextList = z.unknown().transform((v): string[] =>
  Array.isArray(v) ? v.filter((item): item is string => typeof item === 'string') : [],
)

/** true only when the provider said true. */
const looseFlag = z.unknown().transform((v): boolean => v === true)

/** An id as a number or a string; anything else is no id. */
const looseId = z.unknown().transform((v): number | string | undefined =>
  typeof v === 'number' || (typeof v === 'string' && v !== '') ? v : undefined,
)

/** Text when there is some; absent otherwise (the screens show the e-mail or nothing). */
const optionalText = z.unknown().transform((v): string | undefined => (typeof v === 'string' ? v : undefined))

/** A non-empty token: the one thing a sign-in or refresh answer is for. */
const token = z.string().min(1)

/**
 * A profile section: null, absent and `{}` all mean "not saved yet" (null); otherwise its known
 * fields, normalised by `fields`.
 */
function section<T extends z.ZodRawShape>(fields: T) {
  return z.preprocess(
    (v) => (isRecord(v) && Object.keys(v).length > 0 ? v : null),
    z.object(fields).nullable(),
  )
}

// ---- POST v1/auth/login/: content.access_token, content.refresh_token --------------------------

export const specTokenPairSchema = z.object({
  access_token: token,
  refresh_token: token,
  /** Our API's "known browser" token (docs/provider-api.md); absent from a SPEC-only provider. */
  device_token: optionalText,
})
export type SpecTokenPair = z.output<typeof specTokenPairSchema>

// ---- POST v1/admin/login/: content.access_token, content.refresh_token, content.user.roles -----
// GET /v1/admin/profile/: content, "stored as the admin user" (SPEC §3): nothing in it is promised.

/** The admin user: `roles` when the provider sends them (always at sign-in); the rest if present. */
export const specAdminUserSchema = z.object({
  id: looseId,
  email: optionalText,
  full_name: optionalText,
  /** SPEC §6: a role we do not know yields no role, so roles stay plain texts. */
  roles: looseTextList,
  /** Our API's two-factor flag (docs/provider-api.md); absent means unknown. */
  mfa_enabled: z.unknown().transform((v): boolean | undefined => (typeof v === 'boolean' ? v : undefined)),
})
export type SpecAdminUser = z.output<typeof specAdminUserSchema>

export const specAdminSessionSchema = specTokenPairSchema.extend({
  user: specAdminUserSchema.extend({ roles: z.array(z.unknown()).transform((roles) => roles.filter((r): r is string => typeof r === 'string')) }),
  /** Our API's: this admin must set up two-factor sign-in first. Absent means no such rule. */
  mfa_setup_required: z.unknown().transform((v): boolean | undefined => (typeof v === 'boolean' ? v : undefined)),
})
export type SpecAdminSession = z.output<typeof specAdminSessionSchema>

/** GET /v1/admin/profile/: any object. */
export const specAdminProfileSchema = specAdminUserSchema

// ---- GET /v1/auth/profile/: the sections and the flags ----------------------------------------

/** SPEC §3 "Profile form fields", personal; height in cm and weight in kg whatever the units say. */
export const specPersonalSchema = section({
  full_name: looseText,
  email: optionalText,
  phone_number: looseText,
  date_of_birth: looseText,
  gender: looseText,
  height: looseNumber,
  height_unit: looseText,
  initial_weight: looseNumber,
  weight_unit: looseText,
  address_line1: looseText,
  address_line2: looseText,
  city: looseText,
  state: looseText,
  postal_code: looseText,
})

export const specMedicalSchema = section({
  pre_existing_conditions: looseTextList,
  other_conditions: looseText,
  allergies: looseText,
  current_medications: looseText,
  diet_restrictions: looseText,
  previous_weight_loss_attempts: looseTextList,
})

export const specBariatricSchema = section({
  bariatric_status: looseText,
  surgery_type: looseOptionalText,
  surgery_date: looseOptionalText,
  funding_method: looseOptionalText,
  pre_surgery_weight: looseNumber,
  pre_surgery_weight_unit: looseOptionalText,
  goal_weight: looseNumber,
  goal_weight_unit: looseOptionalText,
  hospital_name: looseOptionalText,
  hospital_address: looseOptionalText,
  surgery_comments: looseOptionalText,
})

export const specDeviceSchema = section({
  has_wearable: looseFlag,
  need_device_shipment: looseFlag,
  wearable_type: looseOptionalText,
  wearable_os: looseText,
})

/** Display units (SPEC §3) and, from our API, the health log's daily targets: all "if present". */
export const specPreferencesSchema = z.preprocess(
  (v) => (isRecord(v) ? v : {}),
  z.object({
    height_unit: optionalText,
    weight_unit: optionalText,
    protein_target_g: z.unknown().transform((v) => looseNumber.parse(v) ?? undefined),
    water_target_ml: z.unknown().transform((v) => looseNumber.parse(v) ?? undefined),
    sleep_target_h: z.unknown().transform((v) => looseNumber.parse(v) ?? undefined),
  }),
)

/**
 * `profile`: SPEC §3 "profile (with is_onboarded)"; the three step flags are "read" (§3, §4 picks
 * the wizard's first step by them) and count as false when absent, which starts the wizard at
 * step 1 with whatever the sections prefill. `has_seen_tour` is our API's: absent means not seen.
 */
export const specProfileFlagsSchema = z.object({
  is_onboarded: z.boolean(),
  profile_completed: looseFlag,
  medical_completed: looseFlag,
  bariatric_completed: looseFlag,
  id: looseId,
  email: optionalText,
  has_seen_tour: z.unknown().transform((v): boolean | undefined => (typeof v === 'boolean' ? v : undefined)),
})

export const specCustomerProfileSchema = z.object({
  profile: specProfileFlagsSchema,
  personal: specPersonalSchema,
  medical_history: specMedicalSchema,
  bariatric_surgery: specBariatricSchema,
  device_information: specDeviceSchema,
  preferences: specPreferencesSchema,
})
export type SpecCustomerProfile = z.output<typeof specCustomerProfileSchema>

// ---- POST v1/auth/token/refresh/ and v1/admin/token/refresh/: access ----------------------------

/** `refresh`: not SPEC's; a provider that rotates refresh tokens adds the new one. */
export const specRefreshSchema = z.object({ access: token, refresh: optionalText })
export type SpecRefresh = z.output<typeof specRefreshSchema>

// ---- Answers SPEC says are "not shown" or "not read" -------------------------------------------
// Sign-up, resend, verify, forgot, reset, tour-completed and the wizard's four PUTs ("only error
// data"): the app reads nothing from a success, so any content (none, null, {}, anything) is fine.

export const specUnreadSchema = z.unknown()

/**
 * Sign-up and verification: SPEC shows nothing; our API answers the normalised e-mail. Read if
 * present, else the screens use the address the person typed.
 */
export const specEmailAnswerSchema = z.unknown().transform((v) => ({
  email: isRecord(v) && typeof v.email === 'string' && v.email !== '' ? v.email : undefined,
}))
export type SpecEmailAnswer = z.output<typeof specEmailAnswerSchema>

// ---- The table: every SPEC §7 call, its schema and the smallest answer SPEC allows -------------

export type SpecCall = {
  method: 'GET' | 'POST' | 'PUT'
  path: string
  schema: z.ZodTypeAny
  /** The least a provider may answer under `content` and still implement SPEC §7. */
  minimal: unknown
  /** Why each required field is required: where SPEC promises it. */
  requires: string
}

const minimalProfile = {
  profile: { is_onboarded: false },
  personal: null,
  medical_history: null,
  bariatric_surgery: null,
  device_information: null,
  preferences: null,
}

export const SPEC_CALLS: readonly SpecCall[] = [
  {
    method: 'POST',
    path: 'v1/auth/login/',
    schema: specTokenPairSchema,
    minimal: { access_token: 'a', refresh_token: 'r' },
    requires: 'access_token, refresh_token: SPEC §3 "Sign-in (customer)" and §7 "Reads"',
  },
  {
    method: 'POST',
    path: 'v1/admin/login/',
    schema: specAdminSessionSchema,
    minimal: { access_token: 'a', refresh_token: 'r', user: { roles: [] } },
    requires: 'access_token, refresh_token, user.roles: SPEC §3 "Admin login" and §7 "Reads"',
  },
  {
    method: 'GET',
    path: 'v1/admin/profile/',
    schema: specAdminProfileSchema,
    minimal: {},
    requires: 'an object: SPEC §7 reads `content`, stored as the admin user (§3); no field is named',
  },
  {
    method: 'GET',
    path: 'v1/auth/profile/',
    schema: specCustomerProfileSchema,
    minimal: minimalProfile,
    requires:
      'profile.is_onboarded: SPEC §3 "profile (with is_onboarded)", which every guard routes on (§2, §4); ' +
      'the sections may be null, absent or {}; the three step flags count as false when absent',
  },
  { method: 'POST', path: 'v1/auth/signup/', schema: specEmailAnswerSchema, minimal: undefined, requires: 'nothing: "not shown"' },
  {
    method: 'POST',
    path: 'v1/auth/resend-verify-email/',
    schema: specUnreadSchema,
    minimal: undefined,
    requires: 'nothing: "not shown"',
  },
  {
    method: 'GET',
    path: 'v1/auth/verify-email-token/',
    schema: specEmailAnswerSchema,
    minimal: undefined,
    requires: 'nothing: "not shown"',
  },
  { method: 'POST', path: 'v1/auth/forgot_password/', schema: specUnreadSchema, minimal: undefined, requires: 'nothing: "not shown"' },
  {
    method: 'POST',
    path: 'v1/auth/reset_password/submit/',
    schema: specUnreadSchema,
    minimal: undefined,
    requires: 'nothing: "not shown"',
  },
  {
    method: 'POST',
    path: 'v1/auth/token/refresh/',
    schema: specRefreshSchema,
    minimal: { access: 'a' },
    requires: 'access: SPEC §3 "Token refresh: access" and §7',
  },
  {
    method: 'POST',
    path: 'v1/admin/token/refresh/',
    schema: specRefreshSchema,
    minimal: { access: 'a' },
    requires: 'access: SPEC §3 "Token refresh: access" and §7',
  },
  {
    method: 'POST',
    path: 'v1/auth/tour-completed/',
    schema: specUnreadSchema,
    minimal: undefined,
    requires: 'nothing: "not read; failure only logged"',
  },
  ...(['personal', 'medical', 'bariatric', 'device'] as const).map(
    (name): SpecCall => ({
      method: 'PUT',
      path: `v1/auth/profile/${name}/`,
      schema: specUnreadSchema,
      minimal: undefined,
      requires: 'nothing: "only error data"',
    }),
  ),
]
