import { Form, Link } from '@remix-run/react'
import { Download, TriangleAlert } from 'lucide-react'
import type { ClosureTerms } from '~/../common/contract/account-closure'
import { AuthToast } from '~/features/auth/auth-toast'
import { firstInvalidField, SubmitButton, useAuthForm, useIsSubmitting } from '~/features/auth/form-parts'
import { PasswordField } from '~/features/auth/password-field'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { buttonVariants } from '~/components/ui/button'
import { FormError } from '~/components/ui/forms'
import { LoadFailed } from '~/components/ui/load-failed'
import { PageHeader } from '~/components/ui/page-header'
import { Section } from '~/components/ui/titled-section'
import type { FormReply } from '~/platform/form-replies.server'
import { closeAccountSchema, YOUR_DATA_PAGE } from './account-closure'

const FIELD_ORDER = ['password'] as const

/**
 * Close my account: what happens, what the clinic keeps and for how long, the download first,
 * then the password again. A plain form: it works without JavaScript (the server checks the same
 * schema and answers with the errors).
 */
export function CloseAccountScreen({
  terms,
  error,
  actionData,
}: {
  terms: ClosureTerms | null
  error: string | null
  actionData: FormReply | undefined
}) {
  return (
    <div className="grid max-w-2xl grid-cols-1 gap-6 [&>*]:min-w-0">
      <PageHeader
        title="Close your account"
        description="Closing your account signs you out everywhere and stops everything BariCare sends you. It cannot be undone."
      />
      {terms ? <ClosingTerms terms={terms} actionData={actionData} /> : <LoadFailed title="This page could not be loaded" message={error ?? ''} />}
    </div>
  )
}

function ClosingTerms({ terms, actionData }: { terms: ClosureTerms; actionData: FormReply | undefined }) {
  const years = `${terms.retention_years} ${terms.retention_years === 1 ? 'year' : 'years'}`
  return (
    <>
      <Section id="download-first" title="First, download your record" description="Keep a copy of everything you logged before you close your account.">
        <div>
          <Link to={YOUR_DATA_PAGE} className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden />
            Download my record
          </Link>
        </div>
      </Section>
      <Section id="what-happens" title="What happens when you close your account">
        <ul className="grid list-disc gap-2 pl-5 text-sm leading-relaxed">
          <li>You are signed out on every device, and you can no longer sign in.</li>
          <li>Reminders stop, and no more e-mails are sent to you.</li>
          <li>A connected Withings account is disconnected, and BariCare&apos;s access to it is revoked at Withings.</li>
          <li>Your address, phone number and device details are deleted.</li>
          <li>
            {terms.email_reuse
              ? 'Your e-mail address is released: you can use it to sign up again later.'
              : 'Your e-mail address stays with the closed account and cannot be used to sign up again.'}
          </li>
        </ul>
      </Section>
      <Section id="what-is-kept" title="What your clinic keeps">
        <p className="text-sm leading-relaxed">
          Your health record stays with your clinic, as the law requires for medical records: your logged entries,
          your surgery and medical history, and your messages with the care team. Your care team can still read it, but
          nothing can be added to it. It is deleted {years} after you close your account.
        </p>
      </Section>
      <CloseAccountForm actionData={actionData} />
    </>
  )
}

function CloseAccountForm({ actionData }: { actionData: FormReply | undefined }) {
  const lastResult = actionData?.result
  const [form, fields] = useAuthForm('close-account', closeAccountSchema, lastResult)
  const pending = useIsSubmitting()
  const focus = firstInvalidField(lastResult, FIELD_ORDER)
  return (
    <Section id="confirm-close" title="Confirm with your password" description="Enter your password to confirm that it is you.">
      <Alert variant="destructive" role="note">
        <TriangleAlert className="h-4 w-4" aria-hidden />
        <AlertTitle>This cannot be undone</AlertTitle>
        <AlertDescription>You will be signed out as soon as your account is closed.</AlertDescription>
      </Alert>
      <AuthToast toast={actionData?.toast} />
      <FormError id={form.errorId} errors={form.errors} />
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-4">
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
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
          <Link to="/customer/dashboard" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Keep my account
          </Link>
          <SubmitButton pending={pending} pendingLabel="Closing account..." variant="destructive" className="sm:w-auto">
            Close my account
          </SubmitButton>
        </div>
      </Form>
    </Section>
  )
}
