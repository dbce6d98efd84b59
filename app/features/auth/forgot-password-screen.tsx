import { Form, Link } from '@remix-run/react'
import { SIGN_IN_PATH, type Portal } from '~/platform/portal'
import type { Toast } from '~/platform/toast'
import { AuthCard } from './auth-card'
import { EmailField } from './email-field'
import { usePublicForm } from './public-form'
import { checkForgotPassword } from './auth-checks'
import { firstInvalidField, SubmitButton, TextLink, useIsSubmitting, type LastResult } from './auth-ui'
import { AuthToast } from './auth-toast'
import { KeyRoundIcon, MailCheckIcon } from '~/components/ui/icons'
import { Svg, type IconProps } from '~/components/ui/shell-icons'
import { buttonVariants } from '~/components/ui/button'

// Drawn by this screen only, so it travels in this screen's own chunk rather than in the shared
// icons (components/ui/icons.tsx), which every screen downloads. The shape is lucide's.
const ArrowLeftIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m12 19-7-7 7-7" />
    <path d="M19 12H5" />
  </Svg>
)

export type ForgotPasswordActionData = { result?: LastResult; toast?: Toast } | undefined

/** Forgot password for either portal (SPEC.md §2): one e-mail field, then always "sent". */
export function ForgotPasswordScreen({
  portal,
  sent,
  actionData,
}: {
  portal: Portal
  sent: boolean
  actionData: ForgotPasswordActionData
}) {
  const signIn = SIGN_IN_PATH[portal]
  if (sent) {
    return (
      <AuthCard
        icon={MailCheckIcon}
        tone="success"
        title="Password reset link sent"
        description="If an account exists for that email, you will receive a link to choose a new password. The link is valid for a limited time."
        footer={
          portal === 'customer' ? (
            <BackToSignIn href={signIn} />
          ) : null
        }
      >
        <p className="text-center text-sm text-muted-foreground">
          Can&apos;t find it? Check your spam or junk folder.
        </p>
        <Link to={signIn} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Return to Sign In
        </Link>
      </AuthCard>
    )
  }
  return <ForgotPasswordForm portal={portal} actionData={actionData} />
}

function BackToSignIn({ href }: { href: string }) {
  return (
    <TextLink to={href} className="inline-flex items-center gap-1.5">
      <ArrowLeftIcon className="h-4 w-4" aria-hidden />
      Back to Sign In
    </TextLink>
  )
}

function ForgotPasswordForm({ portal, actionData }: { portal: Portal; actionData: ForgotPasswordActionData }) {
  const lastResult = actionData?.result
  const { formProps, fields } = usePublicForm(`${portal}-forgot-password`, ['email'], checkForgotPassword, lastResult)
  const pending = useIsSubmitting()
  const focus = firstInvalidField(lastResult, ['email'])
  return (
    <AuthCard
      icon={KeyRoundIcon}
      title="Forgot your password?"
      description="Enter the email you signed up with and we'll send you a link to reset your password."
      footer={<BackToSignIn href={SIGN_IN_PATH[portal]} />}
    >
      <AuthToast toast={actionData?.toast} />
      <Form method="post" {...formProps} className="grid gap-2">
        <EmailField field={fields.email} focusFirst={focus === 'email'} />
        <SubmitButton pending={pending} pendingLabel="Sending...">
          Send Reset Link
        </SubmitButton>
      </Form>
    </AuthCard>
  )
}
