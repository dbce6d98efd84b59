// One typed function per provider call of SPEC.md §7, so screens never build URLs. Payloads are
// built (and converted to cm/kg) by the screens; each is a call of the route table
// (common/contract/endpoints.ts), which fills in the path and reads the answer with the endpoint's
// SPEC level (`spec`, common/contract/spec.ts): what SPEC.md promises, so any provider that
// implements SPEC §7 works. An answer that breaks even that is the 'bad-response' fault. The
// extensions (two-factor, sign-out) have no SPEC level: they are read with our API's schemas, as
// only our API has them.
import type {
  CredentialsBody,
  ForgotPasswordBody,
  MfaLoginBody,
  ResetPasswordBody,
  SignUpBody,
} from '~/../common/contract/auth'
import { API, type EndpointInput, type ReadAnswerOf } from '~/../common/contract/endpoints'
import type { ProviderClient } from './provider-client.server'
import type { ProviderResult } from './provider-errors'

export type Credentials = CredentialsBody
export type SignUpPayload = SignUpBody
export type ResetPasswordPayload = ResetPasswordBody
export type PasswordPortal = ForgotPasswordBody['portal']

type Answer<E extends keyof Flat> = Promise<ProviderResult<ReadAnswerOf<Flat[E]>>>
type Flat = {
  login: typeof API.auth.login
  adminLogin: typeof API.admin.login
  loginCode: typeof API.admin.loginCode
  mfa: typeof API.admin.mfa
  mfaSetup: typeof API.admin.mfaSetup
  mfaConfirm: typeof API.admin.mfaConfirm
  logout: typeof API.auth.logout
  profile: typeof API.profile.get
  adminProfile: typeof API.admin.profile
  signUp: typeof API.auth.signUp
  resend: typeof API.auth.resendVerification
  verify: typeof API.auth.verifyEmail
  forgot: typeof API.auth.forgotPassword
  reset: typeof API.auth.resetPassword
  tour: typeof API.profile.tourCompleted
  personal: typeof API.profile.personal
  medical: typeof API.profile.medical
  bariatric: typeof API.profile.bariatric
  device: typeof API.profile.device
}

export function signIn(api: ProviderClient, credentials: Credentials): Answer<'login'> {
  return api.call(API.auth.login, { body: credentials })
}

export function adminSignIn(api: ProviderClient, credentials: Credentials): Answer<'adminLogin'> {
  return api.call(API.admin.login, { body: credentials })
}

/** The code step of an admin's sign-in (docs/provider-api.md "Two-factor sign-in"). */
export function adminSignInCode(api: ProviderClient, body: MfaLoginBody): Answer<'loginCode'> {
  return api.call(API.admin.loginCode, { body })
}

export function getAdminMfa(api: ProviderClient): Answer<'mfa'> {
  return api.call(API.admin.mfa)
}

export function startAdminMfaSetup(api: ProviderClient): Answer<'mfaSetup'> {
  return api.call(API.admin.mfaSetup, { body: {} })
}

export function confirmAdminMfa(api: ProviderClient, code: string): Answer<'mfaConfirm'> {
  return api.call(API.admin.mfaConfirm, { body: { code } })
}

/**
 * Ends the session of these tokens in the API (docs/provider-api.md, sign-out, both portals): its
 * refresh token and access tokens stop working at once. The access token named is sent, not the
 * page's (an empty one: no token at all).
 */
export function signOut(api: ProviderClient, tokens: { access?: string; refresh?: string }): Answer<'logout'> {
  return api.call(API.auth.logout, { body: tokens.refresh ? { refresh: tokens.refresh } : {} }, { bearer: tokens.access ?? '' })
}

export function getProfile(api: ProviderClient): Answer<'profile'> {
  return api.call(API.profile.get)
}

export function getAdminProfile(api: ProviderClient): Answer<'adminProfile'> {
  return api.call(API.admin.profile)
}

export function signUp(api: ProviderClient, payload: SignUpPayload): Answer<'signUp'> {
  return api.call(API.auth.signUp, { body: payload })
}

export function resendVerification(api: ProviderClient, email: string): Answer<'resend'> {
  return api.call(API.auth.resendVerification, { body: { email } })
}

export function verifyEmail(api: ProviderClient, params: { token: string; email: string }): Answer<'verify'> {
  return api.call(API.auth.verifyEmail, { query: params })
}

export function forgotPassword(api: ProviderClient, email: string, portal: PasswordPortal): Answer<'forgot'> {
  return api.call(API.auth.forgotPassword, { body: { email, portal } })
}

export function resetPassword(api: ProviderClient, payload: ResetPasswordPayload): Answer<'reset'> {
  return api.call(API.auth.resetPassword, { body: payload })
}

/** SPEC.md §8: a failure, a 403 included, is only logged (tour.server.ts). */
export function completeTour(api: ProviderClient): Answer<'tour'> {
  return api.call(API.profile.tourCompleted, {}, { forbidden: 'answer' })
}

/** What a section's save sends: the table's body (the screen builds it, in cm and kg). */
type SectionBody<K extends 'personal' | 'medical' | 'bariatric' | 'device'> = EndpointInput<Flat[K]>['body']

export function savePersonal(api: ProviderClient, payload: SectionBody<'personal'>): Answer<'personal'> {
  return api.call(API.profile.personal, { body: payload })
}

export function saveMedical(api: ProviderClient, payload: SectionBody<'medical'>): Answer<'medical'> {
  return api.call(API.profile.medical, { body: payload })
}

export function saveBariatric(api: ProviderClient, payload: SectionBody<'bariatric'>): Answer<'bariatric'> {
  return api.call(API.profile.bariatric, { body: payload })
}

export function saveDevice(api: ProviderClient, payload: SectionBody<'device'>): Answer<'device'> {
  return api.call(API.profile.device, { body: payload })
}
