import { Form, Link } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { PASSWORD_SUCCESS_CARD, slashVariant } from '~/platform/messages'
import { SIGN_IN_PATH, type Portal } from '~/platform/portal'
import type { Toast } from '~/platform/toast'
import { AuthCard } from './auth-card'
import { usePublicForm } from './public-form'
import { checkResetPassword } from './auth-checks'
import { firstInvalidField, SubmitButton, useIsSubmitting, type LastResult } from './auth-ui'
import { NewPasswordFields } from './new-password-fields'
import { AuthToast } from './auth-toast'
import { FormError } from '~/components/ui/forms'
import { CircleCheckIcon } from '~/components/ui/icons'
import { Svg, type IconProps } from '~/components/ui/shell-icons'
import { buttonVariants } from '~/components/ui/button'

// Drawn by this screen only, so it travels in this screen's own chunk rather than in the shared
// icons (components/ui/icons.tsx), which every screen downloads. The shape is lucide's.
const LockKeyholeIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="16" r="1" />
    <rect x="3" y="10" width="18" height="12" rx="2" />
    <path d="M7 10V7a5 5 0 0 1 10 0v3" />
  </Svg>
)

export type ResetPasswordActionData = { result?: LastResult; toast?: Toast } | undefined

// SPEC.md §2 words the card for both cases at once ('created/reset'); show the one that applies:
// a first password (an invitation or ?createPassword=true) is created, any other is reset.
function successText(createPassword: boolean) {
  return slashVariant(PASSWORD_SUCCESS_CARD, createPassword ? 'first' : 'second')
}

/**
 * The reset/create password screen of either portal (SPEC.md §2), reached from an e-mailed link.
 * One screen, parametrised by portal: each portal's sign-in is where it leads back to.
 */
export function ResetPasswordScreen({
  portal,
  token,
  createPassword,
  done,
  actionData,
}: {
  portal: Portal
  token: string
  createPassword: boolean
  done: boolean
  actionData: ResetPasswordActionData
}) {
  if (done) {
    return (
      <AuthCard
        icon={CircleCheckIcon}
        tone="success"
        title={successText(createPassword)}
        description="You can now sign in with your new password."
      >
        <Link to={SIGN_IN_PATH[portal]} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Continue to Sign In
        </Link>
      </AuthCard>
    )
  }
  return <ResetPasswordForm portal={portal} token={token} createPassword={createPassword} actionData={actionData} />
}

const FIELD_ORDER = ['newPassword', 'confirmPassword'] as const

function ResetPasswordForm({
  portal,
  token,
  createPassword,
  actionData,
}: {
  portal: Portal
  token: string
  createPassword: boolean
  actionData: ResetPasswordActionData
}) {
  const lastResult = actionData?.result
  const { form, formProps, fields, values } = usePublicForm(`${portal}-reset-password`, FIELD_ORDER, checkResetPassword, lastResult)
  const hydrated = useHydrated()
  const pending = useIsSubmitting()
  const focus = firstInvalidField(lastResult, FIELD_ORDER)
  // SPEC.md §5: with JavaScript, the button waits for every rule and a matching confirmation.
  const blocked = hydrated && Object.keys(checkResetPassword({ ...values, token })).length > 0
  const hintId = `${form.id}-ready-hint`
  return (
    <AuthCard
      icon={LockKeyholeIcon}
      title={createPassword ? 'Create Your Password' : 'Change Your Password'}
      description={
        createPassword
          ? 'Choose a password to finish setting up your account.'
          : 'Choose a new password for your account.'
      }
    >
      {/* Without JavaScript the form error already says what the toast would. */}
      <AuthToast toast={actionData?.toast} inline={!form.errors?.includes(actionData?.toast?.title ?? '')} />
      <FormError id={form.errorId} errors={form.errors} />
      <Form method="post" {...formProps} className="grid gap-2">
        <input type="hidden" name="token" value={token} />
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
        >
          Update Password
        </SubmitButton>
        {blocked ? (
          <p id={hintId} className="text-center text-xs text-muted-foreground">
            Meet every requirement and confirm the password to continue.
          </p>
        ) : null}
      </Form>
    </AuthCard>
  )
}
