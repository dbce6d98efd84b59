import { getFormProps, type FormMetadata } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Alert } from '~/components/ui/alert'
import { FormError } from '~/components/ui/forms'
import { VALIDATION } from '~/platform/messages'
import { submitWasRefused } from '~/platform/refused-submit'
import { pushToast } from '~/platform/toast-store'

type SectionFormFrameProps = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any section's form
  form: FormMetadata<any, string[]>
  /** The hidden field that says which section this is (the wizard's `step`, the profile's `intent`). */
  marker: { name: string; value: string }
  /** The id of the "fill in the fields" toast, so a second refusal replaces the first. */
  refusedToastId: string
  /** The last no-JavaScript post was refused: say so above the fields too. */
  incomplete?: boolean
  /** The buttons under the fields. */
  footer: ReactNode
  children: ReactNode
}

/**
 * The form around one profile section, in the wizard and on the profile screen alike: conform's
 * props, the refused-submit toast (SPEC.md §5), the section marker, the form-level errors and a
 * footer for the buttons.
 */
export function SectionFormFrame({ form, marker, refusedToastId, incomplete, footer, children }: SectionFormFrameProps) {
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onSubmit={(event) => {
        form.onSubmit(event)
        // conform cancels the submit when its validation fails: say so (SPEC.md §5).
        if (submitWasRefused(event)) pushToast({ id: refusedToastId, title: VALIDATION.wizardIncomplete, type: 'destructive' })
      }}
      className="grid gap-6"
    >
      <input type="hidden" name={marker.name} value={marker.value} />
      {incomplete ? (
        <Alert variant="destructive">
          <p className="font-medium">{VALIDATION.wizardIncomplete}</p>
        </Alert>
      ) : null}
      <FormError id={form.errorId} errors={form.errors} />
      {children}
      {footer}
    </Form>
  )
}
