import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Lock } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { ErrorList, FormError } from '~/components/ui/forms'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { AuthToast } from '~/features/auth/auth-toast'
import { formatDay } from '~/platform/formats'
import { lazyModule } from '~/platform/lazy-module'
import type { Toast } from '~/platform/toast'
import type { SubmissionResult } from '@conform-to/react'
import { CLOSE_PATIENT_FORM_ID, CLOSE_PATIENT_INTENT } from './close-patient-ids'

const useValidation = lazyModule(() => import('./close-patient-validation'))

export type PatientClosure = {
  closed_at: string
  closed_by: 'patient' | 'admin'
  reference: string | null
  delete_after: string | null
}

/** The admin record's line for a closed account: when, by whom, and until when it is kept. */
export function AccountClosedNotice({ closure }: { closure: PatientClosure }) {
  return (
    <Alert data-testid="account-closed">
      <Lock className="h-4 w-4" aria-hidden />
      <AlertTitle>Account closed on {formatDay(closure.closed_at.slice(0, 10))}</AlertTitle>
      <AlertDescription>
        <p>
          {closure.closed_by === 'patient'
            ? 'Closed by the patient.'
            : `Closed by a Super Admin on the patient's written request${closure.reference ? ` (${closure.reference})` : ''}.`}{' '}
          The record is read-only
          {closure.delete_after ? ` and will be deleted on ${formatDay(closure.delete_after)}, when the retention period ends` : ''}.
        </p>
      </AlertDescription>
    </Alert>
  )
}

type Answer = { formId: string; result: SubmissionResult<string[]>; toast?: Toast }

/**
 * A Super Admin's "Close account", inside a disclosure (no JavaScript needed): the written
 * request's reference and a tick that confirms it, checked in the browser once the schema has
 * loaded and always on the server.
 */
export function ClosePatientForm({ patientName, answer }: { patientName: string; answer: Answer | undefined }) {
  const validation = useValidation()
  const mine = answer?.formId === CLOSE_PATIENT_FORM_ID ? answer : undefined
  const [form, fields] = useForm({
    id: CLOSE_PATIENT_FORM_ID,
    lastResult: mine?.result,
    shouldValidate: validation ? 'onBlur' : 'onSubmit',
    shouldRevalidate: validation ? 'onInput' : 'onSubmit',
    onValidate: validation ? ({ formData }) => validation.validateClosePatient(formData) : undefined,
  })
  const navigation = useNavigation()
  const closing = navigation.state === 'submitting' && navigation.formData?.get('intent') === CLOSE_PATIENT_INTENT
  return (
    <details className="group rounded-lg border border-border bg-card p-5" open={mine ? true : undefined}>
      <summary className="cursor-pointer rounded-sm text-lg font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring">
        Close account
      </summary>
      <div className="mt-4 grid gap-4">
        <p className="max-w-prose text-sm text-muted-foreground">
          Only on the patient&apos;s written request. {patientName || 'The patient'} is signed out everywhere, reminders
          stop, Withings is disconnected and their address and phone number are deleted. The clinical record stays,
          read-only, until the retention period ends. This cannot be undone.
        </p>
        <AuthToast toast={mine?.toast} />
        <FormError id={form.errorId} errors={form.errors} />
        <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-4">
          <input type="hidden" name="intent" value={CLOSE_PATIENT_INTENT} />
          <div className="grid gap-1.5">
            <Label htmlFor={fields.reference.id}>Reference of the written request</Label>
            <Input
              {...getInputProps(fields.reference, { type: 'text' })}
              placeholder="e.g. Letter of 11/20/2026"
              maxLength={200}
            />
            <ErrorList id={fields.reference.errorId} errors={fields.reference.errors} />
          </div>
          <div className="grid gap-1.5">
            <div className="flex items-start gap-2">
              <input
                {...getInputProps(fields.confirm, { type: 'checkbox' })}
                className="mt-0.5 h-4 w-4 shrink-0 accent-destructive"
              />
              <Label htmlFor={fields.confirm.id} className="font-normal leading-snug">
                The patient asked in writing for their account to be closed.
              </Label>
            </div>
            <ErrorList id={fields.confirm.errorId} errors={fields.confirm.errors} />
          </div>
          <div>
            <Button type="submit" variant="destructive" aria-disabled={closing || undefined}>
              {closing ? 'Closing account...' : 'Close account'}
            </Button>
          </div>
        </Form>
      </div>
    </details>
  )
}
