// Secrets the API must be able to read back (a health-data service's OAuth tokens), sealed at rest
// with AES-256-GCM: a random 96-bit IV per value, the 128-bit tag checked on opening, and
// "associated data" naming the row a value belongs to, so a sealed token copied into another
// patient's row does not open. Self-contained on purpose (docs/decisions/154-withings.md).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16
/** A key given as text must carry at least this much (e.g. `openssl rand -base64 32`). */
export const MIN_KEY_TEXT_LENGTH = 32

export interface TokenBox {
  seal(plaintext: string, context: string): string
  open(sealed: string, context: string): string
}

export class TokenBoxError extends Error {}

/**
 * A 32-byte key derived (HKDF-SHA256) from secret text: an environment secret, or in development
 * the API's own token secret. `purpose` separates keys made from one secret for different uses.
 */
export function deriveKey(secret: string, purpose: string, minLength = MIN_KEY_TEXT_LENGTH): Buffer {
  if (secret.length < minLength || secret.length === 0) {
    throw new TokenBoxError(`the key must be at least ${minLength} characters long`)
  }
  return Buffer.from(hkdfSync('sha256', secret, 'baricare-token-box', purpose, 32))
}

export function tokenBox(key: Buffer): TokenBox {
  if (key.length !== 32) throw new TokenBoxError('AES-256-GCM needs a 32-byte key')
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
      cipher.setAAD(Buffer.from(context, 'utf8'))
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`
    },
    open(sealed, context) {
      const [version, ivText, bodyText, extra] = sealed.split('.')
      if (version !== VERSION || !ivText || !bodyText || extra !== undefined) {
        throw new TokenBoxError('not a sealed value')
      }
      const iv = Buffer.from(ivText, 'base64url')
      const body = Buffer.from(bodyText, 'base64url')
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new TokenBoxError('not a sealed value')
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
      decipher.setAAD(Buffer.from(context, 'utf8'))
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
      try {
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8')
      } catch {
        // Wrong key, wrong row, or a changed byte: the tag does not match.
        throw new TokenBoxError('the sealed value does not open with this key and context')
      }
    },
  }
}
