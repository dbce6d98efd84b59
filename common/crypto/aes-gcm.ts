// AES-256-GCM, the one authenticated cipher BariCare uses wherever it seals a value it must read
// back (the app's session cookie, the API's TOTP secrets and device tokens). Each caller keeps its
// own text format (they are stored or sent already and must stay readable); this module holds the
// cipher itself so its parameters are chosen once: a fresh random 96-bit IV per value and the full
// 128-bit tag, checked on opening.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

export const GCM_IV_BYTES = 12
export const GCM_TAG_BYTES = 16

export interface GcmSealed {
  iv: Buffer
  tag: Buffer
  body: Buffer
}

/** `associatedData` is authenticated but not encrypted: what the value belongs to. */
export function gcmSeal(key: Buffer, plaintext: Buffer | string, associatedData?: string): GcmSealed {
  const iv = randomBytes(GCM_IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: GCM_TAG_BYTES })
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const input = typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext
  const body = Buffer.concat([cipher.update(input), cipher.final()])
  return { iv, tag: cipher.getAuthTag(), body }
}

/**
 * The plaintext, or null when the parts do not open with this key and associated data (another
 * key, another row, a changed byte, a malformed IV or tag).
 */
export function gcmOpen(key: Buffer, sealed: GcmSealed, associatedData?: string): Buffer | null {
  if (sealed.iv.length !== GCM_IV_BYTES || sealed.tag.length !== GCM_TAG_BYTES) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv, { authTagLength: GCM_TAG_BYTES })
    if (associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData, 'utf8'))
    decipher.setAuthTag(sealed.tag)
    return Buffer.concat([decipher.update(sealed.body), decipher.final()])
  } catch {
    return null
  }
}
