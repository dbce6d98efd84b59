// Extension (not in SPEC.md §7): what a health-log entry of each kind holds once read, in the
// contract's units (kg, ml, g, h). The bodies are read by the route table's schemas
// (common/contract/endpoints.ts), with every problem collected at once.
import type { WeightUnit } from '../common/contract/profile-values'

import { ENTRY_LIMITS as LIMITS, type EntryKind, type MEAL_TYPES, type VITAMINS } from '../common/contract/entries-values'

export { ENTRY_KINDS, type EntryKind, isEntryKind, MEAL_TYPES, VITAMINS } from '../common/contract/entries-values'
export { LIMITS }

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

/** Within a day, meals sort by their time; everything else by when it was logged. */
export function timeOfDay(kind: EntryKind, fields: EntryFields[EntryKind]): string {
  return kind === 'meal' ? (fields as MealFields).time : ''
}

