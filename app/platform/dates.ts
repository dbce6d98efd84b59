// Dates as patients type them (SPEC.md §5, §9: MM/DD/YYYY) and as the API stores them (ISO
// YYYY-MM-DD, docs/provider-api.md). Anything that is not a real calendar date reads as empty.
import { format, isValid, parse } from 'date-fns'

export const US_DATE_FORMAT = 'MM/dd/yyyy'
export const ISO_DATE_FORMAT = 'yyyy-MM-dd'
export const US_DATE_PLACEHOLDER = 'MM/DD/YYYY'

// date-fns reads 'yyyy' from any number of digits (year 90 AD); patients mean four.
const US_DATE_SHAPE = /^\s*\d{1,2}\/\d{1,2}\/\d{4}\s*$/
const ISO_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/

// A fixed reference date: parse() only uses it for parts the format leaves out (none here).
const REFERENCE = new Date(2000, 0, 1)

/** 'MM/DD/YYYY' (1- or 2-digit month and day) → Date, or undefined when it is not a real date. */
export function parseUsDate(text: string | null | undefined): Date | undefined {
  if (!text || !US_DATE_SHAPE.test(text)) return undefined
  const date = parse(text.trim(), US_DATE_FORMAT, REFERENCE)
  return isValid(date) ? date : undefined
}

export function formatUsDate(date: Date): string {
  return format(date, US_DATE_FORMAT)
}

/** 'MM/DD/YYYY' → 'YYYY-MM-DD'; '' when unparseable (SPEC.md §5: an unparseable date is empty). */
export function usDateToIso(text: string | null | undefined): string {
  const date = parseUsDate(text)
  return date ? format(date, ISO_DATE_FORMAT) : ''
}

/** 'YYYY-MM-DD' (or a longer ISO timestamp) → 'MM/DD/YYYY'; '' when absent or unparseable. */
export function isoToUsDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const day = iso.slice(0, 10)
  if (!ISO_DATE_SHAPE.test(day)) return ''
  const date = parse(day, ISO_DATE_FORMAT, REFERENCE)
  return isValid(date) ? formatUsDate(date) : ''
}
