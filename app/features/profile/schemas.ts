// One zod schema per wizard step (SPEC.md §5), used by conform in the browser and by the action
// on the server. Every field is read leniently first and all rules run in one pass, so an empty
// submit gets every message at once (zod skips object refinements when a field fails early), and
// fields of hidden sections (another unit, status not 'yes', need-device) are ignored.
import { z } from 'zod'
import { usDateToIso } from '~/platform/dates'
import { filterDigits, filterPhone, hasMinusSign, maskDateInput, parseDecimal } from '~/platform/input-filters'
import { WIZARD_MESSAGES as M } from '~/platform/wizard-messages'
import {
  BARIATRIC_STATUSES,
  DEVICE_NEEDS,
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
} from './options'
import { HEIGHT_UNITS, WEIGHT_UNITS, type HeightUnit, type WeightUnit } from '~/platform/units'

/** Without JavaScript nothing unticks the other boxes, so the server asks instead of guessing. */
export const NONE_CONFLICT_MESSAGE = 'Choose “None” or specific items, not both'
/** Only a hand-made request can send a value outside the lists. */
export const NOT_IN_LIST_MESSAGE = 'Choose from the list'
/** Not in SPEC.md (its inputs cannot type a minus sign); a hand-made request can send one. */
export const NEGATIVE_MESSAGES = {
  height: 'Height cannot be negative',
  initialWeight: 'Initial weight cannot be negative',
  preSurgeryWeight: 'Pre-surgery weight cannot be negative',
  goalWeight: 'Goal weight cannot be negative',
} as const

const text = z.string().optional()
const list = z.array(z.string()).optional()

/** Collects issues on the field paths conform shows them under. */
function collector(ctx: z.RefinementCtx) {
  let failed = false
  const fail = (path: string, message: string) => {
    failed = true
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
  }
  function requiredText(value: string | undefined, path: string, message: string): string {
    const trimmed = value?.trim() ?? ''
    if (trimmed === '') fail(path, message)
    return trimmed
  }
  function choice<T extends string>(
    value: string | undefined,
    allowed: readonly T[],
    path: string,
    requiredMessage?: string,
  ): T | undefined {
    if (value === undefined || value === '') {
      if (requiredMessage) fail(path, requiredMessage)
      return undefined
    }
    if ((allowed as readonly string[]).includes(value)) return value as T
    fail(path, requiredMessage ?? NOT_IN_LIST_MESSAGE)
    return undefined
  }
  function decimal(
    value: string | undefined,
    path: string,
    messages: { required?: string; negative: string },
  ): number | undefined {
    if (hasMinusSign(value)) {
      fail(path, messages.negative)
      return undefined
    }
    const requiredMessage = messages.required
    const number = parseDecimal(value)
    if (number === undefined && requiredMessage) fail(path, requiredMessage)
    return number
  }
  /** MM/DD/YYYY → ISO; an unparseable date counts as empty (SPEC.md §5). */
  function date(value: string | undefined, path: string, requiredMessage: string): string {
    const iso = usDateToIso(maskDateInput(value ?? ''))
    if (iso === '') fail(path, requiredMessage)
    return iso
  }
  function checklist<T extends string>(
    values: string[] | undefined,
    allowed: readonly T[],
    path: string,
    requiredMessage: string,
  ): T[] {
    const items = [...new Set(values ?? [])]
    if (items.length === 0) {
      fail(path, requiredMessage)
      return []
    }
    if (items.some((item) => !(allowed as readonly string[]).includes(item))) {
      fail(path, NOT_IN_LIST_MESSAGE)
      return []
    }
    if (items.includes(NONE_OPTION) && items.length > 1) {
      fail(path, NONE_CONFLICT_MESSAGE)
      return []
    }
    // In the order of the list, whatever order the boxes were ticked in.
    return allowed.filter((option) => items.includes(option))
  }
  return { fail, requiredText, choice, decimal, date, checklist, failed: () => failed }
}

// ---- Step 1: Personal Details -------------------------------------------------------------

export const personalFormShape = z.object({
  full_name: text,
  phone_number: text,
  date_of_birth: text,
  gender: text,
  height_unit: text,
  height: text,
  height_ft: text,
  height_in: text,
  initial_weight: text,
  weight_unit: text,
  address_line1: text,
  address_line2: text,
  city: text,
  state: text,
  postal_code: text,
})

