import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Portal } from '../common/contract/auth-values'

export type { Portal }

export interface AccessClaims {
  /** Account id. */
  sub: number
  portal: Portal
  /** The account's token_version when issued; a password reset bumps it. */
  ver: number
  /** The database's access epoch when issued; the dev endpoint bumps it. */
  epoch: number
  /** The session (refresh token) this token came from; signing out ends it. */
  sid: string
  /** Issued at / expires at, in milliseconds (a 1-second TTL must not round to zero). */
  iat: number
  exp: number
}

let clock: () => number = Date.now

/** Milliseconds since the epoch, for issuing and checking token lifetimes. */
export function tokenNow(): number {
  return clock()
}

/** Test seam only: token lifetimes measured against a clock the test moves; no argument restores Date.now. */
export function setTokenClock(now: () => number = Date.now): void {
  clock = now
}

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest()
}

/** `<payload>.<signature>`, both base64url; the payload is JSON claims. */
export function signAccessToken(secret: string, claims: AccessClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${payload}.${sign(secret, payload).toString('base64url')}`
}

/** The claims of a token with a valid signature and a sane shape, else null. Expiry is the caller's job. */
export function readAccessToken(secret: string, token: string): AccessClaims | null {
  const parts = token.split('.')
  if (parts.length !== 2) return null
  const [payload, signature] = parts
  const given = Buffer.from(signature, 'base64url')
  const expected = sign(secret, payload)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  return isClaims(claims) ? claims : null
}

function isClaims(value: unknown): value is AccessClaims {
  if (typeof value !== 'object' || value === null) return false
  const c = value as Record<string, unknown>
  return (
    Number.isInteger(c.sub) &&
    (c.portal === 'customer' || c.portal === 'admin') &&
    Number.isInteger(c.ver) &&
    Number.isInteger(c.epoch) &&
    // Tokens from before session ids have none: refused, so the app refreshes into one that has.
    typeof c.sid === 'string' &&
    c.sid !== '' &&
    typeof c.iat === 'number' &&
    typeof c.exp === 'number'
  )
}

/** An opaque random token for refresh, verification or reset; only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
