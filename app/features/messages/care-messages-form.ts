// The compose form's schema (the API's own rule and words: common/contract/message-body.ts),
// shared by the server's validation and the browser's. Apart from care-messages.ts so that the
// helpers the screens use carry no zod.
import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { messageBodySchema } from '~/../common/contract/message-body'

export const messageSchema = z.object({
  body: messageBodySchema,
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
