// The auth forms' schemas, used by the actions on the server (and by the change-password form in
// the browser). The signed-out forms' browser check is auth-checks.ts, without zod; the field rules
// here call the same functions, and auth-checks.test.ts holds the two equal. Messages are SPEC.md
// §5's, from messages.ts.
import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { VALIDATION } from '~/platform/messages'
import { newPasswordSchema as rulesSchema } from './password-rules'
import { emailErrors, isTicked, mismatchErrors, RESET_LINK_INCOMPLETE, TERMS_REQUIRED } from './auth-checks'

export { TERMS_REQUIRED } from './auth-checks'

// A missing field reads as ''. That keeps every field's check a refinement (a "dirty" result, not
// an abort), so zod still runs the object-level checks: 'Passwords do not match' shows together
// with 'Email is required'.
const text = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => value ?? '', schema)

export const emailSchema = text(
  z
    .string({ invalid_type_error: VALIDATION.emailInvalid })
    .trim()
    .superRefine((email, ctx) => {
      // Required, then the one rule, the API's too (common/email.ts): SPEC.md §5's shape, one address only.
      for (const message of emailErrors(email)) ctx.addIssue({ code: 'custom', message })
    }),
)

/** A password being typed to sign in: only required (older passwords may predate the rules). */
export const currentPasswordSchema = text(
  z.string({ invalid_type_error: VALIDATION.passwordRequired }).min(1, VALIDATION.passwordRequired),
)

/** A new password: required plus one issue per unmet rule (see password-rules.ts). */
export const newPasswordSchema = text(rulesSchema)

/** Anything the user may leave empty; kept for the confirmation comparison. */
const optionalText = text(z.string())

const checkbox = z.preprocess(isTicked, z.boolean())

function passwordsMatch<T extends z.ZodTypeAny>(schema: T, password: string, confirmation: string) {
  return schema.superRefine((value: Record<string, unknown>, ctx) => {
    for (const message of mismatchErrors(value[password], value[confirmation])) {
      ctx.addIssue({ code: 'custom', path: [confirmation], message })
    }
  })
}

export const signInSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  redirectTo: z.string().optional(),
})

export const signUpSchema = passwordsMatch(
  z.object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: optionalText,
    agreeToTerms: checkbox.refine(Boolean, TERMS_REQUIRED),
  }),
  'password',
  'confirmPassword',
)

export const forgotPasswordSchema = z.object({ email: emailSchema })

/** The e-mail of a "resend verification link" form (a hidden field, so only checked for shape). */
export const resendVerificationSchema = z.object({ email: emailSchema })

export const resetPasswordSchema = passwordsMatch(
  z.object({
    token: text(z.string().min(1, RESET_LINK_INCOMPLETE)),
    newPassword: newPasswordSchema,
    confirmPassword: optionalText,
  }),
  'newPassword',
  'confirmPassword',
)

export type SignInValues = z.infer<typeof signInSchema>
export type SignUpValues = z.infer<typeof signUpSchema>
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>

/**
 * conform's parse with these schemas, on either side. conform's automatic coercion is off: it
 * would turn '' back into `undefined` inside our preprocessing and answer zod's 'Required'
 * instead of SPEC.md's messages.
 */
export function parseAuthForm<Schema extends z.ZodTypeAny>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true })
}
