// The auth forms' schemas, used by conform on the client (live validation) and by the actions on
// the server (the same rules without JavaScript). Messages are SPEC.md §5's, from messages.ts.
import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { isValidEmail } from '~/../common/email'
import { VALIDATION } from '~/platform/messages'
import { newPasswordSchema as rulesSchema } from './password-rules'


// Not in SPEC.md (its screen only disables the button until the box is ticked); the server needs
// words for a form posted without JavaScript. See docs/decisions/030-password-rules-checklist.md.
export const TERMS_REQUIRED = 'Please agree to the Terms of Service and Privacy Policy'

// A missing field reads as ''. That keeps every field's check a refinement (a "dirty" result, not
// an abort), so zod still runs the object-level checks: 'Passwords do not match' shows together
// with 'Email is required'.
const text = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => value ?? '', schema)

export const emailSchema = text(
  z
    .string({ invalid_type_error: VALIDATION.emailInvalid })
    .trim()
    .superRefine((email, ctx) => {
      if (email === '') ctx.addIssue({ code: 'custom', message: VALIDATION.emailRequired })
      // The one rule, the API's too (common/email.ts): SPEC.md §5's shape, one address only.
      else if (!isValidEmail(email)) ctx.addIssue({ code: 'custom', message: VALIDATION.emailInvalid })
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

const checkbox = z.preprocess((value) => value === 'on' || value === true || value === 'true', z.boolean())

function passwordsMatch<T extends z.ZodTypeAny>(schema: T, password: string, confirmation: string) {
  return schema.superRefine((value: Record<string, unknown>, ctx) => {
    if ((value[password] ?? '') !== (value[confirmation] ?? '')) {
      ctx.addIssue({ code: 'custom', path: [confirmation], message: VALIDATION.passwordsMismatch })
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
    token: text(z.string().min(1, 'This reset link is incomplete. Please request a new one.')),
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
