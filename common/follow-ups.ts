// The bariatric follow-up schedule (2 and 6 weeks, 3, 6 and 12 months after surgery, then every
// year), in one place: the patient's dashboard and trends, the admin's patient record and list, and
// the follow-up reminders all read it. Pure ISO-date arithmetic in UTC, no library.

/** The first follow-ups; after the last one the schedule goes on yearly ("2-year follow-up", …). */
export const FIRST_FOLLOW_UPS: readonly { label: string; days?: number; months?: number }[] = [
  { label: '2-week follow-up', days: 14 },
  { label: '6-week follow-up', days: 42 },
  { label: '3-month follow-up', months: 3 },
  { label: '6-month follow-up', months: 6 },
  { label: '1-year follow-up', months: 12 },
]

export type FollowUp = { label: string; date: string; daysUntil: number }

const DAY_MS = 86_400_000
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS

function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Whole months later, keeping the day or falling back to the month's last day (Aug 31 + 6 → Feb 28/29). */
function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number)
  const target = new Date(Date.UTC(year, month - 1 + months, 1))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, lastDay))
  return target.toISOString().slice(0, 10)
}

/**
 * The next follow-up on or after `today` (one due today is still "next"), for a surgery on
 * `surgery`; both are `YYYY-MM-DD`.
 */
export function nextFollowUpAfter(surgery: string, today: string): FollowUp {
  for (let index = 0; ; index++) {
    const years = index - FIRST_FOLLOW_UPS.length + 2
    const step = index < FIRST_FOLLOW_UPS.length ? FIRST_FOLLOW_UPS[index] : { label: `${years}-year follow-up`, months: 12 * years }
    const date = step.days !== undefined ? addDays(surgery, step.days) : addMonths(surgery, step.months ?? 0)
    if (date >= today) return { label: step.label, date, daysUntil: Math.round(dayNumber(date) - dayNumber(today)) }
  }
}
