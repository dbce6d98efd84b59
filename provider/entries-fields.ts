// Extension (not in SPEC.md §7): what a health-log entry of each kind may hold, read off a request
// body with every problem collected at once (FieldReader), in the contract's units (kg, ml, g, h).
import type { JsonObject } from './http.js'
import { WEIGHT_UNITS, type WeightUnit } from './profile-sections.js'
import { FieldReader } from './validation.js'

import { ENTRY_LIMITS as LIMITS, MEAL_TYPES, VITAMINS, type EntryKind } from '../common/contract/entries-values'

export { ENTRY_KINDS, type EntryKind, isEntryKind, MEAL_TYPES, VITAMINS } from '../common/contract/entries-values'
export { LIMITS }

const NOTE_MAX = LIMITS.text
const SOURCE_MAX = LIMITS.source
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

export interface WeightFields {
  date: string
  /** kg */
  weight: number
  /** The unit the patient typed it in, for showing it back the same way. */
  weight_unit: WeightUnit
  note: string
  /** 'manual', or the name of the device that measured it. */
  source: string
}

export interface SleepFields {
  /** The date the patient woke up (one rule for the whole product: docs/decisions/122-sleep-date-woke-up.md). */
  date: string
  hours: number
  quality: number
  bed_time: string | null
  wake_time: string | null
}

export interface MealFields {
  date: string
  time: string
  meal_type: (typeof MEAL_TYPES)[number]
  protein_g: number
  calories: number | null
  description: string
}

export interface WaterFields {
  date: string
  ml: number
}

export interface VitaminFields {
  date: string
  taken: (typeof VITAMINS)[number][]
}

export interface EntryFields {
  weight: WeightFields
  sleep: SleepFields
  meal: MealFields
  water: WaterFields
  vitamins: VitaminFields
}

function entryDate(f: FieldReader, label = 'Date'): string | null {
  return f.date('date', { label, required: `${label} is required`, notFuture: true })
}

function time(f: FieldReader, field: string, label: string, required: boolean): string | null {
  const value = f.raw(field)
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) f.fail(field, `${label} is required`)
    return null
  }
  if (typeof value !== 'string' || !TIME.test(value.trim())) {
    f.fail(field, `${label} must be a time (HH:MM, 24-hour)`)
    return null
  }
  return value.trim()
}

function readWeight(f: FieldReader): WeightFields {
  const fields = {
    date: entryDate(f),
    weight: f.number('weight', { label: 'Weight', required: 'Weight is required', ...LIMITS.weightKg }),
    weight_unit: f.choice('weight_unit', WEIGHT_UNITS, { label: 'Weight unit', fallback: 'kg' }),
    note: f.text('note', { label: 'Note', max: NOTE_MAX }),
    source: f.text('source', { label: 'Source', max: SOURCE_MAX }) || 'manual',
  }
  f.done()
  return { ...fields, date: fields.date!, weight: fields.weight!, weight_unit: fields.weight_unit! }
}

function readSleep(f: FieldReader): SleepFields {
  const fields = {
    date: entryDate(f, 'Date'),
    hours: f.number('hours', {
      label: 'Hours of sleep',
      required: 'Hours of sleep is required',
      ...LIMITS.sleepHours,
    }),
    quality: readQuality(f),
    bed_time: time(f, 'bed_time', 'Bedtime', false),
    wake_time: time(f, 'wake_time', 'Wake time', false),
  }
  f.done()
  return { ...fields, date: fields.date!, hours: fields.hours!, quality: fields.quality! }
}

function readQuality(f: FieldReader): number | null {
  const value = f.raw('quality')
  if (value === undefined || value === null || value === '') {
    f.fail('quality', 'Sleep quality is required')
    return null
  }
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < LIMITS.quality.min ||
    value > LIMITS.quality.max
  ) {
    f.fail('quality', 'Sleep quality must be a whole number from 1 to 5')
    return null
  }
  return value
}

function readMeal(f: FieldReader): MealFields {
  const fields = {
    date: entryDate(f),
    time: time(f, 'time', 'Time', true),
    meal_type: f.choice('meal_type', MEAL_TYPES, { label: 'Meal type', required: 'Meal type is required' }),
    protein_g: f.number('protein_g', {
      label: 'Protein',
      required: 'Protein is required',
      ...LIMITS.proteinG,
    }),
    calories: f.number('calories', { label: 'Calories', ...LIMITS.calories }),
    description: f.text('description', { label: 'Description', max: NOTE_MAX }),
  }
  f.done()
  return {
    ...fields,
    date: fields.date!,
    time: fields.time!,
    meal_type: fields.meal_type!,
    protein_g: fields.protein_g!,
  }
}

function readWater(f: FieldReader): WaterFields {
  const fields = {
    date: entryDate(f),
    ml: f.number('ml', { label: 'Water', required: 'Water is required', ...LIMITS.waterMl }),
  }
  f.done()
  return { date: fields.date!, ml: fields.ml! }
}

function readVitamins(f: FieldReader): VitaminFields {
  const date = entryDate(f)
  // An empty list is an answer ("none taken today"), so only a missing list is refused.
  const raw = f.raw('taken')
  let taken: VitaminFields['taken'] = []
  if (raw === undefined || raw === null) f.fail('taken', 'Vitamins taken is required')
  else taken = f.list('taken', VITAMINS, { label: 'Vitamins taken' })
  f.done()
  // In the checklist's order, whatever order they were sent in.
  return { date: date!, taken: VITAMINS.filter((name) => taken.includes(name)) }
}

const READERS: { [K in EntryKind]: (f: FieldReader) => EntryFields[K] } = {
  weight: readWeight,
  sleep: readSleep,
  meal: readMeal,
  water: readWater,
  vitamins: readVitamins,
}

/** Fields tagged with their kind, so that a check on `kind` narrows `value`. */
export type KindedFields = { [K in EntryKind]: { kind: K; value: EntryFields[K] } }[EntryKind]

/** The entry to store, or a 400 listing every field problem. */
export function readEntry(kind: EntryKind, body: JsonObject): KindedFields {
  // The cast pairs each kind with its own reader's result, which TypeScript cannot follow through the lookup.
  return { kind, value: READERS[kind](new FieldReader(body)) } as KindedFields
}

/** Within a day, meals sort by their time; everything else by when it was logged. */
export function timeOfDay(kind: EntryKind, fields: EntryFields[EntryKind]): string {
  return kind === 'meal' ? (fields as MealFields).time : ''
}

