// Shared by the users and reports screens' server code: the one rule for a provider that says
// "forbidden".
import { redirect } from '@remix-run/node'
import { NOT_AUTHORIZED_PATH } from './portal'
import type { ProviderResult } from './provider-errors'

/**
 * The provider reads the admin's role from its database on every request, so it may refuse what
 * our session still allows (a role changed since sign-in): same outcome as our own guard.
 */
export function throwIfForbidden(result: ProviderResult<unknown>, headers: Headers): void {
  if (!result.ok && result.kind === 'http' && result.status === 403) {
    throw redirect(NOT_AUTHORIZED_PATH, { headers })
  }
}
