// The health log's entry forms: one schema per kind (SPEC.md §5 style messages), used by conform in
// the browser and by the action on the server, turning what was typed into the provider's payload
// (weights to kg through units.ts), and the values each form starts with.
import { z } from 'zod'
import { usDateToIso } from '~/platform/dates'
import { maskDateInput } from '~/platform/input-filters'
import {
  LIMITS,
  MEAL_TYPES,
  VITAMINS,
  type EntryKind,
  type MealType,
  type Vitamin,
} from './log-entries'
import {
  isWaterUnit,
  isWeightUnit,
  LBS_PER_KG,
  ML_PER_FL_OZ,
  waterToMl,
  weightToKg,
  type WaterUnit,
  type WeightUnit,
} from '~/platform/units'

export const M = {
  dateRequired: 'Date is required',
  dateFuture: 'Date cannot be in the future',
  weightRequired: 'Weight is required',
  hoursRequired: 'Hours of sleep is required',
  hoursRange: 'Hours of sleep must be between 0 and 24',
  qualityRequired: 'Sleep quality is required',
  qualityRange: 'Sleep quality must be a whole number from 1 to 5',
  bedTime: 'Bedtime must be a time (HH:MM)',
  wakeTime: 'Wake time must be a time (HH:MM)',
  timeRequired: 'Time is required',
  timeFormat: 'Time must be a time (HH:MM)',
  mealTypeRequired: 'Meal type is required',
  proteinRequired: 'Protein is required',
  proteinRange: 'Protein must be between 0 and 300 g',
  caloriesRange: 'Calories must be between 0 and 10000 kcal',
  waterRequired: 'Water is required',
  waterRange: 'Water must be between 0 and 10000 ml',
  waterRangeFlOz: `Water must be between 0 and ${Math.floor(LIMITS.waterMl.max / ML_PER_FL_OZ)} fl oz`,
  notList: 'Choose from the list',
  tooLong: (label: string) => `${label} must be at most ${LIMITS.text} characters`,
  notNumber: (label: string) => `${label} must be a number`,
} as const

/** 20–500 kg in the unit the patient types: 44.1–1102.3 lbs (inside the range once converted). */
export function weightRangeMessage(unit: WeightUnit): string {
  if (unit === 'kg') return `Weight must be between ${LIMITS.weightKg.min} and ${LIMITS.weightKg.max} kg`
  const min = Math.ceil(LIMITS.weightKg.min * LBS_PER_KG * 10) / 10
  const max = Math.floor(LIMITS.weightKg.max * LBS_PER_KG * 10) / 10
  return `Weight must be between ${min} and ${max} lbs`
}

// Built on demand, not at import: screens that only format values (the dashboard) then do not
// ship zod at all.
function entryFormShapes() {
  const text = z.string().optional()
  const list = z.array(z.string()).optional()
  return {
    weight: z.object({ date: text, weight: text, weight_unit: text, note: text }),
    sleep: z.object({ date: text, hours: text, quality: text, bed_time: text, wake_time: text }),
    meal: z.object({
      date: text,
      time: text,
      meal_type: text,
      protein_g: text,
      calories: text,
      description: text,
    }),
    // `ml` carries the amount in `water_unit` (fl oz for a patient who weighs in lbs).
    water: z.object({ date: text, ml: text, water_unit: text }),
    vitamins: z.object({ date: text, taken: list }),
  }
}

export type EntryFormInput<K extends EntryKind> = z.input<ReturnType<typeof entryFormShapes>[K]>

/** Each form's field names, as the provider names them too. */
export const ENTRY_FORM_FIELDS: Record<EntryKind, readonly string[]> = {
  weight: ['date', 'weight', 'weight_unit', 'note'],
  sleep: ['date', 'hours', 'quality', 'bed_time', 'wake_time'],
  meal: ['date', 'time', 'meal_type', 'protein_g', 'calories', 'description'],
  water: ['date', 'ml', 'water_unit'],
  vitamins: ['date', 'taken'],
}

