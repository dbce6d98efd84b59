import { createHmac, timingSafeEqual } from 'node:crypto'

// Automatic sign-out after inactivity (HIPAA 164.312(a)(2)(iii)). The last activity per portal
// lives in its own signed cookie, refreshed by server.ts on every page or data request, so no
// loader has to commit the session just to record activity (and cannot clobber a refreshed token).

export const ACTIVITY_COOKIE = '__activity'
export type ActivityPortal = 'customer' | 'admin'
export type Activity = Partial<Record<ActivityPortal, number>>

const SEVEN_DAYS_S = 7 * 24 * 60 * 60

function sign(payload: string, secret: string) {
  return createHmac('sha256', secret).update(payload).digest('base64url')
}

export function encodeActivity(activity: Activity, secret: string) {
  const payload = Buffer.from(JSON.stringify(activity)).toString('base64url')
  return `${payload}.${sign(payload, secret)}`
}

/** Reads the activity cookie from a Cookie header; a forged or malformed value reads as empty. */
export function readActivity(cookieHeader: string | null | undefined, secrets: string[]): Activity {
  const raw = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${ACTIVITY_COOKIE}=`))
    ?.slice(ACTIVITY_COOKIE.length + 1)
  if (!raw) return {}
  const [payload, signature] = decodeURIComponent(raw).split('.')
  if (!payload || !signature) return {}
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(sign(payload, secret))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
  if (!valid) return {}
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    if (typeof parsed !== 'object' || parsed === null) return {}
    const result: Activity = {}
    for (const portal of ['customer', 'admin'] as const) {
      const at = (parsed as Record<string, unknown>)[portal]
      if (typeof at === 'number' && Number.isFinite(at)) result[portal] = at
    }
    return result
  } catch {
    return {}
  }
}

export function activitySetCookie(activity: Activity, secret: string, secure: boolean) {
  return [
    `${ACTIVITY_COOKIE}=${encodeActivity(activity, secret)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${SEVEN_DAYS_S}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}

/** True when the portal's last recorded activity is older than its idle limit. */
export function isIdle(activity: Activity, portal: ActivityPortal, idleMinutes: number, now = Date.now()) {
  const at = activity[portal]
  // No record yet (first request after sign-in, or an old cookie): not idle; the next response records it.
  if (at === undefined) return false
  return now - at > idleMinutes * 60_000
}

export function idleSignOutMessage(minutes: number) {
  return `You were signed out after ${minutes} minutes of inactivity. Please sign in again.`
}
