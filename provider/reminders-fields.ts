// The reminders form as PUT v1/auth/reminders/ reads it. Every field is optional and an absent
// one keeps its saved value (like PUT v1/auth/profile/preferences/); every problem is reported at once.
import type { JsonObject } from './http.js'
import {
  canonicalTimeZone,
  REMINDER_CHANNELS,
  REMINDER_KINDS,
  TIME_PATTERN,
  WEEKDAYS,
  type ReminderKind,
  type ReminderSettings,
} from './reminders-schedule.js'
import { FieldReader } from './validation.js'

export const KIND_LABELS: Record<ReminderKind, string> = {
  weigh_in: 'Weekly weigh-in reminder',
  protein: 'Protein reminder',
  water: 'Water reminder',
  vitamins: 'Vitamins reminder',
  follow_up: 'Follow-up reminder',
}

export const TIME_INVALID = 'Time must be a time of day as HH:MM (24-hour), e.g. 08:30'
export const TIME_ZONE_INVALID = 'Time zone must be an IANA time zone name, e.g. Europe/Berlin'
export const DAYS_REQUIRED = 'Choose at least one day for your reminders'

/** The settings after applying `body` to `current`; throws a 400 with every field's message. */
export function readReminderSettingsBody(body: JsonObject, current: ReminderSettings): ReminderSettings {
  const f = new FieldReader(body)
  const kinds = { ...current.kinds }
  for (const kind of REMINDER_KINDS) kinds[kind] = f.boolean(kind, { label: KIND_LABELS[kind], fallback: current.kinds[kind] })

  let time = current.time
  const rawTime = f.raw('time')
  if (rawTime !== undefined && rawTime !== null) {
    if (typeof rawTime === 'string' && TIME_PATTERN.test(rawTime.trim())) time = rawTime.trim()
    else f.fail('time', TIME_INVALID)
  }

  let days = current.days
  if (f.raw('days') !== undefined && f.raw('days') !== null) {
    const chosen = f.list('days', WEEKDAYS, { label: 'Days' })
    // Monday-first, whatever order they came in.
    days = WEEKDAYS.filter((day) => chosen.includes(day))
  }

  let timeZone = current.time_zone
  const rawZone = f.raw('time_zone')
  if (rawZone !== undefined && rawZone !== null) {
    const zone = typeof rawZone === 'string' ? canonicalTimeZone(rawZone.trim()) : null
    if (zone) timeZone = zone
    else f.fail('time_zone', TIME_ZONE_INVALID)
  }

  f.choice('channel', REMINDER_CHANNELS, { label: 'Channel' })

  // Only the follow-ups go on any day (they follow the visit); the rest need a day to go on.
  const needsDays = kinds.weigh_in || kinds.protein || kinds.water || kinds.vitamins
  if (needsDays && days.length === 0 && !f.errors.days) f.fail('days', DAYS_REQUIRED)
  f.done()
  return { kinds, time, days, time_zone: timeZone }
}

/** The settings as the API answers them (patient and admin alike). */
export function remindersContent(settings: ReminderSettings) {
  return { ...settings.kinds, time: settings.time, days: settings.days, time_zone: settings.time_zone, channel: 'email' as const }
}
