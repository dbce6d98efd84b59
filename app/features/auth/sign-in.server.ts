// Sign-in for both portals (SPEC.md §2 customer and admin sign-in, §7 sign-in answers).
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { afterSignInPath, setupRequired, storedUser } from './admin-mfa.server'
import { invalidForm, noteSignInFailure, providerRefusal, signInThrottled, type FormReply } from '~/platform/form-replies.server'
import { isValidEmail } from '~/../common/email'
import { parseAuthForm, signInSchema } from './schemas'
import { RESEND_INTENT, resendVerificationAction } from './verification.server'
import type { RequestContext } from '~/platform/guards.server'
import { TOASTS } from '~/platform/messages'
import { HOME_PATH, MFA_CODE_PATH, PROFILE_SETUP_PATH, portalOf, type Portal } from '~/platform/portal'
import { resolveAdminRole } from '~/platform/roles'
import { adminSignIn, getProfile, signIn } from '~/platform/provider-api.server'
import type { ProviderClient } from '~/platform/provider-client.server'
import { faultResult, isRecord, type ProviderFailure } from '~/platform/provider-errors'
import { safeRedirect } from '~/platform/safe-redirect'
import { endOtherPortal, endProviderSession } from '~/platform/signout.server'
import {
  clearCustomer,
  commitSession,
  profileFlags,
  setAdmin,
  setCustomer,
  setMfaChallenge,
  updateCustomer,
} from '~/platform/session.server'
import { redirectWithToast } from '~/platform/toast.server'
import { readForm } from '~/platform/form-data.server'
import { knownBrowserToken, rememberBrowser } from '~/platform/known-browser.server'

/** The passwords never go back into the page. */
const HIDDEN = ['password']

export type SignInLoaderData = {
  redirectTo: string | null
  /** `?email=` when it reads as an e-mail address (the verified screen's 'Sign In' link). */
  email: string | null
}

/** A `?email=` worth putting in the form: one address by the one rule (common/email.ts). */
export function prefillEmail(value: string | null): string | null {
  const email = value?.trim() ?? ''
  return isValidEmail(email) ? email : null
}
export type SignInReply = FormReply & { unverifiedEmail?: string }

/**
 * SPEC.md §2: a signed-in visitor goes to their dashboard; anyone else starts clean — on the
 * customer screen the stored admin data is cleared, on the admin screen both portals' data.
 */
