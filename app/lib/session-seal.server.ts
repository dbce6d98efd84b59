// The session cookie's value is sealed, not just signed: AES-256-GCM (authenticated encryption)
// over the deflated JSON, so a copy of the cookie shows neither tokens nor the patient's name,
// and any change to it is refused. Keys come from SESSION_SECRET's rotating list, newest first.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16
// Bounds what a forged cookie can make us inflate.
const MAX_PLAIN_BYTES = 64 * 1024

const keys = new Map<string, Buffer>()

function keyFor(secret: string): Buffer {
  let key = keys.get(secret)
  if (!key) {
    // One derived key per secret and purpose, so the same secret signing other cookies never
    // doubles as this encryption key.
    key = Buffer.from(hkdfSync('sha256', secret, 'baricare', 'session-cookie-v1', 32))
    keys.set(secret, key)
  }
  return key
}

/** Seals `data` with the newest secret. */
export function seal(data: unknown, secrets: readonly string[]): string {
  const [newest] = secrets
  if (!newest) throw new Error('SESSION_SECRET must hold at least one secret')
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyFor(newest), iv)
  const body = Buffer.concat([cipher.update(deflateRawSync(JSON.stringify(data))), cipher.final()])
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
}

/** The sealed data, or null when the value was not sealed by one of these secrets (or was changed). */
export function unseal(value: string, secrets: readonly string[]): unknown {
  if (!value.startsWith(`${VERSION}.`)) return null
  const raw = Buffer.from(value.slice(VERSION.length + 1), 'base64url')
  if (raw.length <= IV_BYTES + TAG_BYTES) return null
  const iv = raw.subarray(0, IV_BYTES)
  const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES)
  const body = raw.subarray(IV_BYTES + TAG_BYTES)
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), iv)
      decipher.setAuthTag(tag)
      const plain = Buffer.concat([decipher.update(body), decipher.final()])
      return JSON.parse(inflateRawSync(plain, { maxOutputLength: MAX_PLAIN_BYTES }).toString('utf8'))
    } catch {
      // Another secret of the rotation may have sealed it.
    }
  }
  return null
}
