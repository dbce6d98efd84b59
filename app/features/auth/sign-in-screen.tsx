import { Form } from '@remix-run/react'
import type { Portal } from '~/platform/portal'
import type { Toast } from '~/platform/toast'
import { AuthCard } from './auth-card'
import { EmailField } from './email-field'
import { usePublicForm } from './public-form'
import { checkSignIn } from './auth-checks'
import {
  firstInvalidField,
  SubmitButton,
  TextLink,
  useIsSubmitting,
  type LastResult,
} from './auth-ui'
import { AuthToast } from './auth-toast'
import { ResendVerificationForm, VerifyEmailSent } from './verify-email-sent'
import { FormError } from '~/components/ui/forms'
import { HeartPulseIcon, LockIcon } from '~/components/ui/icons'
import { Svg, type IconProps } from '~/components/ui/shell-icons'
import { PasswordField } from './password-field'

// Drawn by this screen only, so it travels in this screen's own chunk rather than in the shared
// icons (components/ui/icons.tsx), which every screen downloads. The shape is lucide's.
const ShieldCheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z" />
    <path d="m9 12 2 2 4-4" />
  </Svg>
)

const COPY = {
  customer: {
    icon: HeartPulseIcon,
    title: 'Sign in to your account',
    description: 'Welcome back. Sign in to keep track of your health journey.',
    submit: 'Sign In',
    forgotHref: '/customer/forgot-password',
  },
  admin: {
    icon: ShieldCheckIcon,
    title: 'Admin Portal',
    description: 'Healthcare Provider Access',
    submit: 'Access Admin Portal',
    forgotHref: '/admin/forgot-password',
  },
} as const

const FIELD_ORDER = ['email', 'password'] as const

export type SignInScreenProps = {
  portal: Portal
  redirectTo: string | null
  /** The e-mail address to start with (from the verified screen's link). */
  email?: string | null
  lastResult: LastResult
  toast?: Toast
  /** Set after the provider said the address is not verified yet (customer only). */
  unverifiedEmail?: string
  /** Set after a resend from this screen went through: the screen shows the inbox state. */
  verificationSentTo?: string
}

/** What a sign-in action may answer: a form reply, or the result of a resend. */
export type SignInActionData =
  | {
      result?: LastResult
      toast?: Toast
      unverifiedEmail?: string
      resend?: { status: 'sent' | 'failed'; email: string }
    }
  | undefined

export function signInScreenState(actionData: SignInActionData) {
  return {
    lastResult: actionData?.result,
    toast: actionData?.toast,
    unverifiedEmail:
      actionData?.unverifiedEmail ??
      (actionData?.resend?.status === 'failed' ? actionData.resend.email : undefined),
    verificationSentTo: actionData?.resend?.status === 'sent' ? actionData.resend.email : undefined,
  }
}

/** Sign-in for either portal (SPEC.md §2): same form, the portal's own words and links. */
export function SignInScreen({
  portal,
  redirectTo,
  email,
  lastResult,
  toast,
  unverifiedEmail,
  verificationSentTo,
}: SignInScreenProps) {
  const copy = COPY[portal]
  const { form, formProps, fields } = usePublicForm(`${portal}-signin`, FIELD_ORDER, checkSignIn, lastResult)
  const pending = useIsSubmitting(null)
  const focus = firstInvalidField(lastResult, FIELD_ORDER)

  if (verificationSentTo) {
    return (
      <div className="grid gap-4">
        <AuthToast toast={toast} />
        <VerifyEmailSent email={verificationSentTo} />
      </div>
    )
  }

  return (
    <AuthCard
      icon={copy.icon}
      title={copy.title}
      description={copy.description}
      footer={
        portal === 'customer' ? (
          <p>
            Don&apos;t have an account? <TextLink to="/customer/signup">Sign up</TextLink>
          </p>
        ) : (
          <p className="inline-flex items-center gap-2">
            <LockIcon className="h-4 w-4" aria-hidden />
            Secure healthcare provider access only
          </p>
        )
      }
    >
      <AuthToast toast={toast} />
      <FormError id={form.errorId} errors={form.errors} />
      {unverifiedEmail ? <ResendVerificationForm email={unverifiedEmail} /> : null}
      <Form method="post" {...formProps} className="grid gap-2">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <EmailField field={fields.email} focusFirst={focus === 'email'} prefill={email} />
        <PasswordField
          label="Password"
          inputProps={{
            id: fields.password.id,
            name: fields.password.name,
            autoComplete: 'current-password',
            autoFocus: focus === 'password',
          }}
          errors={fields.password.errors}
        />
        <div className="-mt-1 mb-2 flex justify-end">
          <TextLink to={copy.forgotHref} className="text-sm">
            Forgot password?
          </TextLink>
        </div>
        <SubmitButton pending={pending} pendingLabel="Signing In...">
          {copy.submit}
        </SubmitButton>
      </Form>
    </AuthCard>
  )
}
