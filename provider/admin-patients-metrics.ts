// Extension (docs/provider-api.md, "Extensions"): the clinical arithmetic behind the admin portal's
// patient views, on ISO dates and kg. It keeps its own copy of the formulas the patient app shows
// (app/features/health-log/health-metrics.ts; tests pin both to the same values); the follow-up
// schedule is shared by both, in common/follow-ups.ts.

import { nextFollowUpAfter } from '../common/follow-ups'

const DAY_MS = 86_400_000
/** BMI 25 is the conventional "ideal" used for excess weight (IBW = 25 × height²). */
export const IDEAL_BMI = 25

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

export function idealBodyWeightKg(heightCm: number | null): number | null {
  if (!heightCm || heightCm <= 0) return null
  return IDEAL_BMI * (heightCm / 100) ** 2
}

export function twlPercent(baselineKg: number | null, currentKg: number | null): number | null {
  if (!baselineKg || !currentKg) return null
  return ((baselineKg - currentKg) / baselineKg) * 100
}

/** Null without a height, or when the baseline was not above the ideal weight. */
export function ewlPercent(
  baselineKg: number | null,
  currentKg: number | null,
  heightCm: number | null,
): number | null {
  const ideal = idealBodyWeightKg(heightCm)
  if (!baselineKg || !currentKg || ideal === null || baselineKg <= ideal) return null
  return ((baselineKg - currentKg) / (baselineKg - ideal)) * 100
}

export function bmi(weightKg: number | null, heightCm: number | null): number | null {
  if (!weightKg || !heightCm) return null
  return weightKg / (heightCm / 100) ** 2
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
