import type { ReminderSettings } from './reminders-schedule.js'

/** The settings as the API answers them (patient and admin alike). */
export function remindersContent(settings: ReminderSettings) {
  return { ...settings.kinds, time: settings.time, days: settings.days, time_zone: settings.time_zone, channel: 'email' as const }
}
