// Reminder e-mails (docs/provider-api.md "Reminders"): the kinds, the weekdays
// and the channels. Plain values, no zod.

export const REMINDER_KINDS = ['weigh_in', 'protein', 'water', 'vitamins', 'follow_up'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

/** Monday first, as the API answers `days`. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** E-mail is the only channel so far. */
export const REMINDER_CHANNELS = ['email'] as const
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number]

export function isReminderKind(value: unknown): value is ReminderKind {
  return typeof value === 'string' && (REMINDER_KINDS as readonly string[]).includes(value)
}
