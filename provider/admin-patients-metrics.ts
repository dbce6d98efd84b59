// Extension (docs/provider-api.md, "Extensions"): the date arithmetic behind the admin portal's
// patient views, on ISO dates. The clinical formulas (BMI, IBW, %TWL, %EWL) are the patient app's
// own, in common/clinical.ts; so is the follow-up schedule, in common/follow-ups.ts.

import { nextFollowUpAfter } from '../common/follow-ups'

// The date arithmetic lives in common/ (the store needs it too); re-exported for the rules here.
export { addDays, addMonths, daysBetween, todayUtc } from '../common/iso-days'

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
