// The patient's own clock on the server: the time zone their browser reported (a cookie) and the
// dates that follow from it. The log, trends, devices, messages and the patient record all need it.
import { todayIn } from './calendar'

/** Set by the browser (app/features/health-log/time-zone-sync.tsx): the patient's IANA time zone. */
export const TIME_ZONE_COOKIE = 'tz'

export function patientTimeZone(request: Request): string | null {
  const cookie = request.headers.get('Cookie') ?? ''
  const match = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`).exec(cookie)
  if (!match) return null
  try {
    return decodeURIComponent(match[1])
  } catch {
    return null
  }
}

/** Today where the patient is (their browser's zone once known, else the server's). */
export function patientToday(request: Request, now = new Date()): string {
  return todayIn(patientTimeZone(request), now)
}

// UTC+14, the earliest time zone: until the browser has told us the patient's zone, a date is only
// refused as "in the future" when it is tomorrow everywhere (the provider's own rule).
const EARLIEST_ZONE = 'Pacific/Kiritimati'

/** The latest date an entry may have. */
export function latestEntryDate(request: Request, now = new Date()): string {
  return patientTimeZone(request) ? patientToday(request, now) : todayIn(EARLIEST_ZONE, now)
}
