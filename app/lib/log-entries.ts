// The health log (weight, sleep, meals, water, vitamins; docs/provider-api.md "Health log"):
// kinds and limits, entries as the provider answers them, week maths (Monday to Sunday), the
// page's URL, and the per-day summaries and wording of the weekly view. Pure, and free of zod so
// that the dashboard can use it; the entry forms' schemas are in log-entry-forms.ts.
import { addDays, format, isValid, parseISO, startOfISOWeek } from 'date-fns'
import { isoToUsDate } from './dates'
import { formatWater, roundForDisplay, waterUnitFor, weightFromKg, type WeightUnit } from './units'

// ---- Kinds, choices and limits (the provider's, docs/provider-api.md) -----------------------

export const ENTRY_KINDS = ['weight', 'sleep', 'meal', 'water', 'vitamins'] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]

export const ENTRY_KIND_LABELS: Record<EntryKind, string> = {
  weight: 'Weight',
  sleep: 'Sleep',
  meal: 'Meal',
  water: 'Water',
  vitamins: 'Vitamins',
}

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const
export type MealType = (typeof MEAL_TYPES)[number]
export const MEAL_TYPE_LABELS: Record<MealType, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  snack: 'Snack',
}

export const VITAMINS = ['Multivitamin', 'Vitamin B12', 'Vitamin D', 'Calcium citrate', 'Iron'] as const
export type Vitamin = (typeof VITAMINS)[number]

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

export const LIMITS = {
  weightKg: { min: 20, max: 500 },
  sleepHours: { min: 0, max: 24 },
  proteinG: { min: 0, max: 300 },
  calories: { min: 0, max: 10000 },
  waterMl: { min: 0, max: 10000 },
  text: 500,
} as const

export function isEntryKind(value: unknown): value is EntryKind {
  return typeof value === 'string' && (ENTRY_KINDS as readonly string[]).includes(value)
}

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

// ---- Dates and weeks ------------------------------------------------------------------------

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false
  const date = parseISO(value)
  return isValid(date) && format(date, 'yyyy-MM-dd') === value
}

// parseISO reads 'YYYY-MM-DD' as local midnight, and addDays moves by calendar days, so these are
// exact whatever the time zone and across daylight-saving changes.
export function addDaysIso(iso: string, days: number): string {
  return format(addDays(parseISO(iso), days), 'yyyy-MM-dd')
}

/** Whole calendar days from `fromIso` to `toIso` (negative when `toIso` is earlier). */
export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.UTC(...isoParts(toIso)) - Date.UTC(...isoParts(fromIso))) / 86_400_000)
}

function isoParts(iso: string): [number, number, number] {
  const [year, month, day] = iso.split('-').map(Number)
  return [year, month - 1, day]
}

/** The Monday of the week (Monday to Sunday) that holds `iso`. */
export function mondayOf(iso: string): string {
  return format(startOfISOWeek(parseISO(iso)), 'yyyy-MM-dd')
}

export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDaysIso(monday, index))
}

/**
 * The week a `?week=` value asks for: any date selects the week holding it. Missing, unreadable
 * and future weeks show the current week; `redirect` says the URL should be rewritten to `monday`.
 */
export function resolveWeek(
  param: string | null | undefined,
  today: string,
): { monday: string; redirect: boolean } {
  const current = mondayOf(today)
  if (param === null || param === undefined || param === '') return { monday: current, redirect: false }
  if (!isIsoDate(param)) return { monday: current, redirect: true }
  const monday = mondayOf(param)
  if (monday > current) return { monday: current, redirect: true }
  return { monday, redirect: monday !== param }
}

export function isCurrentWeek(monday: string, today: string): boolean {
  return monday === mondayOf(today)
}

/** 'Nov 16 – 22, 2026', 'Nov 30 – Dec 6, 2026' or 'Dec 28, 2026 – Jan 3, 2027'. */
export function weekLabel(monday: string): string {
  const start = parseISO(monday)
  const end = parseISO(addDaysIso(monday, 6))
  if (start.getFullYear() !== end.getFullYear())
    return `${format(start, 'MMM d, yyyy')} – ${format(end, 'MMM d, yyyy')}`
  if (start.getMonth() !== end.getMonth()) return `${format(start, 'MMM d')} – ${format(end, 'MMM d, yyyy')}`
  return `${format(start, 'MMM d')} – ${format(end, 'd, yyyy')}`
}

export function dayLabels(iso: string): { weekday: string; short: string; long: string; us: string } {
  const date = parseISO(iso)
  return {
    weekday: format(date, 'EEE'),
    short: format(date, 'MMM d'),
    long: format(date, 'EEEE, MMMM d, yyyy'),
    us: isoToUsDate(iso),
  }
}

