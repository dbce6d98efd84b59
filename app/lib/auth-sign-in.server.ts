// Sign-in for both portals (SPEC.md §2 customer and admin sign-in, §7 sign-in answers).
import { data, type AppLoadContext } from '@remix-run/node'
import { invalidForm, noteSignInFailure, providerRefusal, signInThrottled, type FormReply } from './auth-form.server'
import { EMAIL_PATTERN, parseAuthForm, signInSchema } from './auth-schemas'
import { RESEND_INTENT, resendVerificationAction } from './auth-verification.server'
import { requireAnonymousAdmin, requireAnonymousCustomer } from './guards.server'
import { TOASTS } from './messages'
import { HOME_PATH, PROFILE_SETUP_PATH, portalOf, type Portal } from './portal'
import { adminSignIn, getProfile, signIn } from './provider-api.server'
import { createProviderClient, type ProviderClient } from './provider-client.server'
import { faultResult, isRecord, type ProviderFailure } from './provider-errors'
import type { AdminUser } from './provider-types'
import { safeRedirect } from './safe-redirect'
import {
  clearAdmin,
  clearCustomer,
  commitSession,
  profileFlags,
  setAdmin,
  setCustomer,
  updateCustomer,
  type AppSession,
} from './session.server'
import { combineHeaders, redirectWithToast } from './toast.server'
import { readForm } from './form-data.server'

/** The passwords never go back into the page. */
const HIDDEN = ['password']

export type SignInLoaderData = {
  redirectTo: string | null
  /** `?email=` when it reads as an e-mail address (the verified screen's 'Sign In' link). */
  email: string | null
}

/** A `?email=` worth putting in the form: an address (SPEC.md §5's pattern) of a sane length. */
export function prefillEmail(value: string | null): string | null {
  const email = value?.trim() ?? ''
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? email : null
}
export type SignInReply = FormReply & { unverifiedEmail?: string }

/** Signing in to one portal ends the other portal's session, as opening its sign-in does. */
function clearOtherPortal(session: AppSession, portal: Portal) {
  if (portal === 'customer') clearAdmin(session)
  else clearCustomer(session)
}

/**
 * SPEC.md §2: a signed-in visitor goes to their dashboard; anyone else starts clean — on the
 * customer screen the stored admin data is cleared, on the admin screen both portals' data.
 */
export async function signInLoader(request: Request, portal: Portal) {
  const { session } =
    portal === 'customer' ? await requireAnonymousCustomer(request) : await requireAnonymousAdmin(request)
  const stale: Array<'admin' | 'customer'> = portal === 'customer' ? ['admin'] : ['admin', 'customer']
  let changed = false
  for (const key of stale) {
    if (session.has(key)) {
      session.unset(key)
      changed = true
    }
  }
  const params = new URL(request.url).searchParams
  const redirectTo = validRedirect(params.get('redirectTo'), portal)
  return data<SignInLoaderData>(
    { redirectTo, email: prefillEmail(params.get('email')) },
    { headers: changed ? { 'Set-Cookie': await commitSession(session) } : undefined },
  )
}

/** A same-site path inside the portal being signed in to, or null. */
function validRedirect(value: FormDataEntryValue | null | undefined, portal: Portal): string | null {
  const safe = safeRedirect(value, '')
  return safe && portalOf(new URL(safe, 'http://x').pathname) === portal ? safe : null
}

