// The health log (weight, sleep, meals, water, vitamins; docs/provider-api.md "Health log"):
// kinds and limits, entries as the provider answers them, week maths (Monday to Sunday), the
// page's URL, and the per-day summaries and wording of the weekly view. Pure, and free of zod so
// that the dashboard can use it; the entry forms' schemas are in log-entry-forms.ts.
// Its dates and weeks are in platform/calendar.ts (re-exported here); the wording of an entry is in
// log-entry-text.ts, which builds on this module.
import { ENTRY_KINDS, ENTRY_LIMITS, isEntryKind, MEAL_TYPES, VITAMINS } from '~/../common/contract/entries-values'
import type { EntryKind, MealType, Vitamin } from '~/../common/contract/entries-values'
import type { WeightUnit } from '~/platform/units'

export * from '~/platform/calendar'

// ---- Kinds, choices and limits (the API's: common/contract/entries-values.ts) ----------------

export { ENTRY_KINDS, isEntryKind, MEAL_TYPES, VITAMINS, type EntryKind, type MealType, type Vitamin }

export const ENTRY_KIND_LABELS: Record<EntryKind, string> = {
  weight: 'Weight',
  sleep: 'Sleep',
  meal: 'Meal',
  water: 'Water',
  vitamins: 'Vitamins',
}

export const MEAL_TYPE_LABELS: Record<MealType, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  snack: 'Snack',
}

/**
 * The one rule for which day a night's sleep belongs to (docs/decisions/122-sleep-date-woke-up.md):
 * the date the patient woke up. The form, the week, the day's list, the dashboard's 'last night', the trends
 * and the exports all read an entry's `date` as that day, with no shifting anywhere.
 */
export const SLEEP_DATE_HINT = 'Sleep counts for the date you woke up.'

/** The date of the sleep entry that is "last night" on `today`: this morning's wake-up. */
export function lastNightDate(today: string): string {
  return today
}

export const SLEEP_QUALITY_LABELS: Record<number, string> = {
  1: 'Very poor',
  2: 'Poor',
  3: 'Fair',
  4: 'Good',
  5: 'Very good',
}

export const LIMITS = ENTRY_LIMITS

// ---- Entries as the provider answers them ---------------------------------------------------

export type WeightEntry = {
  id: number
  kind: 'weight'
  date: string
  /** kg, unrounded */
  weight: number
  /** The unit the patient typed it in. */
  weight_unit: WeightUnit
  note: string
  /** 'manual', or the device or service that measured it. */
  source: string
}
export type SleepEntry = {
  id: number
  kind: 'sleep'
  /** The date the patient woke up (SLEEP_DATE_HINT). */
  date: string
  hours: number
  quality: number
  bed_time: string | null
  wake_time: string | null
  /**
   * 'manual', or the service that measured it (connected devices). Always present in answers read
   * through log-entries.server.ts; optional in the type so hand-made entries (tests) may omit it.
   */
  source?: string
}
export type MealEntry = {
  id: number
  kind: 'meal'
  date: string
  time: string
  meal_type: MealType
  protein_g: number
  calories: number | null
  description: string
  source?: string
}
export type WaterEntry = { id: number; kind: 'water'; date: string; ml: number; source?: string }
export type VitaminsEntry = { id: number; kind: 'vitamins'; date: string; taken: Vitamin[]; source?: string }

export type LogEntry = WeightEntry | SleepEntry | MealEntry | WaterEntry | VitaminsEntry
export type EntryOf<K extends EntryKind> = Extract<LogEntry, { kind: K }>

export type EntriesByKind = { [K in EntryKind]: EntryOf<K>[] }
export type LatestByKind = { [K in EntryKind]: EntryOf<K> | null }

/** GET v1/auth/entries/?from&to */
export type LogRange = EntriesByKind & { from: string; to: string; latest: LatestByKind }

export function emptyEntries(): EntriesByKind {
  return { weight: [], sleep: [], meal: [], water: [], vitamins: [] }
}

// ---- The URL of the log page ----------------------------------------------------------------

export const LOG_DATA_PATH = '/customer/log-data'

export type EntryRef = { kind: EntryKind; id: number }

/** 'weight:12' (the form of ?edit= and ?confirmDelete=). */
export function entryRefText(ref: EntryRef): string {
  return `${ref.kind}:${ref.id}`
}

