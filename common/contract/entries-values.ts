// The health log's value lists and limits (docs/provider-api.md "Health log"),
// shared by the API (the route table's body schemas in endpoints.ts validate with them) and the
// app (forms, screens).
// Plain values, no zod: client components import this file.

export const ENTRY_KINDS = ['weight', 'sleep', 'meal', 'water', 'vitamins'] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const
export type MealType = (typeof MEAL_TYPES)[number]

export const VITAMINS = ['Multivitamin', 'Vitamin B12', 'Vitamin D', 'Calcium citrate', 'Iron'] as const
export type Vitamin = (typeof VITAMINS)[number]

/** What the patient typed (as opposed to a connected service's name). */
export const MANUAL_SOURCE = 'manual'

export const ENTRY_LIMITS = {
  weightKg: { min: 20, max: 500, unit: 'kg' },
  sleepHours: { min: 0, max: 24, unit: 'h' },
  quality: { min: 1, max: 5 },
  proteinG: { min: 0, max: 300, unit: 'g' },
  calories: { min: 0, max: 10000, unit: 'kcal' },
  waterMl: { min: 0, max: 10000, unit: 'ml' },
  /** A weight's note, a meal's description. */
  text: 500,
  source: 100,
} as const

/** GET v1/auth/entries/ covers at most this many days; the trends and a patient's record ten years. */
export const ENTRIES_RANGE_MAX_DAYS = 366
export const TRENDS_RANGE_MAX_DAYS = 3660

export function isEntryKind(value: unknown): value is EntryKind {
  return typeof value === 'string' && (ENTRY_KINDS as readonly string[]).includes(value)
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day written `YYYY-MM-DD` (no 2026-02-30). */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const match = ISO_DAY.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}
