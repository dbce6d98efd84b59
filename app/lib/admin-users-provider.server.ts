// Shared by the users and reports screens' server code: provider answers checked against a schema
// before the screens rely on their shape, and the one rule for a provider that says "forbidden".
import { redirect } from '@remix-run/node'
import type { z } from 'zod'
import { NOT_AUTHORIZED_PATH } from './portal'
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

/**
 * The provider reads the admin's role from its database on every request, so it may refuse what
 * our session still allows (a role changed since sign-in): same outcome as our own guard.
 */
export function throwIfForbidden(result: ProviderResult<unknown>, headers: Headers): void {
  if (!result.ok && result.kind === 'http' && result.status === 403) {
    throw redirect(NOT_AUTHORIZED_PATH, { headers })
  }
}
