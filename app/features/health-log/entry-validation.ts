// The health-log forms' check in the browser: its own chunk (zod and the schemas), loaded by
// EntryForm (entry-form.tsx) after the screen's code.
import { parseWithZod } from '@conform-to/zod'
import type { EntryKind } from './log-entries'
import { entrySchema } from './log-entry-forms'

export function validateEntry(formData: FormData, kind: EntryKind, today: string) {
  return parseWithZod(formData, { schema: entrySchema(kind, today) })
}
