// The only place tokens live: an HttpOnly cookie whose value is sealed (AES-256-GCM, see
// session-seal.server.ts), so it is neither readable nor changeable outside the server (DESIGN.md §2). SPEC.md's local-storage
// keys map onto `customer` (token, refresh_token, profile flags) and `admin` (admin_access_token,
// admin_refresh_token, admin_roles, admin_user).
import { createSession, type Session } from '@remix-run/node'
import { z } from 'zod'
import { getEnv } from './env.server'
import type { Portal } from './portal'
import { readCookie } from './cookies'
import { isRecord } from './provider-errors'
import { seal, unseal } from './session-seal.server'
import type { AdminUser, CustomerProfile, ProfileFlags } from './provider-types'

export const SESSION_COOKIE_NAME = '__session'

// Refresh tokens live seven days; a cookie that outlives them would only hold dead tokens.
const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7

export type CustomerSession = ProfileFlags & { token: string; refresh_token: string; full_name?: string }
/** `mfa_setup_required`: signed in but must enroll a second factor before using the portal. */
export type AdminSession = { access_token: string; refresh_token: string; roles: string[]; user?: AdminUser; mfa_setup_required?: boolean }
/**
 * Two-factor sign-in: `mfaChallenge` is the API's short-lived challenge between the password
 * step and the code step (not a session: it opens no admin page); `mfaRecoveryCodes` holds the
 * new recovery codes for the one page view that shows them.
 */
export type MfaChallenge = { token: string; exp: number; redirectTo: string | null }
/** `seenAt`: when each portal last passed its guard (ms since epoch), for the inactivity sign-out. */
export type SessionData = {
  customer?: CustomerSession
  admin?: AdminSession
  seenAt?: Partial<Record<Portal, number>>
  mfaChallenge?: MfaChallenge
  mfaRecoveryCodes?: string[]
}
export type AppSession = Session<SessionData, SessionData>

// Signed cookies are ours, but an older release may have written another shape: anything that
// does not match reads as "signed out" instead of failing later.
const customerSchema = z.object({
  token: z.string().min(1),
  refresh_token: z.string(),
  is_onboarded: z.boolean(),
  profile_completed: z.boolean(),
  medical_completed: z.boolean(),
  bariatric_completed: z.boolean(),
  full_name: z.string().optional(),
})

const adminUserSchema = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  email: z.string().optional(),
  full_name: z.string().optional(),
  roles: z.array(z.string()),
  mfa_enabled: z.boolean().optional(),
})

const adminSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string(),
  roles: z.array(z.string()),
  user: adminUserSchema.optional(),
  mfa_setup_required: z.boolean().optional(),
})

const challengeSchema = z.object({ token: z.string().min(1), exp: z.number(), redirectTo: z.string().nullable() })

function cookieSettings() {
  const env = getEnv()
  if (env.SESSION_SECRETS.length === 0) throw new Error('SESSION_SECRET must hold at least one secret')
  return { secrets: env.SESSION_SECRETS, secure: env.NODE_ENV === 'production' }
}

function attributes(maxAge: number, secure: boolean): string {
  const parts = [`Max-Age=${maxAge}`, 'Path=/', 'HttpOnly', 'SameSite=Lax']
  if (maxAge === 0) parts.splice(1, 0, 'Expires=Thu, 01 Jan 1970 00:00:00 GMT')
  if (secure) parts.push('Secure')
  return parts.join('; ')
}

type CookieSettings = ReturnType<typeof cookieSettings>

// Sealed with the newest secret: a session read with an older one is re-sealed on its next commit.
function sealedCookie(session: AppSession, settings: CookieSettings): string {
  return `${SESSION_COOKIE_NAME}=${seal(session.data, settings.secrets)}; ${attributes(SESSION_MAX_AGE_SECONDS, settings.secure)}`
}

/** The request's session; a missing, tampered or foreign-secret cookie gives an empty one. */
export async function getSession(request: Request): Promise<AppSession> {
  const value = readCookie(request.headers.get('Cookie'), SESSION_COOKIE_NAME)
  const data = value ? unseal(decodeURIComponent(value), cookieSettings().secrets) : null
  return createSession<SessionData, SessionData>(isRecord(data) ? (data as SessionData) : {})
}

export async function commitSession(session: AppSession): Promise<string> {
  return sealedCookie(session, cookieSettings())
}

export async function destroySession(_session: AppSession): Promise<string> {
  return `${SESSION_COOKIE_NAME}=; ${attributes(0, cookieSettings().secure)}`
}

export function getCustomer(session: AppSession): CustomerSession | undefined {
  const parsed = customerSchema.safeParse(session.get('customer'))
  return parsed.success ? parsed.data : undefined
}

/** At sign-in: the portal's tokens, and its inactivity clock starts now. */
export function setCustomer(session: AppSession, customer: CustomerSession, now = Date.now()): void {
  session.set('customer', customer)
  setSeenAt(session, 'customer', now)
}

