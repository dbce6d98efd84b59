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
import { API, type Endpoint, type EndpointInput } from '~/../common/contract/endpoints'
import type { ProviderClient } from './provider-client.server'

export type Credentials = CredentialsBody
export type SignUpPayload = SignUpBody
export type ResetPasswordPayload = ResetPasswordBody
export type PasswordPortal = ForgotPasswordBody['portal']

export function signIn(api: ProviderClient, credentials: Credentials) {
  return api.call(API.auth.login, { body: credentials })
}

export function adminSignIn(api: ProviderClient, credentials: Credentials) {
  return api.call(API.admin.login, { body: credentials })
}

/** The code step of an admin's sign-in (docs/provider-api.md "Two-factor sign-in"). */
export function adminSignInCode(api: ProviderClient, body: MfaLoginBody) {
  return api.call(API.admin.loginCode, { body })
}

export function getAdminMfa(api: ProviderClient) {
  return api.call(API.admin.mfa)
}

export function startAdminMfaSetup(api: ProviderClient) {
  return api.call(API.admin.mfaSetup, { body: {} })
}

export function confirmAdminMfa(api: ProviderClient, code: string) {
  return api.call(API.admin.mfaConfirm, { body: { code } })
}

/**
 * Ends the session of these tokens in the API (docs/provider-api.md, sign-out, both portals): its
 * refresh token and access tokens stop working at once. The access token named is sent, not the
 * page's (an empty one: no token at all).
 */
export function signOut(api: ProviderClient, tokens: { access?: string; refresh?: string }) {
  return api.call(API.auth.logout, { body: tokens.refresh ? { refresh: tokens.refresh } : {} }, { bearer: tokens.access ?? '' })
}

export function getProfile(api: ProviderClient) {
  return api.call(API.profile.get)
}

export function getAdminProfile(api: ProviderClient) {
  return api.call(API.admin.profile)
}

export function signUp(api: ProviderClient, payload: SignUpPayload) {
  return api.call(API.auth.signUp, { body: payload })
}

export function resendVerification(api: ProviderClient, email: string) {
  return api.call(API.auth.resendVerification, { body: { email } })
}

export function verifyEmail(api: ProviderClient, params: { token: string; email: string }) {
  return api.call(API.auth.verifyEmail, { query: params })
}

export function forgotPassword(api: ProviderClient, email: string, portal: PasswordPortal) {
  return api.call(API.auth.forgotPassword, { body: { email, portal } })
}

export function resetPassword(api: ProviderClient, payload: ResetPasswordPayload) {
  return api.call(API.auth.resetPassword, { body: payload })
}

/** SPEC.md §8: a failure, a 403 included, is only logged (tour.server.ts). */
export function completeTour(api: ProviderClient) {
  return api.call(API.profile.tourCompleted, {}, { forbidden: 'answer' })
}

/** What a section's save sends: the table's body (the screen builds it, in cm and kg). */
type SectionBody<E extends Endpoint> = EndpointInput<E>['body']

export function savePersonal(api: ProviderClient, payload: SectionBody<typeof API.profile.personal>) {
  return api.call(API.profile.personal, { body: payload })
}

export function saveMedical(api: ProviderClient, payload: SectionBody<typeof API.profile.medical>) {
  return api.call(API.profile.medical, { body: payload })
}

export function saveBariatric(api: ProviderClient, payload: SectionBody<typeof API.profile.bariatric>) {
  return api.call(API.profile.bariatric, { body: payload })
}

export function saveDevice(api: ProviderClient, payload: SectionBody<typeof API.profile.device>) {
  return api.call(API.profile.device, { body: payload })
}
