// The health log's calls (docs/provider-api.md "Health log", "GET v1/auth/trends/"): entries as the
// API answers them, the week's range, and the long ranges of the trends and a patient's record.
// Server code only (zod): the app's *.server.ts and the API.
import { z } from 'zod'
import { ENTRY_KINDS, isIsoDay, MANUAL_SOURCE, MEAL_TYPES, VITAMINS, type EntryKind } from './entries-values'
import { WEIGHT_UNITS } from './units-values'

const isoDay = z.string().refine(isIsoDay)

// Lenient where an older provider may leave a field out: `source` means the patient typed it.
const base = { id: z.number(), date: isoDay, source: z.string().min(1).catch(MANUAL_SOURCE) }

export const weightEntrySchema = z.object({
  ...base,
  kind: z.literal('weight'),
  weight: z.number(),
  weight_unit: z.enum(WEIGHT_UNITS).catch('kg'),
  note: z.string().catch(''),
})
export const sleepEntrySchema = z.object({
  ...base,
  kind: z.literal('sleep'),
  hours: z.number(),
  quality: z.number(),
  bed_time: z.string().nullable().catch(null),
  wake_time: z.string().nullable().catch(null),
})
export const mealEntrySchema = z.object({
  ...base,
  kind: z.literal('meal'),
  time: z.string().catch(''),
  meal_type: z.enum(MEAL_TYPES),
  protein_g: z.number(),
  calories: z.number().nullable().catch(null),
  description: z.string().catch(''),
})
export const waterEntrySchema = z.object({ ...base, kind: z.literal('water'), ml: z.number() })
export const vitaminsEntrySchema = z.object({
  ...base,
  kind: z.literal('vitamins'),
  taken: z.array(z.enum(VITAMINS)),
})

export const ENTRY_SCHEMAS = {
  weight: weightEntrySchema,
  sleep: sleepEntrySchema,
  meal: mealEntrySchema,
  water: waterEntrySchema,
  vitamins: vitaminsEntrySchema,
} as const

/** One entry: POST, GET, PUT v1/auth/entries/{kind}/… */
export const entrySchema = z.discriminatedUnion('kind', [
  weightEntrySchema,
  sleepEntrySchema,
  mealEntrySchema,
  waterEntrySchema,
  vitaminsEntrySchema,
])
export type Entry = z.output<typeof entrySchema>

/** GET v1/auth/entries/{kind}/?from&to */
export const entryListSchema = z.array(entrySchema)

/** GET v1/auth/entries/?from&to: each kind's list, and the newest of each kind on or before `to`. */
export const entriesRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  weight: z.array(weightEntrySchema),
  sleep: z.array(sleepEntrySchema),
  meal: z.array(mealEntrySchema),
  water: z.array(waterEntrySchema),
  vitamins: z.array(vitaminsEntrySchema),
  latest: z.object({
    weight: weightEntrySchema.nullable(),
    sleep: sleepEntrySchema.nullable(),
    meal: mealEntrySchema.nullable(),
    water: waterEntrySchema.nullable(),
    vitamins: vitaminsEntrySchema.nullable(),
  }),
})
export type EntriesRange = z.output<typeof entriesRangeSchema>

/** DELETE v1/auth/entries/{kind}/{id}/ */
export const entryDeletedSchema = z.null()

// ---- Long ranges: the trends, a patient's record ----------------------------------------------

// Checked by hand rather than with a zod walk: ten years are ~36,000 entries, and a schema walk of
// one year cost more than the rest of the page (docs/decisions/050-trends-provider-calls.md). The
// result is what the entry schemas above would give, except that `source` is kept only where sent
// on the kinds other than weight. Any malformed entry fails the whole answer.
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const textOr = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback)
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null)
const MEAL_TYPE_SET = new Set<string>(MEAL_TYPES)
const VITAMIN_SET = new Set<string>(VITAMINS)

type Raw = Record<string, unknown>
type Reader = (raw: Raw) => Record<string, unknown> | null

function withSource(raw: Raw, entry: Record<string, unknown>) {
  if (typeof raw.source === 'string') entry.source = raw.source
  return entry
}

const READERS: Record<EntryKind, Reader> = {
  weight: (raw) =>
    isNumber(raw.weight)
      ? {
          weight: raw.weight,
          weight_unit: raw.weight_unit === 'lbs' ? 'lbs' : 'kg',
          note: textOr(raw.note, ''),
          source: textOr(raw.source, MANUAL_SOURCE),
        }
      : null,
  sleep: (raw) =>
    isNumber(raw.hours) && isNumber(raw.quality)
      ? withSource(raw, {
          hours: raw.hours,
          quality: raw.quality,
          bed_time: textOrNull(raw.bed_time),
          wake_time: textOrNull(raw.wake_time),
        })
      : null,
  meal: (raw) =>
    isNumber(raw.protein_g) && typeof raw.meal_type === 'string' && MEAL_TYPE_SET.has(raw.meal_type)
      ? withSource(raw, {
          time: textOr(raw.time, ''),
          meal_type: raw.meal_type,
          protein_g: raw.protein_g,
          calories: isNumber(raw.calories) ? raw.calories : null,
          description: textOr(raw.description, ''),
        })
      : null,
  water: (raw) => (isNumber(raw.ml) ? withSource(raw, { ml: raw.ml }) : null),
  vitamins: (raw) =>
    Array.isArray(raw.taken) && raw.taken.every((item) => typeof item === 'string' && VITAMIN_SET.has(item))
      ? withSource(raw, { taken: raw.taken })
      : null,
}

