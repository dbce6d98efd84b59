import { useForm, type SubmissionResult } from '@conform-to/react'
import type { z } from 'zod'
import { lazyModule } from '~/platform/lazy-module'
import type { ProfileSchemaName } from './profile-validation'

const useProfileValidation = lazyModule(() => import('./profile-validation'))

/**
 * conform for a profile form (the profile screen's sections, the setup wizard's steps): checks
 * with the section's schema on blur, then on every keystroke, once the schemas have loaded; until
 * then a submit goes to the server, which checks with the same schemas and answers alike.
 * `S` is the type of the schema that `schemaName` names (e.g. `typeof personalSchema`).
 */
export function useProfileSchemaForm<S extends z.ZodTypeAny>(
  id: string,
  schemaName: ProfileSchemaName,
  defaults: z.input<S>,
  lastResult: SubmissionResult<string[]> | null | undefined,
) {
  const validation = useProfileValidation()
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    defaultValue: defaults,
    shouldValidate: validation ? 'onBlur' : 'onSubmit',
    shouldRevalidate: validation ? 'onInput' : 'onSubmit',
    onValidate: validation ? ({ formData }) => validation.validateProfileForm(schemaName, formData) : undefined,
  })
}
