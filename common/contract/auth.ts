// Sign-in, sign-up, e-mail links, tokens, sign-out, passwords and the admin's profile and second
// factor (SPEC.md §7; docs/provider-api.md "Extensions", "Two-factor sign-in"). Server code only
// (zod): the app's *.server.ts and the API. The bodies are the route table's (endpoints.ts), built
// from request-fields.ts, so they carry SPEC.md §5's messages; the app types what it sends with
// their `z.input`.
import { z } from 'zod'
import { CURRENT_PASSWORD_MAX_LENGTH, MFA_CODE_MAX_LENGTH, PORTALS, TOKEN_MAX_LENGTH } from './auth-values'
import {
  choiceField,
  confirmationField,
  customField,
  emailField,
  fields,
  matchingConfirmation,
  newPasswordField,
  signInPasswordField,
  textField,
} from './request-fields'
import { specAdminSessionSchema, specAdminUserSchema, specRefreshSchema, specTokenPairSchema } from './spec'

/** Answers that carry nothing but their message. */
const noContent = z.null()

// ---- Sign-in ----------------------------------------------------------------------------------

/** A token the app hands back (refresh, e-mail link): required, at most TOKEN_MAX_LENGTH. */
function tokenField(label: string) {
  return textField({ label, required: `${label} is required`, max: TOKEN_MAX_LENGTH })
}

/**
 * Extension: the `device_token` a successful sign-in to this account gave this browser. Never a
 * reason to refuse a sign-in (a browser's cookie may be old, cut short or foreign): anything but a
 * text of at most TOKEN_MAX_LENGTH reads as none.
 */
const knownBrowserField = customField<string | undefined, string | undefined>((value) =>
  typeof value === 'string' && value.length <= TOKEN_MAX_LENGTH ? value : undefined,
)

/** POST v1/auth/login/ and v1/admin/login/ */
export const credentialsBodySchema = fields({
  email: emailField,
  password: signInPasswordField,
  device_token: knownBrowserField,
})
export type CredentialsBody = z.input<typeof credentialsBodySchema>

/**
 * POST v1/auth/login/; also POST v1/{auth,admin}/change_password/ (this session's new tokens):
 * SPEC.md's pair (spec.ts) and our "known browser" token.
 */
export const tokenPairSchema = specTokenPairSchema.extend({
  /**
   * Extension: this browser's "known browser" token, sent back as `device_token` with its next
   * sign-in to the account so that strangers' failed guesses never make it wait.
   */
  device_token: z.string().optional(),
})
export type TokenPair = z.output<typeof tokenPairSchema>

/**
 * GET v1/admin/profile/, and `user` of an admin's sign-in, as our API answers them: the SPEC level
 * (spec.ts, which promises only `roles` at sign-in) with the id, e-mail and name required. `roles`
 * are strings, not ADMIN_ROLES: SPEC.md §6 says a role we do not know yields no role (app
 * roles.ts), not a broken answer.
 */
export const adminUserSchema = specAdminUserSchema.extend({
  /** A number from this API; the app's session has always stored either. */
  id: z.union([z.number(), z.string()]),
  email: z.string(),
  full_name: z.string(),
  roles: z.array(z.string()),
  /** The admin has a confirmed second factor. */
  mfa_enabled: z.boolean().optional(),
})
export type AdminUser = z.output<typeof adminUserSchema>

/** An admin's session: POST v1/admin/login/ (no second factor) and v1/admin/login/mfa/. */
export const adminSessionSchema = specAdminSessionSchema.extend({
  user: adminUserSchema,
  device_token: z.string().optional(),
  /**
   * Extension: ADMIN_MFA holds this admin to a second factor they have not set up; the session
   * reaches only the profile and the enrollment endpoints (v1/admin/mfa/…) until they do.
   */
  mfa_setup_required: z.boolean().optional(),
})
export type AdminSession = z.output<typeof adminSessionSchema>

/** The password step's answer for an admin with a second factor: no tokens yet. */
export const mfaChallengeSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  /** Seconds. */
  expires_in: z.number().optional(),
})
export type MfaChallenge = z.output<typeof mfaChallengeSchema>

/** POST v1/admin/login/ */
export const adminLoginSchema = z.union([mfaChallengeSchema, adminSessionSchema])
export type AdminLogin = z.output<typeof adminLoginSchema>
/** POST v1/admin/login/ as the app reads it: our challenge, or a session at the SPEC level. */
export const specAdminLoginSchema = z.union([mfaChallengeSchema, specAdminSessionSchema])
export type SpecAdminLogin = z.output<typeof specAdminLoginSchema>

/** A second-factor code as typed (a TOTP or a recovery code). */
const mfaCodeField = textField({ label: 'Code', required: 'Code is required', max: MFA_CODE_MAX_LENGTH })

