// The acknowledge form's schema, shared by the server's validation and the browser's. Apart from
// alerts.ts so that the helpers the record screen draws with carry no zod.
import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { NOTE_REQUIRED, NOTE_TOO_LONG } from '~/../common/contract/alerts-values'
import { NOTE_MAX } from './alerts'

export const acknowledgeSchema = z.object({
  note: z.string({ required_error: NOTE_REQUIRED }).trim().min(1, NOTE_REQUIRED).max(NOTE_MAX, NOTE_TOO_LONG),
})

/** The browser's check: loaded later by AcknowledgeForm (acknowledge-form.tsx). */
export function validateAcknowledge(formData: FormData) {
  return parseWithZod(formData, { schema: acknowledgeSchema })
}