export function entryFormFields(kind: EntryKind): string[] {
  return [...ENTRY_FORM_FIELDS[kind]]
}

/** The JSON each kind's POST/PUT takes (docs/provider-api.md). */
export type EntryPayloads = {
  weight: { date: string; weight: number; weight_unit: WeightUnit; note: string; source: string }
  sleep: { date: string; hours: number; quality: number; bed_time: string | null; wake_time: string | null }
  meal: {
    date: string
    time: string
    meal_type: MealType
    protein_g: number
    calories: number | null
    description: string
  }
  water: { date: string; ml: number }
  vitamins: { date: string; taken: Vitamin[] }
}

const NUMBER = /^\d+(\.\d+)?$|^\.\d+$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

function collector(ctx: z.RefinementCtx, today: string) {
  let failed = false
  const fail = (path: string, message: string) => {
    failed = true
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
  }
  return {
    fail,
    failed: () => failed,
    /** MM/DD/YYYY → ISO; an unparseable date counts as empty (SPEC.md §5). */
    date(value: string | undefined, messages: { required: string; future: string }): string {
      const iso = usDateToIso(maskDateInput(value ?? ''))
      if (iso === '') fail('date', messages.required)
      else if (iso > today) fail('date', messages.future)
      return iso
    },
    number(
      value: string | undefined,
      path: string,
      rule: { label: string; required?: string; min: number; max: number; range: string },
    ): number | null {
      const trimmed = (value ?? '').trim().replace(/,/g, '')
      if (trimmed === '') {
        if (rule.required) fail(path, rule.required)
        return null
      }
      if (!NUMBER.test(trimmed)) {
        fail(path, trimmed.startsWith('-') ? rule.range : M.notNumber(rule.label))
        return null
      }
      const number = Number(trimmed)
      if (number < rule.min || number > rule.max) {
        fail(path, rule.range)
        return null
      }
      return number
    },
    time(
      value: string | undefined,
      path: string,
      messages: { required?: string; format: string },
    ): string | null {
      const trimmed = (value ?? '').trim()
      if (trimmed === '') {
        if (messages.required) fail(path, messages.required)
        return null
      }
      // Some browsers post seconds from a time input ('07:30:00').
      const short = trimmed.length === 8 && trimmed.endsWith(':00') ? trimmed.slice(0, 5) : trimmed
      if (!TIME.test(short)) {
        fail(path, messages.format)
        return null
      }
      return short
    },
    text(value: string | undefined, path: string, label: string): string {
      const trimmed = (value ?? '').trim()
      if (trimmed.length > LIMITS.text) fail(path, M.tooLong(label))
      return trimmed
    },
  }
}

function weightSchema(today: string) {
  return entryFormShapes().weight.transform((v, ctx): EntryPayloads['weight'] => {
    const c = collector(ctx, today)
    const date = c.date(v.date, { required: M.dateRequired, future: M.dateFuture })
    const unit: WeightUnit = isWeightUnit(v.weight_unit) ? v.weight_unit : 'kg'
    // Checked in kg, after the same conversion the provider gets, so both sides agree at the edges.
    const typed = c.number(v.weight, 'weight', {
      label: 'Weight',
      required: M.weightRequired,
      min: 0,
      max: Number.MAX_SAFE_INTEGER,
      range: weightRangeMessage(unit),
    })
    const kg = typed === null ? null : weightToKg(typed, unit)
    if (kg !== null && (kg < LIMITS.weightKg.min || kg > LIMITS.weightKg.max))
      c.fail('weight', weightRangeMessage(unit))
    const note = c.text(v.note, 'note', 'Note')
    if (c.failed()) return z.NEVER
    return { date, weight: kg!, weight_unit: unit, note, source: 'manual' }
  })
}