export type PersonalValues = {
  full_name: string
  phone_number: string
  /** ISO YYYY-MM-DD */
  date_of_birth: string
  gender: Gender
  height_unit: HeightUnit
  /** As typed in the chosen unit: `height` for cm, `height_ft` / `height_in` for ft-in. */
  height?: number
  height_ft?: number
  height_in?: number
  initial_weight: number
  weight_unit: WeightUnit
  address_line1: string
  address_line2: string
  city: string
  state: string
  postal_code: string
}

export const personalSchema = personalFormShape.transform((v, ctx): PersonalValues => {
  const c = collector(ctx)
  const full_name = c.requiredText(v.full_name, 'full_name', M.fullName)
  const date_of_birth = c.date(v.date_of_birth, 'date_of_birth', M.dateOfBirth)
  const gender = c.choice(v.gender, GENDERS, 'gender', M.gender)
  const phone_number = filterPhone(v.phone_number ?? '')
  if (phone_number === '') c.fail('phone_number', M.phone)
  const height_unit = c.choice(v.height_unit, HEIGHT_UNITS, 'height_unit') ?? 'cm'
  let height: number | undefined
  let height_ft: number | undefined
  let height_in: number | undefined
  if (height_unit === 'cm') {
    height = c.decimal(v.height, 'height', { required: M.height, negative: NEGATIVE_MESSAGES.height })
  } else if (hasMinusSign(v.height_ft) || hasMinusSign(v.height_in)) {
    c.fail('height', NEGATIVE_MESSAGES.height)
  } else {
    const feet = filterDigits(v.height_ft ?? '')
    height_ft = feet === '' ? undefined : Number(feet)
    height_in = parseDecimal(v.height_in)
    // SPEC.md §5: satisfied by feet or inches.
    if (height_ft === undefined && height_in === undefined) c.fail('height', M.height)
  }
  const initial_weight = c.decimal(v.initial_weight, 'initial_weight', {
    required: M.initialWeight,
    negative: NEGATIVE_MESSAGES.initialWeight,
  })
  const weight_unit = c.choice(v.weight_unit, WEIGHT_UNITS, 'weight_unit') ?? 'kg'
  const address_line1 = c.requiredText(v.address_line1, 'address_line1', M.address1)
  const city = c.requiredText(v.city, 'city', M.city)
  const state = c.requiredText(v.state, 'state', M.state)
  const postal_code = c.requiredText(v.postal_code, 'postal_code', M.postalCode)
  if (c.failed()) return z.NEVER
  return {
    full_name,
    phone_number,
    date_of_birth,
    gender: gender!,
    height_unit,
    ...(height_unit === 'cm' ? { height } : { height_ft, height_in }),
    initial_weight: initial_weight!,
    weight_unit,
    address_line1,
    address_line2: v.address_line2?.trim() ?? '',
    city,
    state,
    postal_code,
  }
})

export type PersonalFormInput = z.input<typeof personalSchema>

// ---- Step 2: Medical History --------------------------------------------------------------

export const medicalFormShape = z.object({
  pre_existing_conditions: list,
  other_conditions: text,
  allergies: text,
  current_medications: text,
  diet_restrictions: text,
  previous_weight_loss_attempts: list,
})

export type MedicalValues = {
  pre_existing_conditions: (typeof PRE_EXISTING_CONDITIONS)[number][]
  other_conditions: string
  allergies: string
  current_medications: string
  diet_restrictions: string
  previous_weight_loss_attempts: (typeof WEIGHT_LOSS_ATTEMPTS)[number][]
}

export const medicalSchema = medicalFormShape.transform((v, ctx): MedicalValues => {
  const c = collector(ctx)
  const pre_existing_conditions = c.checklist(
    v.pre_existing_conditions,
    PRE_EXISTING_CONDITIONS,
    'pre_existing_conditions',
    M.conditions,
  )
  const previous_weight_loss_attempts = c.checklist(
    v.previous_weight_loss_attempts,
    WEIGHT_LOSS_ATTEMPTS,
    'previous_weight_loss_attempts',
    M.attempts,
  )
  if (c.failed()) return z.NEVER
  return {
    pre_existing_conditions,
    other_conditions: v.other_conditions?.trim() ?? '',
    allergies: v.allergies?.trim() ?? '',
    current_medications: v.current_medications?.trim() ?? '',
    diet_restrictions: v.diet_restrictions?.trim() ?? '',
    previous_weight_loss_attempts,
  }
})

