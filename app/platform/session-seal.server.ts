// The session cookie's value is sealed, not just signed: AES-256-GCM (authenticated encryption,
// common/crypto/aes-gcm.ts)
// over the deflated JSON, so a copy of the cookie shows neither tokens nor the patient's name,
// and any change to it is refused. Keys come from SESSION_SECRET's rotating list, newest first.
import { hkdfSync } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { GCM_IV_BYTES, GCM_TAG_BYTES, gcmOpen, gcmSeal } from '~/../common/crypto/aes-gcm'

const VERSION = 'v1'
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

/** Seals `data` with the newest secret: `v1.<iv, tag and ciphertext>`, base64url. */
export function seal(data: unknown, secrets: readonly string[]): string {
  const [newest] = secrets
  if (!newest) throw new Error('SESSION_SECRET must hold at least one secret')
  const { iv, tag, body } = gcmSeal(keyFor(newest), deflateRawSync(JSON.stringify(data)))
  return `${VERSION}.${Buffer.concat([iv, tag, body]).toString('base64url')}`
}

/** The sealed data, or null when the value was not sealed by one of these secrets (or was changed). */
export function unseal(value: string, secrets: readonly string[]): unknown {
  if (!value.startsWith(`${VERSION}.`)) return null
  const raw = Buffer.from(value.slice(VERSION.length + 1), 'base64url')
  if (raw.length <= GCM_IV_BYTES + GCM_TAG_BYTES) return null
  const sealed = {
    iv: raw.subarray(0, GCM_IV_BYTES),
    tag: raw.subarray(GCM_IV_BYTES, GCM_IV_BYTES + GCM_TAG_BYTES),
    body: raw.subarray(GCM_IV_BYTES + GCM_TAG_BYTES),
  }
  // Any secret of the rotation may have sealed it.
  for (const secret of secrets) {
    const plain = gcmOpen(keyFor(secret), sealed)
    if (!plain) continue
    try {
      return JSON.parse(inflateRawSync(plain, { maxOutputLength: MAX_PLAIN_BYTES }).toString('utf8'))
    } catch {
      // Authentic but not our JSON: only a bug could seal that; treat it as no session.
      return null
    }
  }
  return null
}
