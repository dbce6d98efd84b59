// A session cookie signed with the e2e server's secret, for the one persona the reference provider
// cannot produce through sign-in: an admin whose role is neither Standard Admin nor Super Admin.
import { createCookieSessionStorage } from '@remix-run/node'
import { providerCall } from './provider'

/** The SESSION_SECRET playwright.config.ts gives the e2e server. */
export const E2E_SESSION_SECRET = process.env.E2E_SESSION_SECRET ?? 'e2e-secret'

const storage = createCookieSessionStorage({
  cookie: { name: '__session', httpOnly: true, sameSite: 'lax', path: '/', secrets: [E2E_SESSION_SECRET] },
})

/** `name=value` of a session cookie holding `data` (the app's SessionData shape). */
export async function signedSessionCookie(
  data: Record<string, unknown>,
): Promise<{ name: string; value: string }> {
  const session = await storage.getSession()
  for (const [key, value] of Object.entries(data)) session.set(key, value)
  const header = await storage.commitSession(session)
  const pair = header.split(';')[0]!
  const index = pair.indexOf('=')
  return { name: pair.slice(0, index), value: pair.slice(index + 1) }
}

/** What a session cookie's value holds (to check what the server stored). */
export async function readSessionCookie(value: string): Promise<Record<string, unknown>> {
  const session = await storage.getSession(`__session=${value}`)
  return session.data as Record<string, unknown>
}

/**
 * An admin session with real tokens (a demo admin's) but another role name, as a provider that
 * knows more roles than SPEC.md §3 would hand out at sign-in.
 */
export async function otherRoleAdminCookie(
  role = 'Clinic Viewer',
  email = 'admin@baricare.test',
  password = 'Standard#Admin1',
) {
  const { status, json } = await providerCall<{
    access_token: string
    refresh_token: string
    user: { id: number; email: string; full_name: string }
  }>('POST', 'v1/admin/login/', { body: { email, password } })
  if (status !== 200) throw new Error(`admin login failed: ${JSON.stringify(json)}`)
  const { access_token, refresh_token, user } = json.content
  return signedSessionCookie({
    admin: { access_token, refresh_token, roles: [role], user: { ...user, roles: [role] } },
  })
}
