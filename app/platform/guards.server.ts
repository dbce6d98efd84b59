// Loader/action guards (DESIGN.md §4). Each throws a redirect or returns the request's context:
// the session, the signed-in account and the one provider client, built once. A loader or action
// calls its guard once, in the route module where it shows, and hands the context to the helpers.
// Remix runs matched loaders in parallel, so a layout's loader calls its own guard.
import { redirect } from '@remix-run/node'
import { idleSignOutMessage, isIdle, markActive, type ActivityPortal } from './activity.server'
import { isBackgroundRequest } from './background'
import { getEnv } from './env.server'
import {
  currentPath,
  HOME_PATH,
  MFA_SETUP_PATH,
  NOT_AUTHORIZED_PATH,
  PROFILE_SETUP_PATH,
  signInPathWithRedirect,
} from './portal'
import { ADMIN_ROLES, isRoleAllowed, resolveAdminRole, type AdminRole } from './roles'
import {
  clearPortal,
  commitSession,
  getAdmin,
  getCustomer,
  getSeenAt,
  getSession,
  type AdminSession,
  type AppSession,
  type CustomerSession,
} from './session.server'
import { createProviderClient, type ProviderClient } from './provider-client.server'
import { endProviderSession } from './signout.server'
import { redirectWithToast } from './toast.server'

/** What a guard hands on: one request's session and provider client. */
export type RequestContext = {
  readonly request: Request
  /** The session the client reads tokens from and writes refreshed ones to. */
  readonly session: AppSession
  /** The request's one provider client; its 401 and 403 rules apply to every call. */
  readonly api: ProviderClient
  /**
   * The answer's session cookie, collected in one place (`api.headers`): set once a token was
   * refreshed or `commit()` ran. Every response of the request merges it.
   */
  readonly headers: Headers
  /** Puts the session as it is now into `headers` (and returns them), after changing `session`. */
  commit(): Promise<Headers>
}
export type CustomerContext = RequestContext & { customer: CustomerSession }
export type AdminContext = RequestContext & { admin: AdminSession; role: AdminRole }

async function requestContext(request: Request, session: AppSession): Promise<RequestContext> {
  const api = await createProviderClient(request, { session })
  return { request, session, api, headers: api.headers, commit: api.commit }
}

/**
 * Pages anyone may open or post to, signed in or not (an e-mail's link, a public form's post): no
 * rule, the same context as a guarded page.
 */
export async function publicContext(request: Request): Promise<RequestContext> {
  return requestContext(request, await getSession(request))
}

/** Public customer screens: a signed-in customer goes to the dashboard. */
export async function requireAnonymousCustomer(request: Request): Promise<RequestContext> {
  const session = await getSession(request)
  if (getCustomer(session)) throw redirect(HOME_PATH.customer)
  return requestContext(request, session)
}

/**
 * Signs a portal out when its last activity is older than the idle limit (HIPAA automatic
 * logoff): the portal's session data is cleared and the sign-in page says why. A request that
 * passes renews the clock unless it is a background request (a poll, a prefetch): an open tab
 * that polls must not keep an unattended session signed in, so a poll is checked, never counted.
 */
async function signOutIfIdle(request: Request, session: AppSession, portal: ActivityPortal) {
  const env = getEnv()
  const minutes = portal === 'admin' ? env.ADMIN_IDLE_MINUTES : env.CUSTOMER_IDLE_MINUTES
  if (!isIdle(getSeenAt(session, portal), minutes)) {
    if (!isBackgroundRequest(request)) markActive(portal)
    return
  }
  await endProviderSession(request, session, portal)
  clearPortal(session, portal)
  throw await redirectWithToast(
    signInPathWithRedirect(portal, currentPath(request)),
    { title: 'Signed out', description: idleSignOutMessage(minutes), type: 'destructive' },
    { headers: { 'Set-Cookie': await commitSession(session) } },
  )
}

/** Any customer screen: no token → sign-in, coming back here afterwards. */
export async function requireCustomer(request: Request): Promise<CustomerContext> {
  const session = await getSession(request)
  const customer = getCustomer(session)
  if (!customer) throw redirect(signInPathWithRedirect('customer', currentPath(request)))
  await signOutIfIdle(request, session, 'customer')
  return { ...(await requestContext(request, session)), customer }
}

/** The main customer screens (SPEC.md §4 onboarding gate). */
export async function requireOnboardedCustomer(request: Request): Promise<CustomerContext> {
  const context = await requireCustomer(request)
  if (!context.customer.is_onboarded) throw redirect(PROFILE_SETUP_PATH)
  return context
}

/** The profile-setup wizard: only until onboarding is done. */
export async function requireNotOnboardedCustomer(request: Request): Promise<CustomerContext> {
  const context = await requireCustomer(request)
  if (context.customer.is_onboarded) throw redirect(HOME_PATH.customer)
  return context
}

/** Public admin screens: a signed-in admin goes to the dashboard. */
export async function requireAnonymousAdmin(request: Request): Promise<RequestContext> {
  const session = await getSession(request)
  if (getAdmin(session)) throw redirect(HOME_PATH.admin)
  return requestContext(request, session)
}

/**
 * Admin screens. Every guarded admin page lists its allowed roles (both, unless stated), so an
 * admin whose roles resolve to none is never let in.
 */
export async function requireAdmin(
  request: Request,
  options: { roles?: readonly AdminRole[] } = {},
): Promise<AdminContext> {
  const session = await getSession(request)
  const admin = getAdmin(session)
  if (!admin) throw redirect(signInPathWithRedirect('admin', currentPath(request)))
  await signOutIfIdle(request, session, 'admin')
  const role = resolveAdminRole(admin.roles.length > 0 ? admin.roles : admin.user?.roles)
  if (role === null || !isRoleAllowed(role, options.roles ?? ADMIN_ROLES)) throw redirect(NOT_AUTHORIZED_PATH)
  // An admin who must set up two-factor sign-in sees only the screen that does it.
  // (A single-fetch data request may name the screen with its `.data` suffix.)
  if (admin.mfa_setup_required && new URL(request.url).pathname.replace(/\.data$/, '') !== MFA_SETUP_PATH) {
    throw redirect(MFA_SETUP_PATH)
  }
  return { ...(await requestContext(request, session)), admin, role }
}
