import { useForm } from '@conform-to/react'
import type { z } from 'zod'
import { parseAuthForm } from './schemas'
import { VALIDATION } from '~/platform/messages'
import { pushToast } from '~/platform/toast-store'
import type { LastResult } from './auth-ui'
import { useFormErrorToastLifetime } from '~/platform/use-form-error-toast'

export {
  ExternalLink,
  firstInvalidField,
  initialText,
  SubmitButton,
  TextLink,
  useIsSubmitting,
  type LastResult,
} from './auth-ui'

/**
 * For forms behind sign-in (change password), where zod is part of the screen's code anyway; the
 * signed-out screens use useLazyAuthForm (auth-lazy-form.tsx), which loads the schemas later.
 *
 * conform set up the same way for every auth form: validate a field when it loses focus, then
 * again on every keystroke; the same schema (and messages) as the server. A submit that fails
 * the check is stopped in the browser with SPEC.md §5's toast, and conform moves focus to the
 * first invalid field.
 */
export function useAuthForm<Schema extends z.ZodTypeAny>(id: string, schema: Schema, lastResult: LastResult) {
  const answer = useForm({
    id,
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate({ formData }) {
      const submission = parseAuthForm(formData, schema)
      // 'error' only for a real submit; blur/input checks carry an intent and no status.
      if (submission.status === 'error') {
        pushToast({
          title: VALIDATION.formInvalidTitle,
          description: VALIDATION.formInvalidDescription,
          type: 'destructive',
        })
      }
      return submission
    },
  })
  useFormErrorToastLifetime(answer[0])
  return answer
}