/** Today's date where the patient is (an IANA zone such as 'America/Chicago'), else here. */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  if (timeZone && isTimeZone(timeZone)) {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now)
  }
  return format(now, 'yyyy-MM-dd')
}

/** The time of day (HH:MM, 24-hour) where the patient is, else here. */
export function timeIn(timeZone: string | null | undefined, now = new Date()): string {
  if (timeZone && isTimeZone(timeZone)) {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(now)
  }
  return format(now, 'HH:mm')
}

export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
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
  const manual = list.filter((entry) => imported(entry.source) === null)
  return manual.length > 0 ? manual : list
}

/** A day's entries in the order the page lists them: by kind, then as the provider ordered them. */
export function entriesOn(entries: EntriesByKind, date: string): LogEntry[] {
  return ENTRY_KINDS.flatMap((kind) => (entries[kind] as LogEntry[]).filter((entry) => entry.date === date))
}

// ---- Showing values -------------------------------------------------------------------------

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/** '99.8 kg' / '220.0 lbs': SPEC.md §9, one decimal, from the unrounded kg. */
export function formatWeightIn(kg: number, unit: WeightUnit): string {
  return `${weightFromKg(kg, unit).toFixed(1)} ${unit}`
}

export function formatHours(hours: number): string {
  return `${grouped.format(roundForDisplay(hours))} h`
}

/** Water as the patient reads it: fl oz when they weigh in lbs, else ml (units.ts waterUnitFor). */
export function formatWaterFor(ml: number, weightUnit: WeightUnit): string {
  return formatWater(ml, waterUnitFor(weightUnit))
}

export function formatGrams(grams: number): string {
  return `${grouped.format(roundForDisplay(grams))} g`
}

/** 'From Demo Health' for an imported or device reading; '' for what the patient typed. */
export function sourceLabel(source: string | undefined): string {
  return source && source !== 'manual' ? `From ${source}` : ''
}

/** One line describing an entry, as the day's list and the delete confirmation show it. */
export function describeEntry(
  entry: LogEntry,
  unit: WeightUnit,
): { title: string; value: string; detail: string } {
  const described = describeValues(entry, unit)
  if (entry.kind === 'weight') return described
  // Weight already names its source first; the other kinds end with it.
  const from = sourceLabel(entry.source)
  return from ? { ...described, detail: [described.detail, from].filter(Boolean).join(' · ') } : described
}

function describeValues(entry: LogEntry, unit: WeightUnit): { title: string; value: string; detail: string } {
  switch (entry.kind) {
    case 'weight':
      return {
        title: 'Weight',
        value: formatWeightIn(entry.weight, unit),
        detail: [sourceLabel(entry.source), entry.note].filter(Boolean).join(' · '),
      }
    case 'sleep':
      return {
        title: 'Sleep',
        value: formatHours(entry.hours),
        detail: [
          `Quality ${entry.quality}/5 (${SLEEP_QUALITY_LABELS[entry.quality] ?? ''})`,
          entry.bed_time && entry.wake_time
            ? `${entry.bed_time}–${entry.wake_time}`
            : entry.bed_time
              ? `Bed ${entry.bed_time}`
              : entry.wake_time
                ? `Up ${entry.wake_time}`
                : '',
        ]
          .filter(Boolean)
          .join(' · '),
      }
    case 'meal':
      return {
        title: `${MEAL_TYPE_LABELS[entry.meal_type] ?? 'Meal'} at ${entry.time}`,
        value: `${formatGrams(entry.protein_g)} protein`,
        detail: [entry.calories !== null ? `${grouped.format(entry.calories)} kcal` : '', entry.description]
          .filter(Boolean)
          .join(' · '),
      }
    case 'water':
      return { title: 'Water', value: formatWaterFor(entry.ml, unit), detail: '' }
    case 'vitamins':
      return {
        title: 'Vitamins',
        value: entry.taken.length === 0 ? 'None taken' : `${entry.taken.length} of ${VITAMINS.length}`,
        detail: entry.taken.join(', '),
      }
  }
}

/** The id of a form (and of the action's answer that belongs to it). */
export function newEntryFormId(kind: EntryKind): string {
  return `log-${kind}`
}

export function editEntryFormId(ref: EntryRef): string {
  return `edit-${ref.kind}-${ref.id}`
}

/** Toast titles after a save (our words; the provider's are similar). */
export const SAVED_TOASTS: Record<EntryKind, string> = {
  weight: 'Weight logged',
  sleep: 'Sleep logged',
  meal: 'Meal logged',
  water: 'Water logged',
  vitamins: 'Vitamins logged',
}
export const UPDATED_TOAST = 'Entry updated'
export const DELETED_TOAST = 'Entry deleted'
export const ENTRY_GONE = 'This entry no longer exists'
