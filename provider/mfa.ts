// Two-factor sign-in for admins (TOTP, RFC 6238; docs/provider-api.md "Two-factor sign-in").
// Pure helpers: sealing the shared secret, the short-lived challenge token that the password step
// hands out instead of a session, recovery codes, and checking a code against a secret.
import { createHash, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import { gcmOpen, gcmSeal } from '../common/crypto/aes-gcm'
import { readSignedClaims, signClaims } from './crypto/signed-claims.js'

export const TOTP_PERIOD_SECONDS = 30
export const RECOVERY_CODE_COUNT = 10
/** Long enough to open an authenticator app, short enough that a stolen one soon expires. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000
export const MFA_ISSUER = 'BariCare'

const SEALED_PREFIX = 'v1'

/**
 * The 32-byte key that seals TOTP secrets: from MFA_ENCRYPTION_KEY when the operator set one (so a
 * copy of the database alone does not reveal the secrets), else from the API's token secret.
 */
export function mfaKeyFrom(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'baricare-mfa', 'totp-secret-seal-v1', 32))
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url (common/crypto/aes-gcm.ts). */
export function sealSecret(key: Buffer, plaintext: string): string {
  const { iv, tag, body } = gcmSeal(key, plaintext)
  return [SEALED_PREFIX, ...[iv, tag, body].map((part) => part.toString('base64url'))].join('.')
}

/** The plaintext, or null for anything not sealed with this key (tampered, other key, garbage). */
export function openSecret(key: Buffer, sealed: string): string | null {
  const parts = sealed.split('.')
  if (parts.length !== 4 || parts[0] !== SEALED_PREFIX) return null
  const [iv, tag, body] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'))
  return gcmOpen(key, { iv, tag, body })?.toString('utf8') ?? null
}

export function newTotpSecret(): string {
  // 20 bytes (160 bits), RFC 4226's recommended length; base32, as authenticator apps expect.
  return generateSecret({ length: 20 })
}

export function otpauthUri(email: string, secret: string): string {
  return generateURI({ issuer: MFA_ISSUER, label: email, secret, period: TOTP_PERIOD_SECONDS })
}

/** The TOTP time step at `nowMs`. */
export function timeStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS)
}

/**
 * The time step a 6-digit code matches within ±1 step of `nowMs`, skipping steps at or before
 * `lastStep` (a code already used, or an older one); null when it matches none.
 */
export async function matchTotp(secret: string, code: string, nowMs: number, lastStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null
  const epoch = Math.floor(nowMs / 1000)
  // otplib refuses an afterTimeStep past the window (a clock that went back): nothing can match.
  if (lastStep !== null && lastStep >= timeStepAt(nowMs) + 1) return null
  try {
    const result = await verify({
      secret,
      token: code,
      epoch,
      period: TOTP_PERIOD_SECONDS,
      epochTolerance: TOTP_PERIOD_SECONDS,
      afterTimeStep: lastStep ?? undefined,
    })
    // The result type covers HOTP too; a TOTP match always carries its time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null
  } catch {
    return null
  }
}

// Recovery codes: 10 characters from an alphabet without look-alikes (no 0/o, 1/l/i), shown as
// xxxxx-xxxxx; about 50 bits each, so a plain SHA-256 of the normalised code is a safe record.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let code = ''
    for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]
    return `${code.slice(0, 5)}-${code.slice(5)}`
  })
}

/** What the admin typed, as stored: lower case, without spaces or dashes. */
export function normaliseRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]/g, '')
}

export function looksLikeRecoveryCode(value: string): boolean {
  return /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(value))
}

export function hashRecoveryCode(value: string): string {
  return createHash('sha256').update(`baricare-recovery:${normaliseRecoveryCode(value)}`).digest('hex')
}

// The challenge token: proof that the password step passed, good only for the code step.
interface ChallengeClaims {
  typ: 'mfa'
  sub: number
  /** The account's token_version: a password reset in between voids the challenge. */
  ver: number
  exp: number
  /** This challenge's id: once exchanged for a session it is spent (store/mfa.ts claimChallenge). */
  jti: string
}

function challengeSignature(secret: string, payload: string): Buffer {
  // Its own HMAC domain, so no challenge can ever pass as an access token or the other way round.
  return createHmac('sha256', secret).update(`mfa-challenge.${payload}`).digest()
}

export function signChallenge(secret: string, claims: Omit<ChallengeClaims, 'typ' | 'jti'>): string {
  const jti = randomBytes(16).toString('base64url')
  return signClaims({ typ: 'mfa', ...claims, jti }, (payload) => challengeSignature(secret, payload))
}

/** The claims of a well-signed, unexpired challenge, else null. */
export function readChallenge(secret: string, token: string, nowMs: number): Omit<ChallengeClaims, 'typ'> | null {
  const c = readSignedClaims(token, (payload) => challengeSignature(secret, payload))
  if (!c) return null
  if (c.typ !== 'mfa' || !Number.isInteger(c.sub) || !Number.isInteger(c.ver) || typeof c.exp !== 'number') return null
  // A challenge without an id could not be spent: refused (one from before ids lived 5 minutes).
  if (typeof c.jti !== 'string' || c.jti === '' || c.jti.length > 64) return null
  if (c.exp <= nowMs) return null
  return { sub: c.sub as number, ver: c.ver as number, exp: c.exp, jti: c.jti }
}
