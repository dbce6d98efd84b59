// The pure rules of the reminder e-mails — what a patient's settings make due at a given
// instant, read on the patient's own wall clock (their IANA time zone). No I/O, the clock is a
// parameter: the job (provider/jobs/reminders.ts) passes the real time, tests any instant.
//
// - The daily nudges (protein, water, vitamins) are due on each chosen weekday at the chosen time.
// - The weigh-in reminder is weekly: on the first chosen weekday of the week (Monday first).
// - Follow-up reminders are due at the chosen time 7 days and 1 day before each follow-up milestone,
//   whatever the chosen weekdays (a visit does not move to suit them). The milestones are the one
//   schedule the admin record uses (nextMilestone), never a second copy.
// - "Due" lasts CATCH_UP_MINUTES from the chosen time, within the same local day, so a run missed
//   by a restart is caught up, and the skipped hour of a spring-forward day still gets its reminder.
//   Each reminder has a slot (the local date; for follow-ups the milestone and the lead time): the
//   job sends a slot at most once, however many runs see it due.
import { addDays, nextMilestone } from './admin-patients-metrics.js'
import { wallClock } from '../common/wall-clock.js'

import { WEEKDAYS, type ReminderKind, type Weekday } from '../common/contract/reminders-values'

export {
  canonicalTimeZone,
  REMINDER_CHANNELS,
  REMINDER_KINDS,
  TIME_PATTERN,
  WEEKDAYS,
  type ReminderKind,
  type Weekday,
} from '../common/contract/reminders-values'

export const FOLLOW_UP_LEAD_DAYS = [7, 1] as const
export const CATCH_UP_MINUTES = 180

export interface ReminderSettings {
  kinds: Record<ReminderKind, boolean>
  /** HH:MM, 24-hour, on the patient's wall clock. */
  time: string
  /** Weekdays in Monday-first order, no duplicates. */
  days: Weekday[]
  /** An IANA time zone name, e.g. Europe/Berlin. */
  time_zone: string
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  kinds: { weigh_in: false, protein: false, water: false, vitamins: false, follow_up: false },
  time: '09:00',
  days: [...WEEKDAYS],
  time_zone: 'UTC',
}

export interface DueReminder {
  kind: ReminderKind
  /** Unique per patient and kind: what the job claims before sending. */
  slot: string
  /** Follow-ups only: the milestone and how many days ahead it is. */
  follow_up?: { label: string; date: string; days_before: number }
}

export interface LocalClock {
  date: string
  weekday: Weekday
  /** Minutes since local midnight. */
  minutes: number
}

/** The wall clock in `timeZone` at `now` (common/wall-clock.ts). */
export function localClock(now: Date, timeZone: string): LocalClock {
  const { date, weekday, minutes } = wallClock(now, timeZone)
  return { date, weekday, minutes }
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
}

/** Days as stored: a bit per weekday, Monday the lowest. */
export function daysToMask(days: readonly Weekday[]): number {
  return days.reduce((mask, day) => mask | (1 << WEEKDAYS.indexOf(day)), 0)
}

export function maskToDays(mask: number): Weekday[] {
  return WEEKDAYS.filter((_, index) => (mask & (1 << index)) !== 0)
}

/** Every reminder due at `now` for these settings; `surgeryDate` null without a surgery (no follow-ups). */
export function dueReminders(settings: ReminderSettings, surgeryDate: string | null, now: Date): DueReminder[] {
  const clock = localClock(now, settings.time_zone)
  const late = clock.minutes - minutesOf(settings.time)
  if (late < 0 || late >= CATCH_UP_MINUTES) return []
  const due: DueReminder[] = []
  const chosenToday = settings.days.includes(clock.weekday)
  for (const kind of ['protein', 'water', 'vitamins'] as const) {
    if (settings.kinds[kind] && chosenToday) due.push({ kind, slot: clock.date })
  }
  const weighDay = WEEKDAYS.find((day) => settings.days.includes(day))
  if (settings.kinds.weigh_in && weighDay === clock.weekday) due.push({ kind: 'weigh_in', slot: clock.date })
  if (settings.kinds.follow_up && surgeryDate) {
    for (const daysBefore of FOLLOW_UP_LEAD_DAYS) {
      const visitDay = addDays(clock.date, daysBefore)
      const milestone = nextMilestone(surgeryDate, visitDay)
      if (milestone?.date === visitDay) {
        due.push({
          kind: 'follow_up',
          slot: `${milestone.date}/${daysBefore}d`,
          follow_up: { label: milestone.label, date: milestone.date, days_before: daysBefore },
        })
      }
    }
  }
  return due
}
