// Extension (docs/provider-api.md, "Extensions"): the date arithmetic behind the admin portal's
// patient views, on ISO dates. The clinical formulas (BMI, IBW, %TWL, %EWL) are the patient app's
// own, in common/clinical.ts; so is the follow-up schedule, in common/follow-ups.ts.

import { nextFollowUpAfter } from '../common/follow-ups'

const DAY_MS = 86_400_000

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from))
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** `iso` plus whole months, keeping the day or falling back to the month's last day (Aug 31 → Feb 28). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number)
  const target = new Date(Date.UTC(year, month - 1 + months, 1))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, lastDay))
  return target.toISOString().slice(0, 10)
}

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/** One decimal for percentages and kg in answers; the unrounded values stay internal. */
export function round1(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10) / 10
}

export interface Milestone {
  label: string
  date: string
  days_until: number
}

/** The next follow-up on or after today (common/follow-ups.ts); null without a surgery date. */
export function nextMilestone(surgeryDate: string | null, today: string): Milestone | null {
  if (!surgeryDate) return null
  const { label, date, daysUntil } = nextFollowUpAfter(surgeryDate, today)
  return { label, date, days_until: daysUntil }
}

/** Age in whole years on `today`; null for a missing date. */
export function ageOn(dateOfBirth: string | null, today: string): number | null {
  if (!dateOfBirth) return null
  const [by, bm, bd] = dateOfBirth.split('-').map(Number)
  const [ty, tm, td] = today.split('-').map(Number)
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0)
}
