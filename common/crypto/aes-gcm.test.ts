import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { GCM_IV_BYTES, GCM_TAG_BYTES, gcmOpen, gcmSeal } from './aes-gcm'

const key = randomBytes(32)

describe('AES-256-GCM', () => {
  it('opens what it sealed, with the same associated data', () => {
    const sealed = gcmSeal(key, 'secret text', 'row 7')
    expect(sealed.iv).toHaveLength(GCM_IV_BYTES)
    expect(sealed.tag).toHaveLength(GCM_TAG_BYTES)
    expect(sealed.body.toString('utf8')).not.toContain('secret')
    expect(gcmOpen(key, sealed, 'row 7')?.toString('utf8')).toBe('secret text')
  })

  it('uses a fresh IV for every value', () => {
    const a = gcmSeal(key, 'same')
    const b = gcmSeal(key, 'same')
    expect(a.iv.equals(b.iv)).toBe(false)
    expect(a.body.equals(b.body)).toBe(false)
  })

  it('refuses another key, other associated data, or a changed byte', () => {
    const sealed = gcmSeal(key, 'secret text', 'row 7')
    expect(gcmOpen(randomBytes(32), sealed, 'row 7')).toBeNull()
    expect(gcmOpen(key, sealed, 'row 8')).toBeNull()
    expect(gcmOpen(key, sealed)).toBeNull()
    const body = Buffer.from(sealed.body)
    body[0] ^= 1
    expect(gcmOpen(key, { ...sealed, body }, 'row 7')).toBeNull()
    const tag = Buffer.from(sealed.tag)
    tag[15] ^= 1
    expect(gcmOpen(key, { ...sealed, tag }, 'row 7')).toBeNull()
  })

  it('refuses a short tag or IV instead of accepting a truncated tag', () => {
    const sealed = gcmSeal(key, 'secret text')
    expect(gcmOpen(key, { ...sealed, tag: sealed.tag.subarray(0, 12) })).toBeNull()
    expect(gcmOpen(key, { ...sealed, iv: sealed.iv.subarray(0, 8) })).toBeNull()
  })
})
