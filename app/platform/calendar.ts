// Calendar days as ISO strings: day arithmetic, weeks (Monday to Sunday) and their labels, and
// today and the time in a given time zone. Pure. The health log, trends and the patient's clock use it.
import { addDays, format, isValid, parseISO, startOfISOWeek } from 'date-fns'
import { wallClock } from '~/../common/wall-clock'
import { isoToUsDate } from './dates'
import { isValidTimeZone } from './formats'

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
    return wallClock(now, timeZone).date
  }
  return format(now, 'yyyy-MM-dd')
}

/** The time of day (HH:MM, 24-hour) where the patient is, else here. */
export function timeIn(timeZone: string | null | undefined, now = new Date()): string {
  if (timeZone && isTimeZone(timeZone)) {
    return wallClock(now, timeZone).time
  }
  return format(now, 'HH:mm')
}

export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false
  return isValidTimeZone(value)
}
