// ADMIN_MFA is enforced by the API (it publishes its value on GET healthz); the app leads admins
// to the set-up screen by the same rule. Run against a separate API, the two must agree: checked
// once at start, before the app takes requests.
import { isAdminMfaSetting, type AdminMfaSetting } from '../common/contract/auth-values'

export type Agreement =
  | { kind: 'agree' }
  /** ADMIN_MFA is not set here: the app takes the API's value. */
  | { kind: 'adopt'; value: AdminMfaSetting }
  /** The API did not say (unreachable, or an API that does not publish it): nothing to compare. */
  | { kind: 'unknown' }
  | { kind: 'mismatch'; line: string }

/** What to do with the app's ADMIN_MFA (`ownRaw` as set, `own` as parsed) given the API's. */
export function agreeOnAdminMfa(
  ownRaw: string | undefined,
  own: AdminMfaSetting,
  api: AdminMfaSetting | null,
  apiUrl: string,
): Agreement {
  if (api === null) return { kind: 'unknown' }
  if (api === own) return { kind: 'agree' }
  if (ownRaw === undefined || ownRaw.trim() === '') return { kind: 'adopt', value: api }
  return {
    kind: 'mismatch',
    line: `Invalid environment: ADMIN_MFA is "${own}" but the BariCare API at ${apiUrl} enforces "${api}"; set the same value for both (or leave ADMIN_MFA unset here to follow the API)`,
  }
}

/** The API's ADMIN_MFA from its health check, or null when it cannot be read in `timeoutMs`. */
export async function readApiAdminMfa(apiUrl: string, timeoutMs: number): Promise<AdminMfaSetting | null> {
  try {
    const response = await fetch(new URL('healthz', apiUrl), { signal: AbortSignal.timeout(timeoutMs) })
    const body: unknown = await response.json()
    const content = typeof body === 'object' && body !== null ? (body as { content?: unknown }).content : undefined
    const value = typeof content === 'object' && content !== null ? (content as { admin_mfa?: unknown }).admin_mfa : undefined
    return isAdminMfaSetting(value) ? value : null
  } catch {
    return null
  }
}
