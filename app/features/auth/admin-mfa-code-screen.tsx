import { Form } from '@remix-run/react'
import type { Toast } from '~/platform/toast'
import { AuthCard } from './auth-card'
import { AuthToast } from './auth-toast'
import { MfaCodeField } from './mfa-code-field'
import { SubmitButton, TextLink, useIsSubmitting } from './auth-ui'
import { FormError } from '~/components/ui/forms'
import { KeyRoundIcon, LockIcon } from '~/components/ui/icons'

export type CodeReply = { fieldError?: string; formError?: string[]; toast?: Toast } | undefined

/** The second step of an admin's sign-in: a code from the authenticator app, or a recovery code. */
export function SignInCodeScreen({ reply }: { reply: CodeReply }) {
  const pending = useIsSubmitting(null)
  return (
    <AuthCard
      icon={KeyRoundIcon}
      title="Two-factor authentication"
      description="Enter the 6-digit code from your authenticator app to finish signing in."
      footer={
        <p className="inline-flex items-center gap-2">
          <LockIcon className="h-4 w-4" aria-hidden />
          Secure healthcare provider access only
        </p>
      }
    >
      <AuthToast toast={reply?.toast} inline={false} />
      <FormError errors={reply?.formError} />
      <Form method="post" className="grid gap-2" noValidate>
        <MfaCodeField
          label="Authentication code"
          hint="No access to your app? Enter one of your recovery codes instead."
          error={reply?.fieldError}
          accepts="app-or-recovery-code"
          focusOnLoad
        />
        <SubmitButton pending={pending} pendingLabel="Verifying...">
          Verify
        </SubmitButton>
      </Form>
      <p className="text-center text-sm">
        <TextLink to="/admin/signin">Back to Sign In</TextLink>
      </p>
    </AuthCard>
  )
}
