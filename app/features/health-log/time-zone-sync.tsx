import { useRevalidator } from '@remix-run/react'
import { format } from 'date-fns'
import { useEffect } from 'react'

const COOKIE = 'tz' // read by app/platform/patient-clock.server.ts
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

function storedZone(): string | null {
  const match = /(?:^|;\s*)tz=([^;]*)/.exec(document.cookie)
  return match ? decodeURIComponent(match[1]) : null
}

/**
 * Tells the server the patient's time zone (a plain preference cookie), so that "today" on the
 * log and the dashboard is the patient's day, not the server's. If the page was rendered for
 * another day than the browser's, it is loaded again once.
 */
export function TimeZoneSync({ serverToday }: { serverToday: string }) {
  const revalidator = useRevalidator()
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (!zone || storedZone() === zone) return
    document.cookie = `${COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`
    if (format(new Date(), 'yyyy-MM-dd') !== serverToday) revalidator.revalidate()
    // Once per page load is enough; the revalidator object changes identity while it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverToday])
  return null
}
