import type { z } from 'zod'
import { useLazySchemaForm } from './lazy-schema-form'
import { parseAuthForm } from './schemas'
import type { LastResult } from './auth-ui'
export { initialText } from './email-field'

export {
  ExternalLink,
  firstInvalidField,
  SubmitButton,
  TextLink,
  useIsSubmitting,
  type LastResult,
} from './auth-ui'

/**
 * For forms behind sign-in (change password), where zod is part of the screen's code anyway; the
 * signed-out screens use usePublicForm (public-form.ts), without conform or zod in the browser.
 *
 * conform set up the same way for every auth form: validate a field when it loses focus, then
 * again on every keystroke; the same schema (and messages) as the server. A submit that fails
 * the check is stopped in the browser with SPEC.md §5's toast, and conform moves focus to the
 * first invalid field.
 */
export function useAuthForm<Schema extends z.ZodTypeAny>(id: string, schema: Schema, lastResult: LastResult) {
  return useLazySchemaForm<z.input<Schema>, z.output<Schema>>(
    id,
    (formData) => parseAuthForm(formData, schema),
    lastResult,
  )
}
