import { redirect } from '@remix-run/node'
import { SIGN_IN_PATH, type Portal } from './portal'
import { clearPortal, commitSession, getSession } from './session.server'

/** Forgets one portal's tokens (the other portal's stay) and goes to that portal's sign-in. */
export async function signOutAction(request: Request, portal: Portal): Promise<Response> {
  const session = await getSession(request)
  clearPortal(session, portal)
  return redirect(SIGN_IN_PATH[portal], { headers: { 'Set-Cookie': await commitSession(session) } })
}
