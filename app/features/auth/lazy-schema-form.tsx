import { useForm, type Submission } from '@conform-to/react'
import { VALIDATION } from '~/platform/messages'
import { pushToast } from '~/platform/toast-store'
import type { LastResult } from './auth-ui'
import { useFormErrorToastLifetime } from '~/platform/use-form-error-toast'

export { firstInvalidField, SubmitButton, useIsSubmitting, type LastResult } from './auth-ui'

/**
 * conform set up one way for the app's forms with a browser-side check (useAuthForm and the
 * lazily loaded schemas of lazy-module.ts build on it; the signed-out forms use public-form.ts).
 * `validate` may arrive later, so that a screen draws without zod: until it is there a submit
 * goes to the server, which answers with the same messages. Then: check a field when it loses focus, then on every keystroke; a
 * submit that fails the check is stopped with SPEC.md §5's toast.
 */
export function useLazySchemaForm<Input extends Record<string, unknown>, Output>(
  id: string,
  validate: ((formData: FormData) => Submission<Output>) | null,
  lastResult: LastResult,
) {
  const answer = useForm<Input, Output>({
    id,
    lastResult,
    shouldValidate: validate ? 'onBlur' : 'onSubmit',
    shouldRevalidate: validate ? 'onInput' : 'onSubmit',
    onValidate: validate
      ? ({ formData }) => {
          const submission = validate(formData)
          // 'error' only for a real submit; blur/input checks carry an intent and no status.
          if (submission.status === 'error') {
            pushToast({
              title: VALIDATION.formInvalidTitle,
              description: VALIDATION.formInvalidDescription,
              type: 'destructive',
            })
          }
          return submission
        }
      : undefined,
  })
  useFormErrorToastLifetime(answer[0])
  return answer
}
