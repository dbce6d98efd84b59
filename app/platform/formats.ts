// How dates, times, phone numbers and exported measures are shown, in both portals. Pure and
// deterministic: the server and the browser must render the same text (no hydration mismatch), so
// times are built from Intl's parts with plain spaces rather than Intl's whole string (whose
// spacing, e.g. U+202F before 'PM', differs between ICU versions).

export const EMPTY_VALUE = '—'

/** The clinic's zone when none is configured (CLINIC_TIME_ZONE). */
export const DEFAULT_CLINIC_TIME_ZONE = 'America/New_York'

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/

// Building an Intl formatter costs far more than formatting with one (tens of microseconds
// against one or two), and a page may show dozens of times: one formatter per zone, kept. The
// zones a server meets are the clinic's and its patients' few; the cap only bounds a flood of
// made-up names.
const MAX_ZONES = 200
const zoneFormatters = new Map<string, Intl.DateTimeFormat | null>()

/** The parts formatter for `timeZone`, or null when Intl does not know the zone. */
function zoneFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = zoneFormatters.get(timeZone)
  if (formatter !== undefined) return formatter
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    })
  } catch {
    formatter = null
  }
  if (zoneFormatters.size >= MAX_ZONES) zoneFormatters.clear()
  zoneFormatters.set(timeZone, formatter)
  return formatter
}

/** True for an IANA zone name this runtime knows ('America/New_York', 'UTC'). */
export function isValidTimeZone(name: string): boolean {
  if (!name.trim()) return false
  return zoneFormatter(name) !== null
}

/**
 * A calendar day (SPEC.md §9: MM/dd/yyyy) from an ISO date, or the date part of an ISO date-time
 * as written (a surgery date, a birthday, an entry's day: no time zone applies).
 */
export function formatDay(iso: string | null | undefined): string {
  const match = iso ? ISO_DAY.exec(iso) : null
  if (!match) return EMPTY_VALUE
  const [, year, month, day] = match
  const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day)) return EMPTY_VALUE
  return `${month}/${day}/${year}`
}

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>

/** Throws a RangeError for a zone Intl does not know, as the formatter's constructor would. */
function partsIn(date: Date, timeZone: string): Parts {
  const formatter = zoneFormatter(timeZone)
  if (!formatter) throw new RangeError(`Invalid time zone specified: ${timeZone}`)
  const parts = formatter.formatToParts(date)
  return Object.fromEntries(parts.map((part) => [part.type, part.value])) as Parts
}

function instant(iso: string | null | undefined): Date | null {
  if (!iso) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/** An instant's day in a zone, 'MM/DD/YYYY' (when a sign-in or a sync happened, by the clinic's clock). */
export function formatDayIn(iso: string | null | undefined, timeZone: string): string {
  const date = instant(iso)
  if (!date) return EMPTY_VALUE
  const p = partsIn(date, timeZone)
  return `${p.month}/${p.day}/${p.year}`
}

/**
 * '11/24/2026, 3:04 PM EST': an instant in a zone, with the zone's abbreviation (left out with
 * `{ zoneName: false }` where the reader's own clock is meant, as on the patient's screens).
 */
export function formatDateTimeIn(
  iso: string | null | undefined,
  timeZone: string,
  { zoneName = true }: { zoneName?: boolean } = {},
): string {
  const date = instant(iso)
  if (!date) return EMPTY_VALUE
  const p = partsIn(date, timeZone)
  const time = `${p.month}/${p.day}/${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod}`
  return zoneName ? `${time} ${p.timeZoneName}` : time
}

/** The zone's abbreviation at an instant ('EST' in winter, 'EDT' in summer; 'UTC'). */
export function timeZoneAbbreviation(timeZone: string, at: Date = new Date()): string {
  return partsIn(at, timeZone).timeZoneName ?? timeZone
}

/**
 * A phone number for reading: ten digits (or eleven with the fixed +1, SPEC.md §9) as
 * '(555) 010-0199'; anything else as entered, so nothing is lost or invented.
 */
export function formatPhone(raw: string | null | undefined): string {
  const text = (raw ?? '').trim()
  if (!text) return EMPTY_VALUE
  let digits = text.replace(/\D/g, '')
  // Only reformat what is clearly a North American number written with digits and separators.
  if (!/^[\d\s().+-]+$/.test(text)) return text
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1)
  if (digits.length !== 10) return text
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}

/** Rounds to `decimals` places, half away from zero; non-numbers pass through unchanged. */
export function roundTo<T>(value: T, decimals: number): T | number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value
  const factor = 10 ** decimals
  const rounded = Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON) / factor
  return Object.is(rounded, -0) ? 0 : rounded
}
