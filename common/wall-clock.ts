// The wall clock in an IANA time zone: what a clock on the patient's wall shows at a given instant.
// The app (today in the patient's zone), the reminders (is it 8:00 on Monday where they live?)
// and the Withings sync (which day a reading belongs to) all ask it.

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun'

export interface WallClock {
  /** YYYY-MM-DD */
  date: string
  /** HH:MM, 24-hour */
  time: string
  weekday: Weekday
  /** Minutes since local midnight. */
  minutes: number
}

// Building a formatter costs far more than using one; the reminders job asks for thousands.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The wall clock in `timeZone` at `at`. Throws a RangeError for a zone Intl does not know. */
export function wallClock(at: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {}
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: parts.weekday.toLowerCase().slice(0, 3) as Weekday,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  }
}
