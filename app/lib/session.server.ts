// The only place tokens live: a signed, HttpOnly cookie (DESIGN.md §2). SPEC.md's local-storage
// keys map onto `customer` (token, refresh_token, profile flags) and `admin` (admin_access_token,
// admin_refresh_token, admin_roles, admin_user).
import { createCookieSessionStorage, type Session, type SessionStorage } from '@remix-run/node'
import { z } from 'zod'
import { getEnv } from './env.server'
import type { Portal } from './portal'
import type { AdminUser, CustomerProfile, ProfileFlags } from './provider-types'

export const SESSION_COOKIE_NAME = '__session'

// Refresh tokens live seven days; a cookie that outlives them would only hold dead tokens.
const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7

export type CustomerSession = ProfileFlags & { token: string; refresh_token: string; full_name?: string }
export type AdminSession = { access_token: string; refresh_token: string; roles: string[]; user?: AdminUser }
export type SessionData = { customer?: CustomerSession; admin?: AdminSession; lastSeenAt?: number }
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
  id: z.union([z.number(), z.string()]),
  email: z.string(),
  full_name: z.string(),
  roles: z.array(z.string()),
})

const adminSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string(),
  roles: z.array(z.string()),
  user: adminUserSchema.optional(),
})

let cached: { key: string; storage: SessionStorage<SessionData, SessionData> } | undefined

// Built lazily and rebuilt when the settings change, so tests (and a rotated secret list in a
// long-lived dev process) see the environment as it is now.
function storage() {
  const env = getEnv()
  const secure = env.NODE_ENV === 'production'
  if (env.SESSION_SECRETS.length === 0) throw new Error('SESSION_SECRET must hold at least one secret')
  const key = JSON.stringify([env.SESSION_SECRETS, secure])
  if (cached?.key !== key) {
    cached = {
      key,
      storage: createCookieSessionStorage<SessionData, SessionData>({
        cookie: {
          name: SESSION_COOKIE_NAME,
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secure,
          maxAge: SESSION_MAX_AGE_SECONDS,
          // Newest first: Remix signs with the first and accepts any of them.
          secrets: env.SESSION_SECRETS,
        },
      }),
    }
  }
  return cached.storage
}

/** The request's session; a missing, tampered or foreign-secret cookie gives an empty one. */
export function getSession(request: Request): Promise<AppSession> {
  return storage().getSession(request.headers.get('Cookie'))
}

export function commitSession(session: AppSession): Promise<string> {
  return storage().commitSession(session)
}

export function destroySession(session: AppSession): Promise<string> {
  return storage().destroySession(session)
}

/** `Set-Cookie` for the session as it is now, ready to merge into a response. */
export async function sessionHeaders(session: AppSession): Promise<Headers> {
  return new Headers({ 'Set-Cookie': await commitSession(session) })
}

export function getCustomer(session: AppSession): CustomerSession | undefined {
  const parsed = customerSchema.safeParse(session.get('customer'))
  return parsed.success ? parsed.data : undefined
}

export function setCustomer(session: AppSession, customer: CustomerSession): void {
  session.set('customer', customer)
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

export function setAdmin(session: AppSession, admin: AdminSession): void {
  session.set('admin', admin)
}

export function updateAdmin(session: AppSession, patch: Partial<AdminSession>): void {
  const current = getAdmin(session)
  if (current) session.set('admin', { ...current, ...patch })
}

export function clearAdmin(session: AppSession): void {
  session.unset('admin')
}

export function clearPortal(session: AppSession, portal: Portal): void {
  if (portal === 'admin') clearAdmin(session)
  else clearCustomer(session)
}

export function getLastSeenAt(session: AppSession): number | undefined {
  const value = session.get('lastSeenAt')
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

export function setLastSeenAt(session: AppSession, at: number = Date.now()): void {
  session.set('lastSeenAt', at)
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
