import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { ExpectedFailure } from './expected-failure.js'

const KEY_LENGTH = 64

/**
 * scrypt's cost. Every deployment hashes at `standard`: OWASP's floor for scrypt at 16 MiB of
 * memory (N=2^14, r=8, p=5; its other rungs trade memory for passes, and N=2^17's 128 MiB per
 * sign-in is more than one of our app containers holds). A hash of a weaker cost is made again at
 * the next sign-in (needsRehash). `test` is for the test suites only: they
 * create and sign in thousands of accounts, and at the standard cost the hashing alone was about a
 * fifth of the unit suite's CPU (35 ms a hash on our machines, against 2 ms). A hash records its
 * own parameters, so either kind verifies whatever was stored. `test` is refused in production
 * (passwordHashingFromEnv, startProvider).
 */
export const PASSWORD_HASH_COSTS = {
  standard: { N: 16384, r: 8, p: 5 },
  test: { N: 1024, r: 8, p: 1 },
} as const satisfies Record<string, ScryptOptions>
export type PasswordHashing = keyof typeof PASSWORD_HASH_COSTS

export const PASSWORD_HASHING_TEST_IN_PRODUCTION = 'PASSWORD_HASHING cannot be "test" when NODE_ENV=production'

/** PASSWORD_HASHING from an environment; unset or blank is `standard`. Throws one line on a bad value. */
export function passwordHashingFromEnv(env: Record<string, string | undefined>, production: boolean): PasswordHashing {
  const value = env.PASSWORD_HASHING?.trim() || 'standard'
  if (value !== 'standard' && value !== 'test') throw new ExpectedFailure('Invalid environment: PASSWORD_HASHING must be "standard" or "test"')
  if (production && value === 'test') throw new ExpectedFailure(`Invalid environment: ${PASSWORD_HASHING_TEST_IN_PRODUCTION}`)
  return value
}

// One setting per process, chosen when the API starts (startProvider): new hashes are made by
// sign-up, password changes, invitations and the seeds, none of which is handed the API's options.
let hashing: PasswordHashing = 'standard'

/** The cost new hashes get from now on in this process. */
export function setPasswordHashing(kind: PasswordHashing): void {
  hashing = kind
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** Format: `scrypt$N$r$p$salt$hash` (base64url), so that parameters can change without breaking old hashes. */
export async function hashPassword(password: string, kind: PasswordHashing = hashing): Promise<string> {
  const params = PASSWORD_HASH_COSTS[kind]
  const salt = randomBytes(16)
  const key = await derive(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  )
}

/** A stored value read back (hashPassword's format), or null when it is of another shape. */
function parseStored(stored: string): { params: { N: number; r: number; p: number }; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null
  const [, n, r, p, salt, hash] = parts
  return {
    params: { N: Number(n), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64url'),
    hash: Buffer.from(hash, 'base64url'),
  }
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored)
  if (!parsed) return false
  const key = await derive(password, parsed.salt, parsed.params)
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash)
}

/**
 * A stored hash of a weaker cost than this process makes, which a sign-in with the right password
 * replaces. A process at the test cost never asks: it would only make hashes weaker.
 */
export function needsRehash(stored: string): boolean {
  const params = hashing === 'standard' ? parseStored(stored)?.params : undefined
  if (!params) return false
  const wanted = PASSWORD_HASH_COSTS.standard
  return params.N < wanted.N || params.r < wanted.r || params.p < wanted.p
}

const dummyHashes = new Map<PasswordHashing, Promise<string>>()

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by response time. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  let dummy = dummyHashes.get(hashing)
  if (!dummy) dummyHashes.set(hashing, (dummy = hashPassword('dummy-password-for-timing', hashing)))
  await verifyPassword(password, await dummy)
  return false
}
