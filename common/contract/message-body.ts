// The one rule for a message's text (docs/provider-api.md "Messages"): normalised as stored, then
// required and at most MESSAGE_MAX_LENGTH. The contract's body schemas, the API's reader and the
// app's compose form (server and browser) all check with it. Only zod and the plain values, so the
// browser's lazily loaded form check can import it without the answer schemas.
import { z } from 'zod'
import { MESSAGE_MAX_LENGTH, MESSAGE_NOT_TEXT, MESSAGE_REQUIRED, MESSAGE_TOO_LONG, normaliseMessage } from './messages-values'

/** Missing, null and blank all read MESSAGE_REQUIRED; anything but text, MESSAGE_NOT_TEXT. */
export const messageBodySchema = z
  .string({ invalid_type_error: MESSAGE_NOT_TEXT, required_error: MESSAGE_REQUIRED })
  .nullish()
  .transform((text) => normaliseMessage(text ?? ''))
  // required_error as well: conform's form parsing reads an empty text as missing, in the pipe too.
  .pipe(z.string({ required_error: MESSAGE_REQUIRED }).min(1, MESSAGE_REQUIRED).max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG))
