// The signed-out forms' rules without zod, for the browser's check while someone types: zod and
// conform were most of what a sign-in or sign-up screen downloaded beyond the root
// (docs/decisions/233-signed-out-forms-without-conform.md). The server still parses every post
// with schemas.ts; those schemas use the same field rules below, and auth-checks.test.ts holds the
// two answers equal on every kind of input.
import { isValidEmail } from '~/../common/email'
import { checkPassword } from '~/../common/password-rules'
import { VALIDATION } from '~/platform/messages'

// Not in SPEC.md (its screen only disables the button until the box is ticked); the server needs
// words for a form posted without JavaScript. See docs/decisions/030-password-rules-checklist.md.
export const TERMS_REQUIRED = 'Please agree to the Terms of Service and Privacy Policy'

export const RESET_LINK_INCOMPLETE = 'This reset link is incomplete. Please request a new one.'

/** A form's values as the browser reads them (FormData's text entries by name). */
export type FormValues = Record<string, unknown>

/** Messages by field name, only for fields that have any; '' would be the whole form's. */
export type FieldErrors = Record<string, string[]>

/** A form's whole check: every field's messages, in SPEC.md §5's words. */
export type FormCheck = (values: FormValues) => FieldErrors

/** An e-mail address, trimmed: required, then the one address rule (common/email.ts). */
export function emailErrors(value: unknown): string[] {
  if (typeof value !== 'string' && value != null) return [VALIDATION.emailInvalid]
  const email = (value ?? '').trim()
  if (email === '') return [VALIDATION.emailRequired]
  return isValidEmail(email) ? [] : [VALIDATION.emailInvalid]
}

/** A password typed to sign in: only required (older passwords may predate the rules). */
export function currentPasswordErrors(value: unknown): string[] {
  return typeof value === 'string' && value !== '' ? [] : [VALIDATION.passwordRequired]
}

/** A new password: required, then one message per unmet rule (its checklist label). Not trimmed. */
export function newPasswordErrors(value: unknown): string[] {
  if (typeof value !== 'string' || value === '') return [VALIDATION.passwordRequired]
  return checkPassword(value).flatMap(({ rule, met }) => (met ? [] : [rule.label]))
}

/** The confirmation differs from the password (either may be empty). */
export function mismatchErrors(password: unknown, confirmation: unknown): string[] {
  return (password ?? '') === (confirmation ?? '') ? [] : [VALIDATION.passwordsMismatch]
}

/** A ticked checkbox as a form posts it. */
export const isTicked = (value: unknown) => value === 'on' || value === true || value === 'true'

function collect(fields: Record<string, string[]>): FieldErrors {
  const errors: FieldErrors = {}
  for (const [name, messages] of Object.entries(fields)) if (messages.length > 0) errors[name] = messages
  return errors
}

export const checkSignIn: FormCheck = (values) =>
  collect({ email: emailErrors(values.email), password: currentPasswordErrors(values.password) })

export const checkForgotPassword: FormCheck = (values) => collect({ email: emailErrors(values.email) })

export const checkSignUp: FormCheck = (values) =>
  collect({
    email: emailErrors(values.email),
    password: newPasswordErrors(values.password),
    confirmPassword: mismatchErrors(values.password, values.confirmPassword),
    agreeToTerms: isTicked(values.agreeToTerms) ? [] : [TERMS_REQUIRED],
  })

export const checkResetPassword: FormCheck = (values) =>
  collect({
    token: typeof values.token === 'string' && values.token !== '' ? [] : [RESET_LINK_INCOMPLETE],
    newPassword: newPasswordErrors(values.newPassword),
    confirmPassword: mismatchErrors(values.newPassword, values.confirmPassword),
  })