function sleepSchema(today: string) {
  return entryFormShapes().sleep.transform((v, ctx): EntryPayloads['sleep'] => {
    const c = collector(ctx, today)
    const date = c.date(v.date, { required: M.dateRequired, future: M.dateFuture })
    const hours = c.number(v.hours, 'hours', {
      label: 'Hours of sleep',
      required: M.hoursRequired,
      ...LIMITS.sleepHours,
      range: M.hoursRange,
    })
    const qualityText = (v.quality ?? '').trim()
    const quality = Number(qualityText)
    if (qualityText === '') c.fail('quality', M.qualityRequired)
    else if (!/^[1-5]$/.test(qualityText)) c.fail('quality', M.qualityRange)
    const bed_time = c.time(v.bed_time, 'bed_time', { format: M.bedTime })
    const wake_time = c.time(v.wake_time, 'wake_time', { format: M.wakeTime })
    if (c.failed()) return z.NEVER
    return { date, hours: hours!, quality, bed_time, wake_time }
  })
}

function mealSchema(today: string) {
  return entryFormShapes().meal.transform((v, ctx): EntryPayloads['meal'] => {
    const c = collector(ctx, today)
    const date = c.date(v.date, { required: M.dateRequired, future: M.dateFuture })
    const time = c.time(v.time, 'time', { required: M.timeRequired, format: M.timeFormat })
    const mealType = (MEAL_TYPES as readonly string[]).includes(v.meal_type ?? '')
      ? (v.meal_type as MealType)
      : null
    if (!v.meal_type) c.fail('meal_type', M.mealTypeRequired)
    else if (!mealType) c.fail('meal_type', M.notList)
    const protein = c.number(v.protein_g, 'protein_g', {
      label: 'Protein',
      required: M.proteinRequired,
      ...LIMITS.proteinG,
      range: M.proteinRange,
    })
    const calories = c.number(v.calories, 'calories', {
      label: 'Calories',
      ...LIMITS.calories,
      range: M.caloriesRange,
    })
    const description = c.text(v.description, 'description', 'Description')
    if (c.failed()) return z.NEVER
    return { date, time: time!, meal_type: mealType!, protein_g: protein!, calories, description }
  })
}

function waterSchema(today: string) {
  return entryFormShapes().water.transform((v, ctx): EntryPayloads['water'] => {
    const c = collector(ctx, today)
    const date = c.date(v.date, { required: M.dateRequired, future: M.dateFuture })
    const unit: WaterUnit = isWaterUnit(v.water_unit) ? v.water_unit : 'ml'
    const amount = c.number(v.ml, 'ml', {
      label: 'Water',
      required: M.waterRequired,
      ...(unit === 'fl oz'
        ? { min: 0, max: Math.floor(LIMITS.waterMl.max / ML_PER_FL_OZ), range: M.waterRangeFlOz }
        : { ...LIMITS.waterMl, range: M.waterRange }),
    })
    if (c.failed()) return z.NEVER
    return { date, ml: waterToMl(amount!, unit) }
  })
}

function vitaminsSchema(today: string) {
  return entryFormShapes().vitamins.transform((v, ctx): EntryPayloads['vitamins'] => {
    const c = collector(ctx, today)
    const date = c.date(v.date, { required: M.dateRequired, future: M.dateFuture })
    // Nothing ticked is an answer too: none taken that day.
    const ticked = [...new Set(v.taken ?? [])]
    if (ticked.some((name) => !(VITAMINS as readonly string[]).includes(name))) c.fail('taken', M.notList)
    if (c.failed()) return z.NEVER
    return { date, taken: VITAMINS.filter((name) => ticked.includes(name)) }
  })
}

const SCHEMAS = {
  weight: weightSchema,
  sleep: sleepSchema,
  meal: mealSchema,
  water: waterSchema,
  vitamins: vitaminsSchema,
} as const

/** The form's schema; `today` (the patient's, YYYY-MM-DD) is the latest date it accepts. */
export function entrySchema<K extends EntryKind>(kind: K, today: string): ReturnType<(typeof SCHEMAS)[K]> {
  return SCHEMAS[kind](today) as ReturnType<(typeof SCHEMAS)[K]>
}

export { defaultEntryDate, entryFormDefaults, newEntryDefaults } from './log-entry-defaults'
