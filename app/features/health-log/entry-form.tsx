// One health-log form (new entry or edit): conform validates with the kind's schema on blur and
// before submitting, once the schemas have loaded (entry-validation.ts); the action validates
// again (same schema) and saves through the provider.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { format } from 'date-fns'
import { Loader2 } from 'lucide-react'
import { FormError } from '~/components/ui/forms'
import type { ListFieldMeta, TextFieldMeta } from '~/features/profile/fields/types'
import { Button, buttonVariants } from '~/components/ui/button'
import { type EntryKind, type EntryRef } from './log-entries'
import { editEntryFormId, newEntryFormId } from './log-entry-text'
import { VALIDATION } from '~/platform/messages'
import { submitWasRefused } from '~/platform/refused-submit'
import { pushToast } from '~/platform/toast-store'
import { MealFields, SleepFields, VitaminFields, WaterFields, WeightFields } from './entry-fields'
import { useFormErrorToastLifetime } from '~/platform/use-form-error-toast'
import { lazyModule } from '~/platform/lazy-module'

const useEntryValidation = lazyModule(() => import('./entry-validation'))

const SAVE_LABELS: Record<EntryKind, string> = {
  weight: 'Save weight',
  sleep: 'Save sleep',
  meal: 'Save meal',
  water: 'Save water',
  vitamins: 'Save vitamins',
}

export type EntryFormProps = {
  kind: EntryKind
  /** null for a new entry. */
  editing: EntryRef | null
  defaults: Record<string, string | string[]>
  lastResult?: SubmissionResult<string[]> | null
  /** Where Cancel goes (edit only). */
  cancelHref?: string
}

function useSaving(formId: string) {
  const navigation = useNavigation()
  return (
    navigation.state !== 'idle' &&
    navigation.formMethod?.toUpperCase() === 'POST' &&
    navigation.formData?.get('formId') === formId
  )
}

export function EntryForm({ kind, editing, defaults, lastResult, cancelHref }: EntryFormProps) {
  const formId = editing ? editEntryFormId(editing) : newEntryFormId(kind)
  const validation = useEntryValidation()
  const [form, fields] = useForm<Record<string, string | string[] | undefined>, Record<string, unknown>>({
    id: formId,
    lastResult,
    defaultValue: defaults,
    // Until the schemas are here a submit goes to the server, which answers with the same messages.
    shouldValidate: validation ? 'onBlur' : 'onSubmit',
    shouldRevalidate: validation ? 'onInput' : 'onSubmit',
    // The browser's own date is the patient's today; the server checks again with theirs.
    onValidate: validation
      ? ({ formData }) => validation.validateEntry(formData, kind, format(new Date(), 'yyyy-MM-dd'))
      : undefined,
  })
  useFormErrorToastLifetime(form)
  const saving = useSaving(formId)
  const textFields = fields as unknown as Record<string, TextFieldMeta>

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onSubmit={(event) => {
        form.onSubmit(event)
        if (submitWasRefused(event)) {
          pushToast({
            id: 'log-invalid',
            title: VALIDATION.formInvalidTitle,
            description: VALIDATION.formInvalidDescription,
            type: 'destructive',
          })
        }
      }}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="formId" value={formId} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      {kind === 'weight' ? (
        <WeightFields fields={textFields} />
      ) : kind === 'sleep' ? (
        <SleepFields fields={textFields} />
      ) : kind === 'meal' ? (
        <MealFields fields={textFields} />
      ) : kind === 'water' ? (
        <WaterFields fields={textFields} />
      ) : (
        <VitaminFields fields={textFields} taken={fields.taken as unknown as ListFieldMeta} />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          aria-disabled={saving || undefined}
          onClick={(event) => saving && event.preventDefault()}
        >
          {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {saving ? 'Saving...' : editing ? 'Save changes' : SAVE_LABELS[kind]}
        </Button>
        {cancelHref ? (
          <Link to={cancelHref} className={buttonVariants({ variant: 'outline' })}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  )
}