export async function signInLoader({ request, session }: RequestContext, portal: Portal) {
  // On the admin screen a pending code step is dropped too: signing in starts again.
  const stale: Array<'admin' | 'customer' | 'mfaChallenge'> = portal === 'customer' ? ['admin'] : ['admin', 'customer', 'mfaChallenge']
  let changed = false
  for (const key of stale) {
    if (session.has(key)) {
      // A portal's tokens are ended in the API before the cookie forgets them (sign-out's rule).
      if (key !== 'mfaChallenge') await endProviderSession(request, session, key)
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

export async function signInAction(ctx: RequestContext, context: AppLoadContext, portal: Portal) {
  const { request, api } = ctx
  const formData = await readForm(request)
  if (portal === 'customer' && formData.get('intent') === RESEND_INTENT) {
    return resendVerificationAction(ctx, context, formData)
  }
  const submission = parseAuthForm(formData, signInSchema)
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: HIDDEN })
  const { email, password, redirectTo } = submission.value
  const action = portal === 'admin' ? 'admin-signin' : 'signin'
  // Per address only; the per-account count is the provider's (docs/provider-api.md).
  const limited = signInThrottled(context, action, submission, { hideFields: HIDDEN })
  if (limited) return limited

  // The token a sign-in to this account gave this browser before (known-browser.server.ts).
  const credentials = { email, password, device_token: knownBrowserToken(request, email) }
  const outcome = portal === 'customer' ? await signInCustomer(api, credentials) : await signInAdmin(api, credentials)
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

  if (outcome.challenge) {
    // The password was right, the admin has a second factor: no session yet, the code step
    // next. The challenge rides in the sealed cookie, so it never shows in a URL or the page.
    setMfaChallenge(api.session, {
      token: outcome.challenge.token,
      exp: Date.now() + outcome.challenge.ttlMs,
      redirectTo: validRedirect(redirectTo, portal),
    })
    return redirect(MFA_CODE_PATH, { headers: await api.commit() })
  }

  await endOtherPortal(request, api.session, portal)
  const fallback = portal === 'admin' ? HOME_PATH.admin : outcome.onboarded ? HOME_PATH.customer : PROFILE_SETUP_PATH
  const target = outcome.setupRequired ? afterSignInPath(true, null) : (validRedirect(redirectTo, portal) ?? fallback)
  const headers = await api.commit()
  const remembered = rememberBrowser(request, email, outcome.deviceToken)
  if (remembered) headers.append('Set-Cookie', remembered)
  return redirectWithToast(target, TOASTS.signedIn, { headers })
}

// The API's challenge lives five minutes; a missing or odd expires_in is read as that.
const DEFAULT_CHALLENGE_TTL_MS = 5 * 60 * 1000

type Outcome =
  | { ok: true; onboarded: boolean; challenge?: { token: string; ttlMs: number }; setupRequired?: boolean; deviceToken?: string }
  | { ok: false; failure: ProviderFailure; unverified?: boolean }

// SPEC.md §8 names no text for this; a 403 that mentions verification is the provider's
// "verify your e-mail first" (docs/provider-api.md), which the screen pairs with a resend form.
const mentionsVerification = (message: string) => /verif/i.test(message)

async function signInCustomer(api: ProviderClient, credentials: { email: string; password: string }): Promise<Outcome> {
  const result = await signIn(api, credentials)
  if (!result.ok) {
    return { ok: false, failure: result, unverified: result.status === 403 && mentionsVerification(result.message) }
  }
  const { access_token, refresh_token, device_token } = result.content ?? {}
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
  return { ok: true, onboarded: flags.is_onboarded, deviceToken: device_token }
}

async function signInAdmin(api: ProviderClient, credentials: { email: string; password: string }): Promise<Outcome> {
  const result = await adminSignIn(api, credentials)
  if (!result.ok) return { ok: false, failure: result }
  const content: unknown = result.content
  if (isRecord(content) && content.mfa_required === true && typeof content.mfa_token === 'string' && content.mfa_token !== '') {
    const seconds = typeof content.expires_in === 'number' && content.expires_in > 0 ? content.expires_in : null
    return { ok: true, onboarded: true, challenge: { token: content.mfa_token, ttlMs: seconds ? seconds * 1000 : DEFAULT_CHALLENGE_TTL_MS } }
  }
  if (!isRecord(content) || typeof content.access_token !== 'string' || content.access_token === '') {
    return { ok: false, failure: faultResult('bad-response') }
  }
  const user = isRecord(content.user) ? content.user : {}
  const roles = Array.isArray(user.roles) ? user.roles.filter((r): r is string => typeof r === 'string') : []
  const setupNeeded = setupRequired(resolveAdminRole(roles), user, content.mfa_setup_required)
  setAdmin(api.session, {
    access_token: content.access_token,
    refresh_token: typeof content.refresh_token === 'string' ? content.refresh_token : '',
    roles,
    user: storedUser(user, roles),
    ...(setupNeeded ? { mfa_setup_required: true } : {}),
  })
  return {
    ok: true,
    onboarded: true,
    setupRequired: setupNeeded,
    deviceToken: typeof content.device_token === 'string' ? content.device_token : undefined,
  }
}

// The routes take their guards from this module. In the browser build every `.server` module a
// route imports becomes an empty stand-in module, and one that several screens share is a file of
// its own that each of them downloads; this module's stand-in travels in the screen's own chunk.
export { publicContext, requireAnonymousAdmin, requireAnonymousCustomer } from '~/platform/guards.server'
