// Two-factor sign-in for admins, app side (docs/provider-api.md "Two-factor sign-in"): the
// code step after the password, enrollment from the profile, and who must enroll (ADMIN_MFA).
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { loadPortalAdmin } from '~/features/shell/admin-portal.server'
import { noteSignInFailure } from '~/platform/form-replies.server'
import { endOtherPortal } from '~/platform/signout.server'
import { getEnv } from '~/platform/env.server'
import type { AdminContext, RequestContext } from '~/platform/guards.server'
import { readForm } from '~/platform/form-data.server'
import { rememberBrowser } from '~/platform/known-browser.server'
import { TOASTS } from '~/platform/messages'
import { HOME_PATH, MFA_SETUP_PATH, SIGN_IN_PATH } from '~/platform/portal'
import { adminSignInCode, confirmAdminMfa, getAdminMfa, startAdminMfaSetup } from '~/platform/provider-api.server'
import { failureLines, faultResult, isRecord, type ProviderFailure } from '~/platform/provider-errors'
import { signInBlockedFor, TOO_MANY_ATTEMPTS } from '~/platform/rate-limit.server'
import type { AdminUser } from '~/platform/provider-types'
import { qrDrawing } from './qr-code.server'
import type { CodeFormReply, SetupScreenData } from './admin-mfa'
import type { AdminRole } from '~/platform/roles'
import { MFA_CODE_MAX_LENGTH as CODE_MAX, mfaRequiredFor as requiredUnder } from '~/../common/contract/auth-values'
import {
  clearMfaChallenge,
  commitSession,
  getMfaChallenge,
  setAdmin,
  setRecoveryCodes,
  takeRecoveryCodes,
  updateAdmin,
  type AppSession,
} from '~/platform/session.server'
import { redirectWithToast } from '~/platform/toast.server'
import { toToast, type Toast } from '~/platform/toast'

export const CODE_REQUIRED = 'Enter the code from your authenticator app.'
export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please sign in again.'

/** ADMIN_MFA's rule (the contract's, which the API enforces), with this app's setting. */
export function mfaRequiredFor(role: AdminRole | null, setting = getEnv().ADMIN_MFA): boolean {
  return requiredUnder(role, setting)
}

/**
 * After the password step: must this admin set up a second factor before using the portal? The
 * API says so itself (`mfa_setup_required`) and enforces it; an API that does not say is asked
 * the rule with this app's ADMIN_MFA, only when it reports no factor (`mfa_enabled: false`): an
 * API without two-factor sign-in sends neither field, and locking everyone out would help nobody.
 */
export function setupRequired(
  role: AdminRole | null,
  user: { mfa_enabled?: unknown } | undefined,
  fromApi?: unknown,
): boolean {
  if (typeof fromApi === 'boolean') return fromApi
  return user?.mfa_enabled === false && mfaRequiredFor(role)
}

/** Where a signed-in admin goes first. */
export function afterSignInPath(setupNeeded: boolean, redirectTo: string | null): string {
  if (setupNeeded) return MFA_SETUP_PATH
  return redirectTo ?? HOME_PATH.admin
}

export type CodeReply = CodeFormReply & { toast?: Toast }

function codeFromForm(form: FormData): string {
  const value = form.get('code')
  return typeof value === 'string' ? value.trim().slice(0, CODE_MAX) : ''
}

async function expired(session: AppSession): Promise<Response> {
  clearMfaChallenge(session)
  return redirectWithToast(
    SIGN_IN_PATH.admin,
    { title: CHALLENGE_EXPIRED, type: 'destructive' },
    { headers: { 'Set-Cookie': await commitSession(session) } },
  )
}

/** The code step's screen: only while a password step's challenge is pending. */
export async function codeStepLoader({ session }: RequestContext) {
  if (!getMfaChallenge(session)) {
    if (session.has('mfaChallenge')) throw await expired(session)
    throw redirect(SIGN_IN_PATH.admin)
  }
  return data({ ok: true as const })
}

