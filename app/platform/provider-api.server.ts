// One typed function per provider call of SPEC.md §7, so screens never build URLs. Payloads are
// built (and converted to cm/kg) by the screens; these send them and read every answer with the
// contract's SPEC level (common/contract/spec.ts): what SPEC.md promises, so any provider that
// implements SPEC §7 works. An answer that breaks even that is the 'bad-response' fault. The
// extensions (two-factor, sign-out) are read with our API's schemas: only our API has them.
import {
  adminSessionSchema,
  mfaConfirmSchema,
  mfaSetupSchema,
  mfaStatusSchema,
  logoutAnswerSchema,
  specAdminLoginSchema,
  type AdminSession,
  type CredentialsBody,
  type ForgotPasswordBody,
  type MfaConfirm,
  type MfaLoginBody,
  type MfaSetup,
  type MfaStatus,
  type ResetPasswordBody,
  type SignUpBody,
  type SpecAdminLogin,
} from '~/../common/contract/auth'
import {
  specAdminProfileSchema,
  specCustomerProfileSchema,
  specEmailAnswerSchema,
  specTokenPairSchema,
  specUnreadSchema,
  type SpecAdminUser,
  type SpecCustomerProfile,
  type SpecEmailAnswer,
  type SpecTokenPair,
} from '~/../common/contract/spec'
import type { ProviderClient } from './provider-client.server'
import type { ProviderResult } from './provider-errors'
import { checked } from './provider-result.server'

export type Credentials = CredentialsBody
export type SignUpPayload = SignUpBody
export type ResetPasswordPayload = ResetPasswordBody
export type PasswordPortal = ForgotPasswordBody['portal']

export async function signIn(api: ProviderClient, credentials: Credentials): Promise<ProviderResult<SpecTokenPair>> {
  return checked(await api.call('POST', 'v1/auth/login/', { body: credentials, auth: false }), specTokenPairSchema)
}

export async function adminSignIn(api: ProviderClient, credentials: Credentials): Promise<ProviderResult<SpecAdminLogin>> {
  return checked(await api.call('POST', 'v1/admin/login/', { body: credentials, auth: false }), specAdminLoginSchema)
}

/** The code step of an admin's sign-in (docs/provider-api.md "Two-factor sign-in"). */
export async function adminSignInCode(api: ProviderClient, body: MfaLoginBody): Promise<ProviderResult<AdminSession>> {
  return checked(await api.call('POST', 'v1/admin/login/mfa/', { body, auth: false }), adminSessionSchema)
}

export async function getAdminMfa(api: ProviderClient): Promise<ProviderResult<MfaStatus>> {
  return checked(await api.call('GET', 'v1/admin/mfa/'), mfaStatusSchema)
}

export async function startAdminMfaSetup(api: ProviderClient): Promise<ProviderResult<MfaSetup>> {
  return checked(await api.call('POST', 'v1/admin/mfa/setup/', { body: {} }), mfaSetupSchema)
}

export async function confirmAdminMfa(api: ProviderClient, code: string): Promise<ProviderResult<MfaConfirm>> {
  return checked(await api.call('POST', 'v1/admin/mfa/confirm/', { body: { code } }), mfaConfirmSchema)
}

/**
 * Ends the session of these tokens in the API (docs/provider-api.md, `v1/auth/logout/`, both
 * portals): its refresh token and access tokens stop working at once.
 */
export async function signOut(
  api: ProviderClient,
  tokens: { access?: string; refresh?: string },
): Promise<ProviderResult<null>> {
  const result = await api.call('POST', 'v1/auth/logout/', {
    bearer: tokens.access ?? '',
    body: tokens.refresh ? { refresh: tokens.refresh } : {},
  })
  return checked(result, logoutAnswerSchema)
}

export async function getProfile(api: ProviderClient): Promise<ProviderResult<SpecCustomerProfile>> {
  return checked(await api.call('GET', 'v1/auth/profile/'), specCustomerProfileSchema)
}

export async function getAdminProfile(api: ProviderClient): Promise<ProviderResult<SpecAdminUser>> {
  return checked(await api.call('GET', 'v1/admin/profile/'), specAdminProfileSchema)
}

export async function signUp(api: ProviderClient, payload: SignUpPayload): Promise<ProviderResult<SpecEmailAnswer>> {
  return checked(await api.call('POST', 'v1/auth/signup/', { body: payload, auth: false }), specEmailAnswerSchema)
}

export async function resendVerification(api: ProviderClient, email: string): Promise<ProviderResult<unknown>> {
  const result = await api.call('POST', 'v1/auth/resend-verify-email/', { body: { email }, auth: false })
  return checked(result, specUnreadSchema)
}

export async function verifyEmail(
  api: ProviderClient,
  params: { token: string; email: string },
): Promise<ProviderResult<SpecEmailAnswer>> {
  return checked(await api.call('GET', 'v1/auth/verify-email-token/', { query: params, auth: false }), specEmailAnswerSchema)
}

export async function forgotPassword(
  api: ProviderClient,
  email: string,
  portal: PasswordPortal,
): Promise<ProviderResult<unknown>> {
  const result = await api.call('POST', 'v1/auth/forgot_password/', { body: { email, portal }, auth: false })
  return checked(result, specUnreadSchema)
}

export async function resetPassword(api: ProviderClient, payload: ResetPasswordPayload): Promise<ProviderResult<unknown>> {
  const result = await api.call('POST', 'v1/auth/reset_password/submit/', { body: payload, auth: false })
  return checked(result, specUnreadSchema)
}

/** SPEC.md §8: a failure, a 403 included, is only logged (tour.server.ts). */
export async function completeTour(api: ProviderClient): Promise<ProviderResult<unknown>> {
  return checked(await api.call('POST', 'v1/auth/tour-completed/', { forbidden: 'answer' }), specUnreadSchema)
}

// The save payloads are typed loosely on purpose: the screen owns the conversion and SPEC.md §7
// lists what is sent, which differs from what the profile returns (e.g. no `email`).
export type SectionPayload = Record<string, unknown>

export async function savePersonal(api: ProviderClient, payload: SectionPayload): Promise<ProviderResult<unknown>> {
  return checked(await api.call('PUT', 'v1/auth/profile/personal/', { body: payload }), specUnreadSchema)
}

export async function saveMedical(api: ProviderClient, payload: SectionPayload): Promise<ProviderResult<unknown>> {
  return checked(await api.call('PUT', 'v1/auth/profile/medical/', { body: payload }), specUnreadSchema)
}

export async function saveBariatric(api: ProviderClient, payload: SectionPayload): Promise<ProviderResult<unknown>> {
  return checked(await api.call('PUT', 'v1/auth/profile/bariatric/', { body: payload }), specUnreadSchema)
}

export async function saveDevice(api: ProviderClient, payload: SectionPayload): Promise<ProviderResult<unknown>> {
  return checked(await api.call('PUT', 'v1/auth/profile/device/', { body: payload }), specUnreadSchema)
}
