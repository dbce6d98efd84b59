import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { Label } from '~/components/ui/label'
import { ACKNOWLEDGE_INTENT, NOTE_MAX } from './alerts'
import { lazyModule } from '~/platform/lazy-module'
import type { AcknowledgeAnswer } from './admin-patients.server'

// The schema (and zod) load after the screen's code; until then the server checks alone.
const useAcknowledgeValidation = lazyModule(() => import('./acknowledge-schema'))

/** A note and a button; validated in the browser with the server's schema, and again on the server. */
export function AcknowledgeForm({
  alertId,
  title,
  answer,
}: {
  alertId: number
  title: string
  answer: AcknowledgeAnswer | undefined
}) {
  const formId = `acknowledge-${alertId}`
  const validation = useAcknowledgeValidation()
  const [form, fields] = useForm({
    id: formId,
    lastResult: answer?.formId === formId ? answer.result : undefined,
    shouldValidate: validation ? 'onBlur' : 'onSubmit',
    shouldRevalidate: validation ? 'onInput' : 'onSubmit',
    onValidate: validation ? ({ formData }) => validation.validateAcknowledge(formData) : undefined,
  })
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('alertId') === String(alertId)
  const errors = fields.note.errors
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2" aria-label={`Acknowledge: ${title}`}>
      <input type="hidden" name="intent" value={ACKNOWLEDGE_INTENT} />
      <input type="hidden" name="alertId" value={alertId} />
      <Label htmlFor={fields.note.id}>Note</Label>
      <textarea
        {...getTextareaProps(fields.note)}
        key={fields.note.key}
        rows={2}
        maxLength={NOTE_MAX}
        placeholder="What was done, e.g. called the patient"
        className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-[invalid=true]:border-destructive"
      />
      <div
        id={fields.note.errorId}
        role={errors?.length ? 'alert' : undefined}
        className="min-h-[1.25rem] text-sm text-destructive"
      >
        {errors?.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </div>
      <div>
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? 'Acknowledging...' : 'Acknowledge'}
        </Button>
      </div>
    </Form>
  )
}
