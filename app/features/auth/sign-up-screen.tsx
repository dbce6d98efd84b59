import { Form } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import type { Toast } from '~/platform/toast'
import { AuthCard } from './auth-card'
import { EmailField } from './email-field'
import { usePublicForm } from './public-form'
import { checkSignUp } from './auth-checks'
import {
  ExternalLink,
  firstInvalidField,
  SubmitButton,
  TextLink,
  useIsSubmitting,
  type LastResult,
} from './auth-ui'
import { NewPasswordFields } from './new-password-fields'
import { AuthToast } from './auth-toast'
import { VerifyEmailSent } from './verify-email-sent'
import { ErrorList, FormError } from '~/components/ui/forms'
import { Svg, type IconProps } from '~/components/ui/shell-icons'
import { NativeCheckbox } from '~/components/ui/native-checkbox'
import { Label } from '~/components/ui/label'

// Drawn by this screen only, so it travels in this screen's own chunk rather than in the shared
// icons (components/ui/icons.tsx), which every screen downloads. The shape is lucide's.
const UserPlusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M19 8v6M22 11h-6" />
  </Svg>
)

export type SignUpActionData =
  | { result?: LastResult; toast?: Toast; resend?: { status: 'sent' | 'failed'; email: string } }
  | undefined

const FIELD_ORDER = ['email', 'password', 'confirmPassword', 'agreeToTerms'] as const

/**
 * Customer sign-up (SPEC.md §2). Must sit inside remix-utils' HoneypotProvider (the route
 * supplies it) so that both forms carry the bot trap.
 */
export function SignUpScreen({
  sentTo,
  termsUrl,
  privacyUrl,
  actionData,
}: {
  sentTo: string | null
  termsUrl: string
  privacyUrl: string
  actionData: SignUpActionData
}) {
  if (sentTo) {
    return (
      <div className="grid gap-4">
        <AuthToast toast={actionData?.toast} />
        <VerifyEmailSent email={sentTo} hiddenInputs={<HoneypotInputs />} />
      </div>
    )
  }
  return <SignUpForm termsUrl={termsUrl} privacyUrl={privacyUrl} lastResult={actionData?.result} toast={actionData?.toast} />
}

function SignUpForm({
  termsUrl,
  privacyUrl,
  lastResult,
  toast,
}: {
  termsUrl: string
  privacyUrl: string
  lastResult: LastResult
  toast?: Toast
}) {
  const { form, formProps, fields, values } = usePublicForm('customer-signup', FIELD_ORDER, checkSignUp, lastResult)
  const hydrated = useHydrated()
  const pending = useIsSubmitting(null)
  const focus = firstInvalidField(lastResult, FIELD_ORDER)
  // SPEC.md §5: with JavaScript the button waits for a valid e-mail, every rule, matching
  // passwords and the terms. Without it the button always works and the server checks.
  const blocked = hydrated && Object.keys(checkSignUp(values)).length > 0
  const termsErrorId = `${fields.agreeToTerms.id}-error`
  const termsInvalid = Boolean(fields.agreeToTerms.errors?.length)
  const readyHintId = `${form.id}-ready-hint`

  return (
    <AuthCard
      icon={UserPlusIcon}
      title="Create your account"
      description="Sign up to track your weight, sleep and meals, and share progress with your care team."
      footer={
        <p>
          Already have an account? <TextLink to="/customer/signin">Sign in</TextLink>
        </p>
      }
    >
      <AuthToast toast={toast} />
      <FormError id={form.errorId} errors={form.errors} />
      <Form method="post" {...formProps} className="grid gap-2">
        <HoneypotInputs />
        <EmailField field={fields.email} focusFirst={focus === 'email'} />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.confirmPassword}
          labels={{ password: 'Password', confirmation: 'Confirm Password' }}
          focusOnLoad={focus === 'password' ? 'password' : focus === 'confirmPassword' ? 'confirmation' : undefined}
        />
        <div className="grid gap-1.5">
          <div className="flex items-start gap-3">
            <NativeCheckbox
              id={fields.agreeToTerms.id}
              name={fields.agreeToTerms.name}
              defaultChecked={fields.agreeToTerms.initialValue === 'on'}
              aria-invalid={termsInvalid || undefined}
              aria-describedby={termsInvalid ? termsErrorId : undefined}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- only after a failed submit without JavaScript
              autoFocus={focus === 'agreeToTerms'}
              className="mt-0.5"
            />
            <Label htmlFor={fields.agreeToTerms.id} className="text-sm font-normal leading-snug">
              I agree to the <ExternalLink href={termsUrl}>Terms of Service</ExternalLink> and{' '}
              <ExternalLink href={privacyUrl}>Privacy Policy</ExternalLink>
            </Label>
          </div>
          <ErrorList id={termsErrorId} errors={fields.agreeToTerms.errors} className="pl-8" />
        </div>
        <SubmitButton
          pending={pending}
          pendingLabel="Signing Up..."
          disabled={blocked}
          aria-describedby={blocked ? readyHintId : undefined}
        >
          Sign Up
        </SubmitButton>
        {blocked ? (
          <p id={readyHintId} className="text-center text-xs text-muted-foreground">
            Enter a valid email, meet every password requirement, confirm it and agree to the terms to continue.
          </p>
        ) : null}
      </Form>
    </AuthCard>
  )
}
