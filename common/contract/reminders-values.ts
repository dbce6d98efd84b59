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

/** How each kind is named in the API's messages ("Protein reminder must be true or false"). */
export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  weigh_in: 'Weekly weigh-in reminder',
  protein: 'Protein reminder',
  water: 'Water reminder',
  vitamins: 'Vitamins reminder',
  follow_up: 'Follow-up reminder',
}

export const TIME_INVALID = 'Time must be a time of day as HH:MM (24-hour), e.g. 08:30'
export const TIME_ZONE_INVALID = 'Time zone must be an IANA time zone name, e.g. Europe/Berlin'
export const DAYS_REQUIRED = 'Choose at least one day for your reminders'

/** HH:MM, 24-hour. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/

/**
 * The canonical name of an IANA time zone, or null for anything else (offsets such as +01:00,
 * which Intl also accepts, are refused: a patient lives in a zone, not at an offset).
 */
export function canonicalTimeZone(name: string): string | null {
  if (!IANA_NAME.test(name)) return null
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

/** Only the follow-ups go on any day (they follow the visit); the rest need a day to go on. */
export function needsReminderDays(kinds: Partial<Record<ReminderKind, boolean | undefined>>): boolean {
  return Boolean(kinds.weigh_in || kinds.protein || kinds.water || kinds.vitamins)
}
