// Dates as patients type them (SPEC.md §5, §9: MM/DD/YYYY) and as the API stores them (ISO
// YYYY-MM-DD, docs/provider-api.md). Anything that is not a real calendar date reads as empty.
// Written out rather than with date-fns' parse() and format(): parse() alone brings a table of
// token parsers (~5 KB gzip) into every screen with a date field, for two fixed formats.

export const US_DATE_FORMAT = 'MM/dd/yyyy'
export const ISO_DATE_FORMAT = 'yyyy-MM-dd'
export const US_DATE_PLACEHOLDER = 'MM/DD/YYYY'

// Four-digit years only (a two-digit year would be read as the first century); patients mean four.
const US_DATE_SHAPE = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/
const ISO_DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Local midnight of that calendar day, or undefined when there is no such day (Feb 30, year 0). */
function calendarDay(year: number, month: number, day: number): Date | undefined {
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined
  const date = new Date(2000, 0, 1)
  // setFullYear, not the constructor: new Date(99, …) would mean 1999.
  date.setFullYear(year, month - 1, day)
  return date.getMonth() === month - 1 && date.getDate() === day ? date : undefined
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

function checked(date: Date): Date {
  // As date-fns' format(): an invalid date is a programming error, not an empty string.
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value')
  return date
}

/** 'MM/DD/YYYY' (1- or 2-digit month and day) → Date, or undefined when it is not a real date. */
export function parseUsDate(text: string | null | undefined): Date | undefined {
  const match = text ? US_DATE_SHAPE.exec(text) : null
  return match ? calendarDay(Number(match[3]), Number(match[1]), Number(match[2])) : undefined
}

/** Date → 'MM/DD/YYYY' (US_DATE_FORMAT). */
export function formatUsDate(date: Date): string {
  const d = checked(date)
  return `${pad(d.getMonth() + 1, 2)}/${pad(d.getDate(), 2)}/${pad(d.getFullYear(), 4)}`
}

/** Date → 'YYYY-MM-DD' (ISO_DATE_FORMAT), the local calendar day. */
function formatIsoDate(date: Date): string {
  const d = checked(date)
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1, 2)}-${pad(d.getDate(), 2)}`
}

/** 'MM/DD/YYYY' → 'YYYY-MM-DD'; '' when unparseable (SPEC.md §5: an unparseable date is empty). */
export function usDateToIso(text: string | null | undefined): string {
  const date = parseUsDate(text)
  return date ? formatIsoDate(date) : ''
}

/** 'YYYY-MM-DD' (or a longer ISO timestamp) → 'MM/DD/YYYY'; '' when absent or unparseable. */
export function isoToUsDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const match = ISO_DATE_SHAPE.exec(iso.slice(0, 10))
  const date = match ? calendarDay(Number(match[1]), Number(match[2]), Number(match[3])) : undefined
  return date ? formatUsDate(date) : ''
}
