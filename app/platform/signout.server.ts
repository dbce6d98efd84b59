import { redirect } from '@remix-run/node'
import { SIGN_IN_PATH, type Portal } from './portal'
import { signOut } from './provider-api.server'
import { createProviderClient } from './provider-client.server'
import { clearPortal, commitSession, getAccessToken, getRefreshToken, getSession, type AppSession } from './session.server'

/**
 * Ends the portal's session in the API too (docs/provider-api.md, `v1/auth/logout/`), so a copy of
 * the cookie taken before sign-out opens nothing afterwards. Best effort: a provider without the
 * endpoint (404), one that is down or one that fails must not keep anyone signed in, so whatever
 * happens here the caller still clears the cookie.
 */
export async function endProviderSession(request: Request, session: AppSession, portal: Portal): Promise<void> {
  const access = getAccessToken(session, portal)
  const refresh = getRefreshToken(session, portal)
  if (!access && !refresh) return
  try {
    const api = await createProviderClient(request, { session })
    const result = await signOut(api, { access, refresh })
    if (!result.ok && result.status !== 404) {
      console.warn(`sign-out: the provider did not end the ${portal} session (status ${result.status})`)
    }
  } catch (error) {
    console.warn(`sign-out: the provider could not be asked to end the ${portal} session`, error)
  }
}

/** Ends one portal's session (the other portal's stays) and goes to that portal's sign-in. */
export async function signOutAction(request: Request, portal: Portal): Promise<Response> {
  const session = await getSession(request)
  await endProviderSession(request, session, portal)
  clearPortal(session, portal)
  return redirect(SIGN_IN_PATH[portal], { headers: { 'Set-Cookie': await commitSession(session) } })
}

/**
 * Signing in to one portal ends the other portal's session, as opening its sign-in does: in the API
 * too (v1/auth/logout/, as sign-out does), not only in the cookie, so the dropped tokens stop
 * working rather than live on until they expire.
 */
export async function endOtherPortal(request: Request, session: AppSession, portal: Portal): Promise<void> {
  const other: Portal = portal === 'customer' ? 'admin' : 'customer'
  if (!session.has(other)) return
  await endProviderSession(request, session, other)
  clearPortal(session, other)
}
