// Sign-in, sign-up, e-mail links, tokens, sign-out, passwords and the admin's profile and second
// factor (SPEC.md §7; docs/provider-api.md "Extensions", "Two-factor sign-in"). Server code only
// (zod): the app's *.server.ts and the API. The API keeps its field readers (provider/validation.ts)
// for SPEC.md §5's messages; these describe the shapes.
import { z } from 'zod'
import { PORTALS } from './auth-values'
import { specAdminSessionSchema, specAdminUserSchema, specRefreshSchema, specTokenPairSchema } from './spec'

/** Answers that carry nothing but their message. */
const noContent = z.null()

// ---- Sign-in ----------------------------------------------------------------------------------

/** POST v1/auth/login/ and v1/admin/login/ */
export const credentialsBodySchema = z.object({
  email: z.string(),
  password: z.string(),
  /** Extension: the `device_token` a successful sign-in to this account gave this browser. */
  device_token: z.string().optional(),
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

/** POST v1/admin/login/mfa/ */
export const mfaLoginBodySchema = z.object({ mfa_token: z.string(), code: z.string() })
export type MfaLoginBody = z.input<typeof mfaLoginBodySchema>

// ---- Tokens and sign-out ----------------------------------------------------------------------

/** POST v1/auth/token/refresh/ and v1/admin/token/refresh/ */
export const refreshBodySchema = z.object({ refresh: z.string() })
export type RefreshBody = z.input<typeof refreshBodySchema>
/** Our API sends `access` only, as SPEC.md does; `refresh` is a rotating provider's (spec.ts). */
export const refreshAnswerSchema = specRefreshSchema.extend({ refresh: z.string().optional() })
export type RefreshAnswer = z.output<typeof refreshAnswerSchema>

/** POST v1/auth/logout/ (either portal): the refresh token and/or the bearer token. */
export const logoutBodySchema = z.object({ refresh: z.string().optional() })
export type LogoutBody = z.input<typeof logoutBodySchema>
export const logoutAnswerSchema = noContent

// ---- Sign-up and e-mail links -----------------------------------------------------------------

/** POST v1/auth/signup/ */
export const signUpBodySchema = z.object({ email: z.string(), password: z.string(), conf_password: z.string() })
export type SignUpBody = z.input<typeof signUpBodySchema>
/** Sign-up and GET v1/auth/verify-email-token/ answer the (normalised) e-mail. */
export const emailAnswerSchema = z.object({ email: z.string() })
export type EmailAnswer = z.output<typeof emailAnswerSchema>

/** POST v1/auth/resend-verify-email/ */
export const resendVerificationBodySchema = z.object({ email: z.string() })
export const resendVerificationAnswerSchema = noContent

/** GET v1/auth/verify-email-token/?token=&email= */
export const verifyEmailQuerySchema = z.object({ token: z.string(), email: z.string() })
export type VerifyEmailQuery = z.input<typeof verifyEmailQuerySchema>

/** POST v1/auth/forgot_password/: the same answer whether or not the account exists. */
export const forgotPasswordBodySchema = z.object({ email: z.string(), portal: z.enum(PORTALS) })
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>
export const forgotPasswordAnswerSchema = noContent

/** POST v1/auth/reset_password/submit/ */
export const resetPasswordBodySchema = z.object({ token: z.string(), new_password: z.string(), conf_password: z.string() })
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>
export const resetPasswordAnswerSchema = noContent

// ---- Change password (extension) --------------------------------------------------------------

/** POST v1/auth/change_password/ and v1/admin/change_password/; answers a tokenPairSchema. */
export const changePasswordBodySchema = z.object({
  old_password: z.string(),
  new_password: z.string(),
  conf_password: z.string(),
})
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>

// ---- The admin's second factor ----------------------------------------------------------------

/** GET v1/admin/mfa/ */
export const mfaStatusSchema = z.object({ enabled: z.boolean(), recovery_codes_left: z.number() })
export type MfaStatus = z.output<typeof mfaStatusSchema>

/** POST v1/admin/mfa/setup/ (empty body): the secret to scan, the same one until confirmed. */
export const mfaSetupSchema = z.object({ secret: z.string(), otpauth_uri: z.string() })
export type MfaSetup = z.output<typeof mfaSetupSchema>

/** POST v1/admin/mfa/confirm/ */
export const mfaCodeBodySchema = z.object({ code: z.string() })
export type MfaCodeBody = z.input<typeof mfaCodeBodySchema>
export const mfaConfirmSchema = z.object({ recovery_codes: z.array(z.string()) })
export type MfaConfirm = z.output<typeof mfaConfirmSchema>