export async function signInAction(request: Request, context: AppLoadContext, portal: Portal) {
  const formData = await readForm(request)
  if (portal === 'customer' && formData.get('intent') === RESEND_INTENT) {
    return resendVerificationAction(request, context, formData)
  }
  const submission = parseAuthForm(formData, signInSchema)
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: HIDDEN })
  const { email, password, redirectTo } = submission.value
  const action = portal === 'admin' ? 'admin-signin' : 'signin'
  // Per address only; the per-account count is the provider's (docs/provider-api.md).
  const limited = signInThrottled(context, action, submission, { hideFields: HIDDEN })
  if (limited) return limited

  const api = await createProviderClient(request)
  const outcome =
    portal === 'customer' ? await signInCustomer(api, { email, password }) : await signInAdmin(api, { email, password })
  if (!outcome.ok) {
    if (outcome.failure.kind === 'http' && outcome.failure.status === 401) noteSignInFailure(context, action)
    const refusal = providerRefusal(submission, outcome.failure, {
      fieldNames: { email: 'email', password: 'password' },
      hideFields: HIDDEN,
      headers: api.headers,
    })
    if (outcome.unverified) {
      return data<SignInReply>({ ...refusal.data, unverifiedEmail: email }, refusal.init ?? undefined)
    }
    return refusal
  }

  clearOtherPortal(api.session, portal)
  const fallback = portal === 'admin' ? HOME_PATH.admin : outcome.onboarded ? HOME_PATH.customer : PROFILE_SETUP_PATH
  return redirectWithToast(validRedirect(redirectTo, portal) ?? fallback, TOASTS.signedIn, {
    headers: combineHeaders(api.headers, await api.commit()),
  })
}

type Outcome =
  | { ok: true; onboarded: boolean }
  | { ok: false; failure: ProviderFailure; unverified?: boolean }

// SPEC.md §8 names no text for this; a 403 that mentions verification is the provider's
// "verify your e-mail first" (docs/provider-api.md), which the screen pairs with a resend form.
const mentionsVerification = (message: string) => /verif/i.test(message)

async function signInCustomer(api: ProviderClient, credentials: { email: string; password: string }): Promise<Outcome> {
  const result = await signIn(api, credentials)
  if (!result.ok) {
    return { ok: false, failure: result, unverified: result.status === 403 && mentionsVerification(result.message) }
  }
  const { access_token, refresh_token } = result.content ?? {}
  if (typeof access_token !== 'string' || access_token === '') return { ok: false, failure: faultResult('bad-response') }

  // The profile call needs the new token, and reads it from the session.
  setCustomer(api.session, {
    token: access_token,
    refresh_token: typeof refresh_token === 'string' ? refresh_token : '',
    is_onboarded: false,
    profile_completed: false,
    medical_completed: false,
    bariatric_completed: false,
  })
  const profile = await getProfile(api)
  if (!profile.ok || !isRecord(profile.content) || !isRecord(profile.content.profile)) {
    // Half a sign-in (tokens but unknown onboarding state) would misroute: leave signed out.
    clearCustomer(api.session)
    const failure = profile.ok ? faultResult('bad-response') : profile
    return { ok: false, failure: { ...failure, message: TOASTS.profileLoadFailed.title, fieldErrors: {} } }
  }
  const flags = profileFlags(profile.content)
  const fullName = isRecord(profile.content.personal) ? profile.content.personal.full_name : undefined
  updateCustomer(api.session, {
    ...flags,
    ...(typeof fullName === 'string' && fullName !== '' ? { full_name: fullName } : {}),
  })
  return { ok: true, onboarded: flags.is_onboarded }
}

async function signInAdmin(api: ProviderClient, credentials: { email: string; password: string }): Promise<Outcome> {
  const result = await adminSignIn(api, credentials)
  if (!result.ok) return { ok: false, failure: result }
  const content: unknown = result.content
  if (!isRecord(content) || typeof content.access_token !== 'string' || content.access_token === '') {
    return { ok: false, failure: faultResult('bad-response') }
  }
  const user = isRecord(content.user) ? content.user : {}
  const roles = Array.isArray(user.roles) ? user.roles.filter((r): r is string => typeof r === 'string') : []
  setAdmin(api.session, {
    access_token: content.access_token,
    refresh_token: typeof content.refresh_token === 'string' ? content.refresh_token : '',
    roles,
    user: adminUser(user, roles),
  })
  return { ok: true, onboarded: true }
}

/**
 * The stored admin user (SPEC.md's admin_user). A provider answer missing a field is stored
 * without the user rather than failing the session's shape check; the admin area then fetches
 * the profile (SPEC.md §4).
 */
function adminUser(user: Record<string, unknown>, roles: string[]): AdminUser | undefined {
  const { id, email, full_name } = user
  if ((typeof id !== 'number' && typeof id !== 'string') || typeof email !== 'string') return undefined
  return { id, email, full_name: typeof full_name === 'string' ? full_name : '', roles }
}
