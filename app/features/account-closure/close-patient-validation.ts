// Loaded after the admin record's code (lazyModule), so zod stays out of its first chunk.
import { parseWithZod } from '@conform-to/zod'
import { closePatientSchema } from './account-closure'

export function validateClosePatient(formData: FormData) {
  return parseWithZod(formData, { schema: closePatientSchema })
}
