// The provider's answers are checked against the shape our screens read: anything else is the same
// "bad response" fault as broken JSON, never a crash deep inside a component.
import type { z } from 'zod'
import { faultResult, type ProviderResult } from './provider-errors'

export function checked<S extends z.ZodTypeAny>(
  result: ProviderResult<unknown>,
  schema: S,
): ProviderResult<z.output<S>> {
  if (!result.ok) return result
  const parsed = schema.safeParse(result.content)
  return parsed.success
    ? { ...result, content: parsed.data as z.output<S> }
    : faultResult('bad-response', result.status)
}
