// One typed function per provider call of SPEC.md §7, so screens never build URLs. Payloads are
// built (and converted to cm/kg) by the screens; these only send them.
import type { ProviderClient } from './provider-client.server'
import type { ProviderResult } from './provider-errors'
import type {
  AdminLoginContent,
  AdminMfaChallenge,
  AdminMfaSetup,
  AdminMfaStatus,
  AdminUser,
  BariatricSection,
  CustomerProfile,
  DeviceSection,
  MedicalSection,
  PersonalSection,
  TokenPair,
} from './provider-types'

export type Credentials = { email: string; password: string }
export type SignUpPayload = { email: string; password: string; conf_password: string }
export type ResetPasswordPayload = { token: string; new_password: string; conf_password: string }
export type PasswordPortal = 'customer' | 'admin'

export function signIn(api: ProviderClient, credentials: Credentials): Promise<ProviderResult<TokenPair>> {
  return api.call('POST', 'v1/auth/login/', { body: credentials, auth: false })
}

export function adminSignIn(
  api: ProviderClient,
  credentials: Credentials,
): Promise<ProviderResult<AdminLoginContent | AdminMfaChallenge>> {
  return api.call('POST', 'v1/admin/login/', { body: credentials, auth: false })
}

/** P15: the code step of an admin's sign-in (docs/provider-api.md "Two-factor sign-in"). */
export function adminSignInCode(
  api: ProviderClient,
  body: { mfa_token: string; code: string },
): Promise<ProviderResult<AdminLoginContent>> {
  return api.call('POST', 'v1/admin/login/mfa/', { body, auth: false })
}

export function getAdminMfa(api: ProviderClient): Promise<ProviderResult<AdminMfaStatus>> {
  return api.call('GET', 'v1/admin/mfa/')
}

export function startAdminMfaSetup(api: ProviderClient): Promise<ProviderResult<AdminMfaSetup>> {
  return api.call('POST', 'v1/admin/mfa/setup/', { body: {} })
}

export function confirmAdminMfa(api: ProviderClient, code: string): Promise<ProviderResult<{ recovery_codes: string[] }>> {
  return api.call('POST', 'v1/admin/mfa/confirm/', { body: { code } })
}

/**
 * Ends the session of these tokens in the API (docs/provider-api.md, `v1/auth/logout/`, both
 * portals): its refresh token and access tokens stop working at once.
 */
export function signOut(
  api: ProviderClient,
  tokens: { access?: string; refresh?: string },
): Promise<ProviderResult<null>> {
  return api.call('POST', 'v1/auth/logout/', {
    bearer: tokens.access ?? '',
    body: tokens.refresh ? { refresh: tokens.refresh } : {},
  })
}

export function getProfile(api: ProviderClient): Promise<ProviderResult<CustomerProfile>> {
  return api.call('GET', 'v1/auth/profile/')
}

export function getAdminProfile(api: ProviderClient): Promise<ProviderResult<AdminUser>> {
  return api.call('GET', 'v1/admin/profile/')
}

export function signUp(
  api: ProviderClient,
  payload: SignUpPayload,
): Promise<ProviderResult<{ email: string }>> {
  return api.call('POST', 'v1/auth/signup/', { body: payload, auth: false })
}

export function resendVerification(api: ProviderClient, email: string): Promise<ProviderResult<null>> {
  return api.call('POST', 'v1/auth/resend-verify-email/', { body: { email }, auth: false })
}

export function verifyEmail(
  api: ProviderClient,
  params: { token: string; email: string },
): Promise<ProviderResult<{ email: string }>> {
  return api.call('GET', 'v1/auth/verify-email-token/', { query: params, auth: false })
}

export function forgotPassword(
  api: ProviderClient,
  email: string,
  portal: PasswordPortal,
): Promise<ProviderResult<null>> {
  return api.call('POST', 'v1/auth/forgot_password/', { body: { email, portal }, auth: false })
}

export function resetPassword(
  api: ProviderClient,
  payload: ResetPasswordPayload,
): Promise<ProviderResult<null>> {
  return api.call('POST', 'v1/auth/reset_password/submit/', { body: payload, auth: false })
}

/** SPEC.md §8: a failure, a 403 included, is only logged (tour.server.ts). */
export function completeTour(api: ProviderClient): Promise<ProviderResult<null>> {
  return api.call('POST', 'v1/auth/tour-completed/', { forbidden: 'answer' })
}

// The save payloads are typed loosely on purpose: the screen owns the conversion and SPEC.md §7
// lists what is sent, which differs from what the profile returns (e.g. no `email`).
export type SectionPayload = Record<string, unknown>

export function savePersonal(
  api: ProviderClient,
  payload: SectionPayload,
): Promise<ProviderResult<PersonalSection>> {
  return api.call('PUT', 'v1/auth/profile/personal/', { body: payload })
}

export function saveMedical(
  api: ProviderClient,
  payload: SectionPayload,
): Promise<ProviderResult<MedicalSection>> {
  return api.call('PUT', 'v1/auth/profile/medical/', { body: payload })
}

export function saveBariatric(
  api: ProviderClient,
  payload: SectionPayload,
): Promise<ProviderResult<BariatricSection>> {
  return api.call('PUT', 'v1/auth/profile/bariatric/', { body: payload })
}

export function saveDevice(
  api: ProviderClient,
  payload: SectionPayload,
): Promise<ProviderResult<DeviceSection>> {
  return api.call('PUT', 'v1/auth/profile/device/', { body: payload })
}