/** For the profile flags after a wizard step, or a refreshed token. No-op when signed out. */
export function updateCustomer(session: AppSession, patch: Partial<CustomerSession>): void {
  const current = getCustomer(session)
  if (current) session.set('customer', { ...current, ...patch })
}

export function clearCustomer(session: AppSession): void {
  session.unset('customer')
}

export function getAdmin(session: AppSession): AdminSession | undefined {
  const parsed = adminSchema.safeParse(session.get('admin'))
  return parsed.success ? parsed.data : undefined
}

export function setAdmin(session: AppSession, admin: AdminSession, now = Date.now()): void {
  session.set('admin', admin)
  setSeenAt(session, 'admin', now)
}

export function updateAdmin(session: AppSession, patch: Partial<AdminSession>): void {
  const current = getAdmin(session)
  if (current) session.set('admin', { ...current, ...patch })
}

export function clearAdmin(session: AppSession): void {
  session.unset('admin')
}

/** The pending code step, while it has not expired. */
export function getMfaChallenge(session: AppSession, now = Date.now()): MfaChallenge | undefined {
  const parsed = challengeSchema.safeParse(session.get('mfaChallenge'))
  return parsed.success && parsed.data.exp > now ? parsed.data : undefined
}

export function setMfaChallenge(session: AppSession, challenge: MfaChallenge): void {
  session.set('mfaChallenge', challenge)
}

export function clearMfaChallenge(session: AppSession): void {
  session.unset('mfaChallenge')
}

/** The new recovery codes, once: reading them removes them from the session. */
export function takeRecoveryCodes(session: AppSession): string[] | undefined {
  const codes = z.array(z.string()).safeParse(session.get('mfaRecoveryCodes'))
  if (session.has('mfaRecoveryCodes')) session.unset('mfaRecoveryCodes')
  return codes.success && codes.data.length > 0 ? codes.data : undefined
}

export function setRecoveryCodes(session: AppSession, codes: string[]): void {
  session.set('mfaRecoveryCodes', codes)
}

export function clearPortal(session: AppSession, portal: Portal): void {
  if (portal === 'admin') clearAdmin(session)
  else clearCustomer(session)
}

export function getSeenAt(session: AppSession, portal: Portal): number | undefined {
  const at = session.get('seenAt')?.[portal]
  return typeof at === 'number' && Number.isFinite(at) ? at : undefined
}

export function setSeenAt(session: AppSession, portal: Portal, at: number = Date.now()): void {
  const current = session.get('seenAt')
  session.set('seenAt', { ...(typeof current === 'object' && current !== null ? current : {}), [portal]: at })
}

/**
 * The `Set-Cookie` that records activity for `portals` at `now`: the response's own session cookie
 * (say, one with a refreshed token) restamped, else the request's session restamped. Undefined when
 * there is nothing to stamp: the response ends the session, or there is no readable session.
 */
export function restampedSessionCookie(
  responseCookie: string | undefined,
  requestCookieHeader: string | null,
  portals: ReadonlySet<Portal>,
  now = Date.now(),
): string | undefined {
  if (portals.size === 0) return undefined
  const value = responseCookie
    ? readCookie(responseCookie.split(';')[0], SESSION_COOKIE_NAME)
    : readCookie(requestCookieHeader, SESSION_COOKIE_NAME)
  if (!value) return undefined
  const settings = cookieSettings()
  const data = unseal(decodeURIComponent(value), settings.secrets)
  if (!isRecord(data)) return undefined
  const session = createSession<SessionData, SessionData>(data as SessionData)
  for (const portal of portals) if (session.has(portal)) setSeenAt(session, portal, now)
  return sealedCookie(session, settings)
}

export function getAccessToken(session: AppSession, portal: Portal): string | undefined {
  return portal === 'admin' ? getAdmin(session)?.access_token : getCustomer(session)?.token
}

export function getRefreshToken(session: AppSession, portal: Portal): string | undefined {
  const token = portal === 'admin' ? getAdmin(session)?.refresh_token : getCustomer(session)?.refresh_token
  return token ? token : undefined
}

export function setAccessToken(session: AppSession, portal: Portal, token: string): void {
  if (portal === 'admin') updateAdmin(session, { access_token: token })
  else updateCustomer(session, { token })
}

/** A provider that rotates refresh tokens (and blacklists the old one) hands out a new one on refresh. */
export function setRefreshToken(session: AppSession, portal: Portal, token: string): void {
  if (portal === 'admin') updateAdmin(session, { refresh_token: token })
  else updateCustomer(session, { refresh_token: token })
}

/** The flags the guards need, from a profile answer (after sign-in and after each wizard step). */
export function profileFlags(profile: CustomerProfile): ProfileFlags {
  const { is_onboarded, profile_completed, medical_completed, bariatric_completed } = profile.profile
  return {
    is_onboarded: is_onboarded === true,
    profile_completed: profile_completed === true,
    medical_completed: medical_completed === true,
    bariatric_completed: bariatric_completed === true,
  }
}
