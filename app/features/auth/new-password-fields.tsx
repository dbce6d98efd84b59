import { VALIDATION } from '~/platform/messages'
import { isPasswordRuleMessage } from '~/../common/password-rules'
import type { ListOfErrors } from '~/components/ui/forms'
import { PasswordChecklist } from './password-checklist'
import { PasswordField } from './password-field'

type FieldLike = { id: string; name: string; value?: unknown; errors?: ListOfErrors }

/**
 * A new password and its confirmation with the live requirement checklist between them
 * (sign-up, reset/create, and change password). Unmet rules show in the checklist, which the
 * password input points to with aria-describedby; other errors show under the fields.
 */
export function NewPasswordFields({
  password,
  confirmation,
  labels,
  focusOnLoad,
}: {
  password: FieldLike
  confirmation: FieldLike
  labels: { password: string; confirmation: string }
  /** The field to focus on load (a failed submit without JavaScript). */
  focusOnLoad?: 'password' | 'confirmation'
}) {
  const checklistId = `${password.id}-rules`
  const passwordErrors = password.errors?.filter(Boolean) ?? []
  const value = typeof password.value === 'string' ? password.value : undefined
  const confirmationErrors = withLiveMismatch(value ?? '', confirmation)
  return (
    <div className="grid gap-2">
      <PasswordField
        label={labels.password}
        inputProps={{
          id: password.id,
          name: password.name,
          autoComplete: 'new-password',
          // Only after a failed submit without JavaScript: focus goes to the first invalid field.
          autoFocus: focusOnLoad === 'password',
        }}
        errors={passwordErrors.filter((e) => !isPasswordRuleMessage(e))}
        invalid={passwordErrors.length > 0}
        describedBy={checklistId}
      />
      <PasswordChecklist id={checklistId} password={value} errors={passwordErrors} className="-mt-3 mb-2" />
      <PasswordField
        label={labels.confirmation}
        inputProps={{
          id: confirmation.id,
          name: confirmation.name,
          autoComplete: 'new-password',
          autoFocus: focusOnLoad === 'confirmation',
        }}
        errors={confirmationErrors}
      />
    </div>
  )
}

/**
 * SPEC.md §5's 'Passwords do not match', live: once the confirmation is as long as the password
 * (or longer) and still differs, the patient sees why the button waits, without leaving the field.
 * Leaving the field shows it too (the form validates on blur). Pure, so the server render matches.
 */
export function withLiveMismatch(password: string, confirmation: FieldLike): ListOfErrors {
  const errors = confirmation.errors?.filter(Boolean) ?? []
  const typed = typeof confirmation.value === 'string' ? confirmation.value : ''
  const differs = typed !== '' && typed.length >= password.length && typed !== password
  if (!differs || errors.includes(VALIDATION.passwordsMismatch)) return errors
  return [...errors, VALIDATION.passwordsMismatch]
}
