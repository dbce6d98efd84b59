// Short signed tokens of our own (`payload.signature`, both base64url): a two-factor challenge, a
// known browser. One way to make and to read them, so each checks its signature in constant time
// and accepts one spelling only (the signature re-encoded must give the same text).
import { timingSafeEqual } from 'node:crypto'

/** `sign` gives the HMAC of the encoded payload, in the token kind's own domain. */
export function signClaims(claims: object, sign: (payload: string) => Buffer): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${payload}.${sign(payload).toString('base64url')}`
}

/** The claims object of a well-signed token, else null. The caller checks what they say. */
export function readSignedClaims(token: string, sign: (payload: string) => Buffer): Record<string, unknown> | null {
  const parts = token.split('.')
  if (parts.length !== 2) return null
  const given = Buffer.from(parts[1], 'base64url')
  const expected = sign(parts[0])
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString('base64url') !== parts[1]) return null
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'))
  } catch {
    return null
  }
  return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null
}
