// The reminder settings as the screens show them (the profile's Reminders form, the admin
// record's read-only line, the unsubscribe page). Pure: components may import it.

import type { ReminderSettings } from '~/../common/contract/reminders'
import { isReminderKind, REMINDER_KINDS, WEEKDAYS, type ReminderKind, type Weekday } from '~/../common/contract/reminders-values'

export { isReminderKind, REMINDER_KINDS, WEEKDAYS, type ReminderKind, type ReminderSettings, type Weekday }

export const REMINDER_LABELS: Record<ReminderKind, { label: string; hint: string; short: string }> = {
  weigh_in: { label: 'Weekly weigh-in', hint: 'Once a week, on the first day you choose below.', short: 'Weigh-in' },
  protein: { label: 'Protein', hint: 'A nudge to make protein part of every meal.', short: 'Protein' },
  water: { label: 'Water', hint: 'A nudge to sip water through the day.', short: 'Water' },
  vitamins: { label: 'Vitamins', hint: 'A nudge to take your vitamins and supplements.', short: 'Vitamins' },
  follow_up: {
    label: 'Upcoming follow-up',
    hint: '7 days and 1 day before each follow-up visit, on any day of the week.',
    short: 'Follow-up',
  },
}

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
}

/** What the unsubscribe page calls each kind ("Stop … reminders"). */
export const REMINDER_NAMES: Record<ReminderKind, string> = {
  weigh_in: 'weekly weigh-in',
  protein: 'protein',
  water: 'water',
  vitamins: 'vitamin',
  follow_up: 'follow-up',
}


/** "Protein, Water · 08:00 Mon–Fri (Europe/Berlin)" for the admin record; null when all are off. */
export function remindersSummary(settings: ReminderSettings): { kinds: string; when: string } | null {
  const on = REMINDER_KINDS.filter((kind) => settings[kind])
  if (on.length === 0) return null
  const days = settings.days.length === 7 ? 'every day' : settings.days.map((day) => WEEKDAY_LABELS[day]).join(', ')
  return { kinds: on.map((kind) => REMINDER_LABELS[kind].short).join(', '), when: `${settings.time}, ${days} (${settings.time_zone})` }
}

/** The reminders form as the API's PUT body: an unticked box is off. */
export type ReminderForm = Record<ReminderKind, boolean> & { time: string; days: string[]; time_zone: string }

export function reminderBody(formData: FormData): ReminderForm {
  const on = (kind: ReminderKind) => formData.get(kind) === 'on'
  return {
    weigh_in: on('weigh_in'),
    protein: on('protein'),
    water: on('water'),
    vitamins: on('vitamins'),
    follow_up: on('follow_up'),
    time: String(formData.get('time') ?? ''),
    days: formData.getAll('days').map(String),
    time_zone: String(formData.get('time_zone') ?? ''),
  }
}
