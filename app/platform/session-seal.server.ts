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
  const json = JSON.stringify(data)
  const { iv, tag, body } = gcmSeal(keyFor(newest), deflateRawSync(json))
  const value = `${VERSION}.${Buffer.concat([iv, tag, body]).toString('base64url')}`
  // The browser sends it back with its next request: that one need not open it.
  keepOpened(value, secrets, json)
  return value
}

// One page view opens the same cookie three or four times (the root's toasts, each guarded
// loader, the activity stamp as the headers go out). The JSON of the last few cookies opened is
// kept, so each is decrypted and inflated once; every caller still gets its own parsed copy. Only
// a cookie that opened is kept, under its exact sealed text and the secrets that opened it.
const OPENED_KEPT = 64
const opened = new Map<string, string>()

const openedKey = (value: string, secrets: readonly string[]) => `${secrets.join('\u0000')}\u0000${value}`

function keepOpened(value: string, secrets: readonly string[], json: string) {
  const key = openedKey(value, secrets)
  // Most recent last: the oldest goes first when the map is full.
  opened.delete(key)
  if (opened.size >= OPENED_KEPT) opened.delete(opened.keys().next().value as string)
  opened.set(key, json)
}

/** The sealed data, or null when the value was not sealed by one of these secrets (or was changed). */
export function unseal(value: string, secrets: readonly string[]): unknown {
  const json = opened.get(openedKey(value, secrets)) ?? openJson(value, secrets)
  if (json === null) return null
  keepOpened(value, secrets, json)
  try {
    return JSON.parse(json)
  } catch {
    // Authentic but not our JSON: only a bug could seal that; treat it as no session.
    return null
  }
}

function openJson(value: string, secrets: readonly string[]): string | null {
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
      return inflateRawSync(plain, { maxOutputLength: MAX_PLAIN_BYTES }).toString('utf8')
    } catch {
      // Authentic but not deflated by us (or too large): no session.
      return null
    }
  }
  return null
}
