// The FHIR client register (docs/provider-api.md "FHIR client apps"): its paths, limits, the
// sentences both sides show, and the check of a pasted JWKS, which the API's body schema and the
// admin portal's form share. Plain values, no zod, so the browser may load them.
import { FHIR_SIGNING_ALGS } from '../fhir/scopes'

export const FHIR_CLIENTS_PATH = 'v1/admin/fhir-clients/'

export const FHIR_CLIENT_NAME_MAX = 100
/** Long enough for any real JWKS address; a pasted JWKS is bounded by the API's 100 kB body. */
export const JWKS_URL_MAX = 2000
export const JWKS_TEXT_MAX = 50_000

export const FHIR_CLIENT_NAME_REQUIRED = 'Name is required'
export const FHIR_CLIENT_NAME_TOO_LONG = `Name must be at most ${FHIR_CLIENT_NAME_MAX} characters`
export const JWKS_SOURCE_REQUIRED = 'Give the JWKS URL or paste the JWKS'
export const JWKS_SOURCE_BOTH = 'Give the JWKS URL or paste the JWKS, not both'
export const JWKS_URL_INVALID = 'JWKS URL must be an https:// address'
export const JWKS_NOT_JSON = 'The JWKS is not valid JSON'
export const JWKS_NO_KEYS = 'The JWKS must have a "keys" list with at least one key'
export const JWKS_KEY_NO_KID = 'Every key in the JWKS needs a "kid"'
export const JWKS_KEY_TYPE = 'Every key in the JWKS must be RSA or EC ("kty")'
export const JWKS_PRIVATE_KEY = 'The JWKS holds a private key: paste the public keys only'
export const JWKS_KEY_ALG = `A key's "alg" must be ${FHIR_SIGNING_ALGS.join(' or ')}`
export const JWKS_DUPLICATE_KID = 'Two keys in the JWKS have the same "kid"'
export const FHIR_SCOPES_REQUIRED = 'Choose at least one scope'
export const FHIR_CLIENT_NOT_FOUND = 'FHIR client not found.'

export type Jwks = { keys: Record<string, unknown>[] }

/** Members that only a private key has (RSA's and EC's `d`, RSA's primes and CRT values, `k` of a secret). */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']

/**
 * A pasted JWKS (its text, or the object a JSON client sent), checked: the keys, or the one
 * sentence that says what is wrong with it.
 */
export function readJwks(value: unknown): { jwks: Jwks } | { problem: string } {
  let parsed: unknown = value
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value)
    } catch {
      return { problem: JWKS_NOT_JSON }
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problem: JWKS_NO_KEYS }
  const keys = (parsed as { keys?: unknown }).keys
  if (!Array.isArray(keys) || keys.length === 0) return { problem: JWKS_NO_KEYS }
  const kids = new Set<string>()
  for (const key of keys as unknown[]) {
    if (typeof key !== 'object' || key === null || Array.isArray(key)) return { problem: JWKS_NO_KEYS }
    const jwk = key as Record<string, unknown>
    if (PRIVATE_MEMBERS.some((member) => member in jwk)) return { problem: JWKS_PRIVATE_KEY }
    if (typeof jwk.kid !== 'string' || jwk.kid.trim() === '') return { problem: JWKS_KEY_NO_KID }
    if (jwk.kty !== 'RSA' && jwk.kty !== 'EC') return { problem: JWKS_KEY_TYPE }
    if (jwk.alg !== undefined && !(FHIR_SIGNING_ALGS as readonly unknown[]).includes(jwk.alg)) return { problem: JWKS_KEY_ALG }
    if (kids.has(jwk.kid)) return { problem: JWKS_DUPLICATE_KID }
    kids.add(jwk.kid)
  }
  // Only the keys travel on: anything else in the pasted document is not ours to keep.
  return { jwks: { keys: keys as Record<string, unknown>[] } }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * A JWKS address: https, or plain http to this machine (a development key server) when
 * `allowLoopbackHttp`; the normalised address, or null.
 */
export function readJwksUrl(text: string, allowLoopbackHttp: boolean): string | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.username || url.password) return null
  if (url.protocol === 'https:') return url.toString()
  if (url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK_HOSTS.has(url.hostname)) return url.toString()
  return null
}

/** True for an http:// address to this machine (allowed in development only). */
export function isLoopbackHttp(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
  } catch {
    return false
  }
}
