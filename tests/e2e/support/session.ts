// A session cookie sealed with the e2e server's secret, for the one persona the reference provider
// cannot produce through sign-in: an admin whose role is neither Standard Admin nor Super Admin.
import { seal, unseal } from '../../../app/platform/session-seal.server'
import { DEMO_ADMINS } from '../../support/fixtures'
import { providerCall } from './provider'

/** The SESSION_SECRET playwright.config.ts gives the e2e server. */
export const E2E_SESSION_SECRET = process.env.E2E_SESSION_SECRET ?? 'e2e-secret'

/** `name=value` of a session cookie holding `data` (the app's SessionData shape). */
export async function signedSessionCookie(data: Record<string, unknown>): Promise<{ name: string; value: string }> {
  // As a sign-in would: each portal's inactivity clock starts now.
  const seenAt = Object.fromEntries(['customer', 'admin'].filter((portal) => portal in data).map((portal) => [portal, Date.now()]))
  return { name: '__session', value: seal({ seenAt, ...data }, [E2E_SESSION_SECRET]) }
}

/** What a session cookie's value holds (to check what the server stored). */
export async function readSessionCookie(value: string): Promise<Record<string, unknown>> {
  const data = unseal(decodeURIComponent(value), [E2E_SESSION_SECRET])
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
}

/**
 * An admin session with real tokens (a demo admin's) but another role name, as a provider that
 * knows more roles than SPEC.md §3 would hand out at sign-in.
 */
export async function otherRoleAdminCookie(
  role = 'Clinic Viewer',
  email: string = DEMO_ADMINS.standard.email,
  password: string = DEMO_ADMINS.standard.password,
) {
  const { status, json } = await providerCall<{ access_token: string; refresh_token: string; user: { id: number; email: string; full_name: string } }>(
    'POST',
    'v1/admin/login/',
    { body: { email, password } },
  )
  if (status !== 200) throw new Error(`admin login failed: ${JSON.stringify(json)}`)
  const { access_token, refresh_token, user } = json.content
  return signedSessionCookie({
    admin: { access_token, refresh_token, roles: [role], user: { ...user, roles: [role] } },
  })
}