export async function codeStepAction({ request, session, api }: RequestContext, context: AppLoadContext) {
  const challenge = getMfaChallenge(session)
  if (!challenge) return expired(session)
  const code = codeFromForm(await readForm(request))
  if (!code) {
    return data<CodeReply>({ fieldError: CODE_REQUIRED, toast: toToast({ title: CODE_REQUIRED, type: 'destructive' }) }, { status: 400 })
  }
  // The same per-address count as the password step (rate-limit.server.ts).
  const retryAfter = getEnv().RATE_LIMITS === 'off' ? null : signInBlockedFor(context, 'admin-signin')
  if (retryAfter !== null) {
    return data<CodeFormReply>({ formError: [TOO_MANY_ATTEMPTS] }, { status: 429, headers: { 'Retry-After': String(retryAfter) } })
  }

  const result = await adminSignInCode(api, { mfa_token: challenge.token, code })
  if (!result.ok) {
    if (result.kind === 'http' && result.status === 401) return expired(session)
    if (result.kind === 'http' && result.status === 400) noteSignInFailure(context, 'admin-signin')
    return codeRefusal(result)
  }
  const content: unknown = result.content
  if (!isRecord(content) || typeof content.access_token !== 'string' || content.access_token === '') {
    return codeRefusal(faultResult('bad-response'))
  }
  const user = isRecord(content.user) ? content.user : {}
  const roles = Array.isArray(user.roles) ? user.roles.filter((r): r is string => typeof r === 'string') : []
  clearMfaChallenge(session)
  await endOtherPortal(request, session, 'admin')
  setAdmin(session, {
    access_token: content.access_token,
    refresh_token: typeof content.refresh_token === 'string' ? content.refresh_token : '',
    roles,
    user: storedUser(user, roles),
  })
  const headers = await api.commit()
  const remembered = typeof user.email === 'string' ? rememberBrowser(request, user.email, content.device_token) : undefined
  if (remembered) headers.append('Set-Cookie', remembered)
  return redirectWithToast(challenge.redirectTo ?? HOME_PATH.admin, TOASTS.signedIn, { headers })
}

function codeRefusal(failure: ProviderFailure, headers?: Headers) {
  const lines = failureLines(failure)
  const fieldError = failure.fieldErrors.code?.[0]
  return data<CodeFormReply>(
    fieldError ? { fieldError } : { formError: lines },
    { status: failure.status >= 400 && failure.status < 500 ? failure.status : 502, headers },
  )
}

/** The stored admin user, from a sign-in answer (see auth-sign-in.server.ts adminUser). */
export function storedUser(user: Record<string, unknown>, roles: string[]): AdminUser | undefined {
  const { id, email, full_name, mfa_enabled } = user
  if ((typeof id !== 'number' && typeof id !== 'string') || typeof email !== 'string') return undefined
  return {
    id,
    email,
    full_name: typeof full_name === 'string' ? full_name : '',
    roles,
    ...(typeof mfa_enabled === 'boolean' ? { mfa_enabled } : {}),
  }
}

// Enrollment (/admin/two-factor).

/** The manual key in groups of four, as authenticator apps show and accept it. */
export function groupKey(secret: string): string {
  return secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ')
}

export async function setupLoader(ctx: AdminContext) {
  const { session, role, admin, api, headers } = ctx
  await loadPortalAdmin(ctx)
  const required = admin.mfa_setup_required === true || mfaRequiredFor(role)
  const codes = takeRecoveryCodes(session)
  if (codes) return data<SetupScreenData>({ view: 'codes', codes, required }, { headers: await ctx.commit() })
  const status = await getAdminMfa(api)
  if (!status.ok) {
    return data<SetupScreenData>({ view: 'unavailable', message: status.message, required }, { headers })
  }
  if (status.content?.enabled) {
    return data<SetupScreenData>({ view: 'enabled', recoveryCodesLeft: status.content.recovery_codes_left, required }, { headers })
  }
  const setup = await startAdminMfaSetup(api)
  if (!setup.ok || !setup.content || typeof setup.content.secret !== 'string') {
    const message = setup.ok ? faultResult('bad-response').message : setup.message
    return data<SetupScreenData>({ view: 'unavailable', message, required }, { headers })
  }
  return data<SetupScreenData>(
    { view: 'setup', key: groupKey(setup.content.secret), qr: qrDrawing(setup.content.otpauth_uri), required },
    { headers },
  )
}

export async function setupAction(ctx: AdminContext) {
  const { session, admin, api } = ctx
  await loadPortalAdmin(ctx)
  const code = codeFromForm(await readForm(ctx.request))
  if (!code) return data<CodeFormReply>({ fieldError: CODE_REQUIRED }, { status: 400, headers: ctx.headers })
  const result = await confirmAdminMfa(api, code)
  if (!result.ok) return codeRefusal(result, ctx.headers)
  const codes = Array.isArray(result.content?.recovery_codes) ? result.content.recovery_codes.filter((c) => typeof c === 'string') : []
  setRecoveryCodes(session, codes)
  updateAdmin(session, {
    mfa_setup_required: false,
    ...(admin.user ? { user: { ...admin.user, mfa_enabled: true } } : {}),
  })
  return redirectWithToast(MFA_SETUP_PATH, { title: 'Two-factor authentication is on' }, { headers: await ctx.commit() })
}

// The routes take their guards from this module. In the browser build every `.server` module a
// route imports becomes an empty stand-in module, and one that several screens share is a file of
// its own that each of them downloads; this module's stand-in travels in the screen's own chunk.
export { requireAnonymousAdmin } from '~/platform/guards.server'