export function parseEntryRef(text: string | null | undefined): EntryRef | null {
  const match = /^([a-z]+):(\d{1,15})$/.exec(text ?? '')
  if (!match || !isEntryKind(match[1])) return null
  return { kind: match[1], id: Number(match[2]) }
}

/** What the top of the log page shows. */
export type LogPanel =
  | { mode: 'new'; kind: EntryKind; date: string; time: string }
  | { mode: 'edit'; entry: LogEntry }
  | { mode: 'confirm-delete'; entry: LogEntry }
  | { mode: 'missing'; ref: EntryRef }

export type LogPageState = {
  week?: string
  /** The day whose entries are listed under the week. */
  day?: string
  /** Which quick-entry form is open. */
  log?: EntryKind
  edit?: EntryRef
  confirmDelete?: EntryRef
}

export function logDataHref(state: LogPageState): string {
  const params: [string, string | undefined][] = [
    ['week', state.week],
    ['day', state.day],
    ['log', state.log === 'weight' ? undefined : state.log],
    ['edit', state.edit && entryRefText(state.edit)],
    ['confirmDelete', state.confirmDelete && entryRefText(state.confirmDelete)],
  ]
  // Built by hand so that 'weight:12' keeps its readable colon (allowed in a query).
  const query = params
    .filter((pair): pair is [string, string] => Boolean(pair[1]))
    .map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%3A/gi, ':')}`)
    .join('&')
  return query ? `${LOG_DATA_PATH}?${query}` : LOG_DATA_PATH
}

// ---- The week at a glance -------------------------------------------------------------------

export type DaySummary = {
  date: string
  /** The day's last weight, kg unrounded. */
  weightKg: number | null
  /** Where that weight came from when the patient did not type it ('Demo Health'); else null. */
  weightSource: string | null
  sleep: { hours: number; quality: number; source: string | null } | null
  meals: { count: number; proteinG: number; calories: number | null } | null
  waterMl: number | null
  vitamins: Vitamin[] | null
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

export function summariseDay(entries: EntriesByKind, date: string): DaySummary {
  const on = <T extends { date: string }>(list: T[]) => list.filter((entry) => entry.date === date)
  const weights = preferManual(on(entries.weight))
  const sleeps = preferManual(on(entries.sleep))
  const meals = on(entries.meal)
  const water = on(entries.water)
  const vitamins = on(entries.vitamins)
  const calories = meals.map((meal) => meal.calories).filter((value): value is number => value !== null)
  return {
    date,
    weightKg: weights.length > 0 ? weights[weights.length - 1].weight : null,
    weightSource: weights.length > 0 ? imported(weights[weights.length - 1].source) : null,
    // A nap logged as a second entry adds to the night; the quality shown is the longest sleep's.
    sleep:
      sleeps.length > 0
        ? {
            hours: sum(sleeps.map((entry) => entry.hours)),
            quality: [...sleeps].sort((a, b) => b.hours - a.hours)[0].quality,
            source: imported(sleeps[0].source),
          }
        : null,
    meals:
      meals.length > 0
        ? {
            count: meals.length,
            proteinG: sum(meals.map((meal) => meal.protein_g)),
            calories: calories.length > 0 ? sum(calories) : null,
          }
        : null,
    waterMl: water.length > 0 ? sum(water.map((entry) => entry.ml)) : null,
    vitamins: vitamins.length > 0 ? vitamins[vitamins.length - 1].taken : null,
  }
}

const imported = (source: string | undefined) => (source && source !== 'manual' ? source : null)

/**
 * A device reading never outweighs what the patient typed: when a day has both, its summary uses
 * the patient's entries only (a manual sleep is not added to an imported one, a manual weight wins).
 */
export function preferManual<T extends { source?: string }>(list: T[]): T[] {
  const manual = list.filter(isManualEntry)
  return manual.length > 0 ? manual : list
}

/** The patient typed it (no device's source): what preferManual keeps. */
export const isManualEntry = (entry: { source?: string }) => imported(entry.source) === null

/** A day's entries in the order the page lists them: by kind, then as the provider ordered them. */
export function entriesOn(entries: EntriesByKind, date: string): LogEntry[] {
  return ENTRY_KINDS.flatMap((kind) => (entries[kind] as LogEntry[]).filter((entry) => entry.date === date))
}
