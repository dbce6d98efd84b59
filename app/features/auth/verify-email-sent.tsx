import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { RESEND_INTENT } from './intents'
import { AuthCard } from './auth-card'
import { SubmitButton, TextLink, useIsSubmitting } from './auth-ui'
import { MailCheckIcon } from '~/components/ui/icons'

/** The "Resend verification link" form: posts the address with intent=resend to this page. */
export function ResendVerificationForm({
  email,
  hiddenInputs,
  variant = 'outline',
}: {
  email: string
  /** e.g. the sign-up page's honeypot fields. */
  hiddenInputs?: ReactNode
  variant?: 'outline' | 'default'
}) {
  const pending = useIsSubmitting(RESEND_INTENT)
  return (
    <Form method="post" className="grid">
      {hiddenInputs}
      <input type="hidden" name="email" value={email} />
      <SubmitButton name="intent" value={RESEND_INTENT} variant={variant} pending={pending} pendingLabel="Sending...">
        Resend verification link
      </SubmitButton>
    </Form>
  )
}

/** SPEC.md §2's check-your-inbox state ('Please verify your email'), after sign-up or a resend. */
export function VerifyEmailSent({ email, hiddenInputs }: { email: string; hiddenInputs?: ReactNode }) {
  return (
    <AuthCard
      icon={MailCheckIcon}
      title="Please verify your email"
      description={
        <>
          We sent a verification link to <strong className="break-all font-semibold text-foreground">{email}</strong>.
          Open it to activate your account.
        </>
      }
      footer={
        <p>
          Already verified? <TextLink to="/customer/signin">Sign in</TextLink>
        </p>
      }
    >
      <p className="text-center text-sm text-muted-foreground">
        Can&apos;t find the email? Check your spam or junk folder, or send a new link.
      </p>
      <ResendVerificationForm email={email} hiddenInputs={hiddenInputs} />
    </AuthCard>
  )
}
