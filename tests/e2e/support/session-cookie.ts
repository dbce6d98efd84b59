// A signed-in browser without the sign-in form: real tokens from the real API's login (and, for a
// patient, the profile the sign-in reads for the onboarding flags), put in a session by the app's
// own session helpers (which start the inactivity clock as a sign-in does) and sealed by the app's
// own sealing code with the target server's SESSION_SECRET. docs/decisions/180-e2e-session-cookie.md
// says why this is as good as the form for tests that are not about signing in.
import { createSession } from '@remix-run/node'
import { mfaRequiredFor, storedUser } from '../../../app/features/auth/admin-mfa.server'
import { splitSecrets } from '../../../app/platform/env.server'
import { HOME_PATH, MFA_SETUP_PATH, PROFILE_SETUP_PATH } from '../../../app/platform/portal'
import { resolveAdminRole } from '../../../app/platform/roles'
import { seal } from '../../../app/platform/session-seal.server'
import {
  profileFlags,
  SESSION_COOKIE_NAME,
  setAdmin,
  setCustomer,
  updateCustomer,
  type SessionData,
} from '../../../app/platform/session.server'
import type { CustomerProfile } from '../../../app/platform/provider-types'
import { E2E_PORT, PROVIDER_URL } from './constants'
import { E2E_SESSION_SECRET } from './session'

/** The server a session is made for: where it runs, its SESSION_SECRET, its API, its ADMIN_MFA. */
export type SessionTarget = {
  baseURL: string
  secret: string
  providerURL: string
  adminMfa?: 'off' | 'super' | 'required'
}

/** The e2e server playwright.config.ts starts. */
export const E2E_SERVER: SessionTarget = {
  baseURL: `http://localhost:${E2E_PORT}`,
  secret: E2E_SESSION_SECRET,
  providerURL: PROVIDER_URL,
  adminMfa: 'off',
}

/** A sealed session cookie and the page its holder lands on (where a form sign-in would send them). */
export type SessionCookie = { name: string; value: string; landing: string }

type Envelope = { content?: unknown }

async function api(target: SessionTarget, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(new URL(path, target.providerURL), {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json().catch(() => ({}))) as Envelope
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`)
  return isRecord(json.content) ? json.content : {}
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function sealed(data: SessionData, target: SessionTarget, landing: string): SessionCookie {
  return { name: SESSION_COOKIE_NAME, value: seal(data, splitSecrets(target.secret)), landing }
}

/** What the customer sign-in stores: the login's tokens, then the profile's flags and name. */
export async function customerSessionCookie(email: string, password: string, target = E2E_SERVER): Promise<SessionCookie> {
  const login = await api(target, 'POST', 'v1/auth/login/', { email, password })
  if (typeof login.access_token !== 'string' || login.access_token === '') throw new Error('the login answered no access token')
  const session = createSession<SessionData, SessionData>({})
  setCustomer(session, {
    token: login.access_token,
    refresh_token: typeof login.refresh_token === 'string' ? login.refresh_token : '',
    is_onboarded: false,
    profile_completed: false,
    medical_completed: false,
    bariatric_completed: false,
  })
  const profile = await api(target, 'GET', 'v1/auth/profile/', undefined, login.access_token)
  if (!isRecord(profile.profile)) throw new Error(`the profile answered no flags: ${JSON.stringify(profile)}`)
  const flags = profileFlags(profile as CustomerProfile)
  const fullName = isRecord(profile.personal) ? profile.personal.full_name : undefined
  updateCustomer(session, { ...flags, ...(typeof fullName === 'string' && fullName !== '' ? { full_name: fullName } : {}) })
  return sealed(session.data, target, flags.is_onboarded ? HOME_PATH.customer : PROFILE_SETUP_PATH)
}

/** What the admin sign-in stores, for an admin without a second factor (those use the form's code step). */
export async function adminSessionCookie(email: string, password: string, target = E2E_SERVER): Promise<SessionCookie> {
  const login = await api(target, 'POST', 'v1/admin/login/', { email, password })
  if (login.mfa_required === true) {
    throw new Error(`${email} has two-factor sign-in: sign in through the form (tests/e2e/support/mfa.ts)`)
  }
  if (typeof login.access_token !== 'string' || login.access_token === '') throw new Error('the admin login answered no access token')
  const user = isRecord(login.user) ? login.user : {}
  const roles = Array.isArray(user.roles) ? user.roles.filter((r): r is string => typeof r === 'string') : []
  // The server's rule, with the target server's ADMIN_MFA rather than this process's.
  const setupNeeded = user.mfa_enabled === false && mfaRequiredFor(resolveAdminRole(roles), target.adminMfa ?? 'off')
  const session = createSession<SessionData, SessionData>({})
  setAdmin(session, {
    access_token: login.access_token,
    refresh_token: typeof login.refresh_token === 'string' ? login.refresh_token : '',
    roles,
    user: storedUser(user, roles),
    ...(setupNeeded ? { mfa_setup_required: true } : {}),
  })
  return sealed(session.data, target, setupNeeded ? MFA_SETUP_PATH : HOME_PATH.admin)
}

/** The cookie as `context.addCookies` and storage-state files take it. */
export function browserCookie(cookie: SessionCookie, target = E2E_SERVER) {
  const { hostname, protocol } = new URL(target.baseURL)
  return {
    name: cookie.name,
    value: cookie.value,
    domain: hostname,
    path: '/',
    expires: -1,
    httpOnly: true,
    secure: protocol === 'https:',
    sameSite: 'Lax' as const,
  }
}