/** POST v1/admin/login/mfa/ */
export const mfaLoginBodySchema = fields({ mfa_token: tokenField('Challenge'), code: mfaCodeField })
export type MfaLoginBody = z.input<typeof mfaLoginBodySchema>

// ---- Tokens and sign-out ----------------------------------------------------------------------

/** POST v1/auth/token/refresh/ and v1/admin/token/refresh/ */
export const refreshBodySchema = fields({ refresh: tokenField('Refresh token') })
export type RefreshBody = z.input<typeof refreshBodySchema>
/** Our API sends `access` only, as SPEC.md does; `refresh` is a rotating provider's (spec.ts). */
export const refreshAnswerSchema = specRefreshSchema.extend({ refresh: z.string().optional() })
export type RefreshAnswer = z.output<typeof refreshAnswerSchema>

/**
 * POST v1/auth/logout/ (either portal): the refresh token and/or the bearer token; the API asks
 * for the refresh token only when there is no bearer token either.
 */
export const logoutBodySchema = fields({ refresh: textField({ label: 'Refresh token', max: TOKEN_MAX_LENGTH }) })
export type LogoutBody = z.input<typeof logoutBodySchema>
export const logoutAnswerSchema = noContent

// ---- Sign-up and e-mail links -----------------------------------------------------------------

/** POST v1/auth/signup/ */
export const signUpBodySchema = fields({ email: emailField, password: newPasswordField, conf_password: confirmationField })
  .superRefine(({ password, conf_password }, ctx) => matchingConfirmation(password, conf_password, ctx))
  // Only a body without problems gets here, and its password is text.
  .transform(({ password, ...body }) => ({ ...body, password: password ?? '' }))
export type SignUpBody = z.input<typeof signUpBodySchema>
/** Sign-up and GET v1/auth/verify-email-token/ answer the (normalised) e-mail. */
export const emailAnswerSchema = z.object({ email: z.string() })
export type EmailAnswer = z.output<typeof emailAnswerSchema>

/** POST v1/auth/resend-verify-email/ */
export const resendVerificationBodySchema = fields({ email: emailField })
export const resendVerificationAnswerSchema = noContent

/** GET v1/auth/verify-email-token/?token=&email= */
export const verifyEmailQuerySchema = fields({ token: tokenField('Token'), email: emailField })
export type VerifyEmailQuery = z.input<typeof verifyEmailQuerySchema>

/** POST v1/auth/forgot_password/: the same answer whether or not the account exists. */
export const forgotPasswordBodySchema = fields({
  email: emailField,
  portal: choiceField(PORTALS, { label: 'Portal', required: 'Portal is required' }),
})
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>
export const forgotPasswordAnswerSchema = noContent

/** POST v1/auth/reset_password/submit/ */
export const resetPasswordBodySchema = fields({
  token: tokenField('Token'),
  new_password: newPasswordField,
  conf_password: confirmationField,
})
  .superRefine(({ new_password, conf_password }, ctx) => matchingConfirmation(new_password, conf_password, ctx))
  .transform(({ new_password, ...body }) => ({ ...body, new_password: new_password ?? '' }))
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>
export const resetPasswordAnswerSchema = noContent

// ---- Change password (extension) --------------------------------------------------------------

/** POST v1/auth/change_password/ and v1/admin/change_password/; answers a tokenPairSchema. */
export const changePasswordBodySchema = fields({
  // Trimmed, as it always was: the stored password is compared with what is left.
  old_password: textField({
    label: 'Current password',
    required: 'Current password is required',
    max: CURRENT_PASSWORD_MAX_LENGTH,
  }),
  new_password: newPasswordField,
  conf_password: confirmationField,
})
  .superRefine(({ new_password, conf_password }, ctx) => matchingConfirmation(new_password, conf_password, ctx))
  .transform(({ new_password, ...body }) => ({ ...body, new_password: new_password ?? '' }))
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>

// ---- The admin's second factor ----------------------------------------------------------------

/** GET v1/admin/mfa/ */
export const mfaStatusSchema = z.object({ enabled: z.boolean(), recovery_codes_left: z.number() })
export type MfaStatus = z.output<typeof mfaStatusSchema>

/** POST v1/admin/mfa/setup/ (empty body): the secret to scan, the same one until confirmed. */
export const mfaSetupSchema = z.object({ secret: z.string(), otpauth_uri: z.string() })
export type MfaSetup = z.output<typeof mfaSetupSchema>

/** POST v1/admin/mfa/confirm/ */
export const mfaCodeBodySchema = fields({ code: mfaCodeField })
export type MfaCodeBody = z.input<typeof mfaCodeBodySchema>
export const mfaConfirmSchema = z.object({ recovery_codes: z.array(z.string()) })
export type MfaConfirm = z.output<typeof mfaConfirmSchema>
