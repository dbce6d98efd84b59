// The compose form's schema (the API's own rules and words: common/contract/messages-values.ts),
// shared by the server's validation and the browser's. Apart from care-messages.ts so that the
// helpers the screens use carry no zod.
import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { MESSAGE_MAX_LENGTH, MESSAGE_REQUIRED, MESSAGE_TOO_LONG, normaliseMessage } from '~/../common/contract/messages-values'

export const messageSchema = z.object({
  body: z
    .string({ required_error: MESSAGE_REQUIRED })
    .transform(normaliseMessage)
    .pipe(z.string().min(1, MESSAGE_REQUIRED).max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG)),
  alertId: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .catch(undefined),
})

/** The browser's check: loaded later by MessageForm (message-form.tsx). */
export function validateMessage(formData: FormData) {
  return parseWithZod(formData, { schema: messageSchema })
}
