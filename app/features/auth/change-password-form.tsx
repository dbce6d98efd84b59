import { Form } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { changePasswordSchema } from './change-password'
import { firstInvalidField, SubmitButton, useAuthForm, useIsSubmitting } from './form-parts'
import { NewPasswordFields } from './new-password-fields'
import { AuthToast } from './auth-toast'
import { FormError } from '~/components/ui/forms'
import { PasswordField } from './password-field'
import { PageHeader } from '~/components/ui/page-header'
import { Card, CardContent } from '~/components/ui/card'
import type { FormReply } from '~/platform/form-replies.server'

const FIELD_ORDER = ['currentPassword', 'newPassword', 'confirmPassword'] as const

/**
 * Change password, for the patient app and the admin portal alike: the current password, then a
 * new one with the same live checklist as the auth screens. Works without JavaScript (the server
 * checks the same schema and answers with the errors).
 */
export function ChangePasswordScreen({ id, actionData }: { id: string; actionData: FormReply | undefined }) {
  const lastResult = actionData?.result
  const [form, fields] = useAuthForm(id, changePasswordSchema, lastResult)
  const hydrated = useHydrated()
  const pending = useIsSubmitting()
  const focus = firstInvalidField(lastResult, FIELD_ORDER)
  // SPEC.md §5 (reset/create): with JavaScript, the button waits for every rule and a match.
  const ready = changePasswordSchema.safeParse({
    currentPassword: fields.currentPassword.value,
    newPassword: fields.newPassword.value,
    confirmPassword: fields.confirmPassword.value,
  }).success
  const blocked = hydrated && !ready
  const hintId = `${form.id}-ready-hint`
  return (
    <div className="grid max-w-xl gap-6">
      <PageHeader title="Change Password" description="Enter your current password, then choose a new one." />
      <Card>
        <CardContent className="pt-6">
          <AuthToast toast={actionData?.toast} className="mb-4" />
          <FormError id={form.errorId} errors={form.errors} />
          <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-2 grid gap-2">
            <PasswordField
              label="Current Password"
              inputProps={{
                id: fields.currentPassword.id,
                name: fields.currentPassword.name,
                autoComplete: 'current-password',
                autoFocus: focus === 'currentPassword',
              }}
              errors={fields.currentPassword.errors}
            />
            <NewPasswordFields
              password={fields.newPassword}
              confirmation={fields.confirmPassword}
              labels={{ password: 'New Password', confirmation: 'Confirm New Password' }}
              focusOnLoad={focus === 'newPassword' ? 'password' : focus === 'confirmPassword' ? 'confirmation' : undefined}
            />
            <SubmitButton
              pending={pending}
              pendingLabel="Updating Password..."
              disabled={blocked}
              aria-describedby={blocked ? hintId : undefined}
              className="sm:w-auto sm:justify-self-start"
            >
              Update Password
            </SubmitButton>
            {blocked ? (
              <p id={hintId} className="text-xs text-muted-foreground">
                Enter your current password, meet every requirement and confirm the new password to continue.
              </p>
            ) : null}
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