export type MedicalFormInput = z.input<typeof medicalSchema>

// ---- Step 3: Bariatric Surgery ------------------------------------------------------------

export const bariatricFormShape = z.object({
  bariatric_status: text,
  surgery_type: text,
  surgery_date: text,
  funding_method: text,
  pre_surgery_weight: text,
  pre_surgery_weight_unit: text,
  goal_weight: text,
  goal_weight_unit: text,
  hospital_name: text,
  hospital_address: text,
  surgery_comments: text,
})

export type SurgeryDetails = {
  surgery_type: (typeof SURGERY_TYPES)[number]
  /** ISO YYYY-MM-DD */
  surgery_date: string
  funding_method?: (typeof FUNDING_METHODS)[number]
  pre_surgery_weight: number
  pre_surgery_weight_unit: WeightUnit
  goal_weight?: number
  goal_weight_unit: WeightUnit
  hospital_name: string
  hospital_address: string
  surgery_comments: string
}

export type BariatricValues =
  | { bariatric_status: Exclude<BariatricStatus, 'yes'> }
  | ({ bariatric_status: 'yes' } & SurgeryDetails)

export const bariatricSchema = bariatricFormShape.transform((v, ctx): BariatricValues => {
  const c = collector(ctx)
  const status = c.choice(v.bariatric_status, BARIATRIC_STATUSES, 'bariatric_status', M.bariatricStatus)
  if (status !== 'yes') {
    // SPEC.md §4: the details only exist for 'yes'; whatever else was posted is ignored.
    return c.failed() ? z.NEVER : { bariatric_status: status! }
  }
  const surgery_type = c.choice(v.surgery_type, SURGERY_TYPES, 'surgery_type', M.surgeryType)
  const surgery_date = c.date(v.surgery_date, 'surgery_date', M.surgeryDate)
  const funding_method = c.choice(v.funding_method, FUNDING_METHODS, 'funding_method')
  const pre_surgery_weight = c.decimal(v.pre_surgery_weight, 'pre_surgery_weight', {
    required: M.preSurgeryWeight,
    negative: NEGATIVE_MESSAGES.preSurgeryWeight,
  })
  const pre_surgery_weight_unit = c.choice(v.pre_surgery_weight_unit, WEIGHT_UNITS, 'pre_surgery_weight_unit') ?? 'kg'
  const goal_weight = c.decimal(v.goal_weight, 'goal_weight', { negative: NEGATIVE_MESSAGES.goalWeight })
  const goal_weight_unit = c.choice(v.goal_weight_unit, WEIGHT_UNITS, 'goal_weight_unit') ?? 'kg'
  if (c.failed()) return z.NEVER
  return {
    bariatric_status: 'yes',
    surgery_type: surgery_type!,
    surgery_date,
    funding_method,
    pre_surgery_weight: pre_surgery_weight!,
    pre_surgery_weight_unit,
    goal_weight,
    goal_weight_unit,
    hospital_name: v.hospital_name?.trim() ?? '',
    hospital_address: v.hospital_address?.trim() ?? '',
    surgery_comments: v.surgery_comments?.trim() ?? '',
  }
})

export type BariatricFormInput = z.input<typeof bariatricSchema>

// ---- Step 4: Device Information -----------------------------------------------------------

export const deviceFormShape = z.object({
  deviceNeeds: text,
  wearable_os: text,
  wearable_type: text,
})

export type DeviceValues =
  | { deviceNeeds: 'have-device'; wearable_type: string; wearable_os: WearableOs }
  | { deviceNeeds: 'need-device'; wearable_os: WearableOs }

export const deviceSchema = deviceFormShape.transform((v, ctx): DeviceValues => {
  const c = collector(ctx)
  const deviceNeeds = c.choice(v.deviceNeeds, DEVICE_NEEDS, 'deviceNeeds', M.deviceNeeds)
  const wearable_os = c.choice(v.wearable_os, WEARABLE_OS, 'wearable_os', M.mobileOs)
  if (c.failed()) return z.NEVER
  // SPEC.md §4: the wearable type is only asked for have-device.
  return deviceNeeds === 'have-device'
    ? { deviceNeeds, wearable_type: v.wearable_type?.trim() ?? '', wearable_os: wearable_os! }
    : { deviceNeeds: 'need-device', wearable_os: wearable_os! }
})

export type DeviceFormInput = z.input<typeof deviceSchema>