type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>
/** An entry of a long range: `source` may be absent on the kinds other than weight. */
export type LongRangeEntries = {
  weight: z.output<typeof weightEntrySchema>[]
  sleep: Optional<z.output<typeof sleepEntrySchema>, 'source'>[]
  meal: Optional<z.output<typeof mealEntrySchema>, 'source'>[]
  water: Optional<z.output<typeof waterEntrySchema>, 'source'>[]
  vitamins: Optional<z.output<typeof vitaminsEntrySchema>, 'source'>[]
}
export type TrendEntries = LongRangeEntries & { from: string; to: string; first_date: string | null }

const ISO_SHAPE = /^\d{4}-\d{2}-\d{2}$/

/** The checked answer of GET v1/auth/trends/ (or a record's entries), or null when anything is off. */
export function readTrendEntries(content: unknown): TrendEntries | null {
  if (typeof content !== 'object' || content === null) return null
  const body = content as Raw
  if (!isIsoDay(body.from) || !isIsoDay(body.to)) return null
  const result: Record<string, unknown> = {
    from: body.from,
    to: body.to,
    first_date: isIsoDay(body.first_date) ? body.first_date : null,
  }
  for (const kind of ENTRY_KINDS) {
    const list = body[kind]
    if (!Array.isArray(list)) return null
    const read: Record<string, unknown>[] = []
    for (const item of list as unknown[]) {
      if (typeof item !== 'object' || item === null) return null
      const raw = item as Raw
      if (raw.kind !== kind || !isNumber(raw.id) || typeof raw.date !== 'string' || !ISO_SHAPE.test(raw.date))
        return null
      const fields = READERS[kind](raw)
      if (!fields) return null
      read.push({ id: raw.id, kind, date: raw.date, ...fields })
    }
    result[kind] = read
  }
  // Checked field by field above against the entry schemas.
  return result as TrendEntries
}

/** A hand check (null for a bad answer) as a schema, so an answer read by hand is used like any other. */
function handChecked<T>(read: (content: unknown) => T | null, message: string) {
  return z.unknown().transform((content, ctx): T => {
    const value = read(content)
    if (value) return value
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  })
}

/**
 * GET v1/auth/trends/?from&to, and GET v1/admin/patients/{id}/entries/ (which adds `latest`, not
 * read): the hand check above as a schema, so that both sides use it like every other answer.
 */
export const trendEntriesSchema = handChecked(readTrendEntries, 'Not a range of entries as the contract describes it')

// ---- The charts' readings: what the trends page draws, compact ---------------------------------

/**
 * One reading a row, as the charts read it: [date, value, source] (weight in kg, sleep in hours, a
 * meal's protein in g, water in ml; source 'manual' or the device's name), in the order of the
 * full answer (oldest first, a day's entries by time). Vitamins are dates only: they count as
 * logged days and draw nothing.
 */
export type TrendReading = [date: string, value: number, source: string]
export type TrendReadingsAnswer = {
  from: string
  to: string
  first_date: string | null
  weight: TrendReading[]
  sleep: TrendReading[]
  meal: TrendReading[]
  water: TrendReading[]
  vitamins: string[]
}

/** The readings as the chart builders take them: one small object per reading. */
export type TrendReadings = {
  from: string
  to: string
  first_date: string | null
  weight: { date: string; weight: number; source: string }[]
  sleep: { date: string; hours: number; source: string }[]
  meal: { date: string; protein_g: number; source: string }[]
  water: { date: string; ml: number; source: string }[]
  vitamins: { date: string }[]
}

// One object literal per kind (not a computed key): every reading of a kind then has one shape,
// which the chart builders read a few thousand times a page.
const READING_OF = {
  weight: (date: string, value: number, source: string) => ({ date, weight: value, source }),
  sleep: (date: string, value: number, source: string) => ({ date, hours: value, source }),
  meal: (date: string, value: number, source: string) => ({ date, protein_g: value, source }),
  water: (date: string, value: number, source: string) => ({ date, ml: value, source }),
} as const

/**
 * The checked answer of GET v1/auth/trends/readings/, or null when anything is off. By hand, for the
 * reason given above readTrendEntries: a year is ~2,600 readings.
 */
export function readTrendReadings(content: unknown): TrendReadings | null {
  if (typeof content !== 'object' || content === null) return null
  const body = content as Raw
  if (!isIsoDay(body.from) || !isIsoDay(body.to)) return null
  const result: Record<string, unknown> = {
    from: body.from,
    to: body.to,
    first_date: isIsoDay(body.first_date) ? body.first_date : null,
  }
  for (const kind of ['weight', 'sleep', 'meal', 'water'] as const) {
    const list = body[kind]
    if (!Array.isArray(list)) return null
    const readingOf = READING_OF[kind]
    const read: object[] = new Array(list.length)
    for (let k = 0; k < list.length; k++) {
      const row: unknown = list[k]
      if (!Array.isArray(row) || row.length !== 3) return null
      const [date, value, source] = row as unknown[]
      if (typeof date !== 'string' || !ISO_SHAPE.test(date) || !isNumber(value) || typeof source !== 'string')
        return null
      read[k] = readingOf(date, value, source)
    }
    result[kind] = read
  }
  const vitamins = body.vitamins
  if (!Array.isArray(vitamins)) return null
  const days: { date: string }[] = new Array(vitamins.length)
  for (let k = 0; k < vitamins.length; k++) {
    const date: unknown = vitamins[k]
    if (typeof date !== 'string' || !ISO_SHAPE.test(date)) return null
    days[k] = { date }
  }
  result.vitamins = days
  // Checked value by value above.
  return result as TrendReadings
}

/** GET v1/auth/trends/readings/: the hand check above as a schema, like every other answer. */
export const trendReadingsSchema = handChecked(readTrendReadings, 'Not a range of readings as the contract describes it')
