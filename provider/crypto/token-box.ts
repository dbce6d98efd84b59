// Secrets the API must be able to read back (a health-data service's OAuth tokens), sealed at rest
// with AES-256-GCM (common/crypto/aes-gcm.ts) and "associated data" naming the row a value belongs to, so a sealed token copied into another
// patient's row does not open. Self-contained on purpose (docs/decisions/154-withings.md).
import { hkdfSync } from 'node:crypto'
import { GCM_IV_BYTES, GCM_TAG_BYTES, gcmOpen, gcmSeal } from '../../common/crypto/aes-gcm'

const VERSION = 'v1'
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
    // `v1.<iv>.<ciphertext and tag>`, base64url.
    seal(plaintext, context) {
      const { iv, tag, body } = gcmSeal(key, plaintext, context)
      return `${VERSION}.${iv.toString('base64url')}.${Buffer.concat([body, tag]).toString('base64url')}`
    },
    open(sealed, context) {
      const [version, ivText, bodyText, extra] = sealed.split('.')
      if (version !== VERSION || !ivText || !bodyText || extra !== undefined) {
        throw new TokenBoxError('not a sealed value')
      }
      const iv = Buffer.from(ivText, 'base64url')
      const body = Buffer.from(bodyText, 'base64url')
      if (iv.length !== GCM_IV_BYTES || body.length < GCM_TAG_BYTES) throw new TokenBoxError('not a sealed value')
      const split = body.length - GCM_TAG_BYTES
      const plain = gcmOpen(key, { iv, body: body.subarray(0, split), tag: body.subarray(split) }, context)
      // Wrong key, wrong row, or a changed byte: the tag does not match.
      if (!plain) throw new TokenBoxError('the sealed value does not open with this key and context')
      return plain.toString('utf8')
    },
  }
}
