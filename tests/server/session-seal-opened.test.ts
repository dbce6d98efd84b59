import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as AesGcm from '~/../common/crypto/aes-gcm'

// Counts the decryptions the session cookie costs.
const opens = vi.hoisted(() => ({ count: 0 }))
vi.mock('~/../common/crypto/aes-gcm', async (importOriginal) => {
  const actual = await importOriginal<typeof AesGcm>()
  return {
    ...actual,
    gcmOpen: (...args: Parameters<typeof actual.gcmOpen>) => {
      opens.count++
      return actual.gcmOpen(...args)
    },
  }
})

const { seal, unseal } = await import('~/platform/session-seal.server')
const SECRETS = ['a-secret-of-at-least-thirty-two-chars-1']

describe('an opened session cookie', () => {
  beforeEach(() => {
    opens.count = 0
  })

  it('is decrypted once however often one request reads it', () => {
    const value = seal({ customer: { token: 't' }, n: 1 }, ['another-secret-of-thirty-two-chars-xx'])
    for (let i = 0; i < 4; i++) expect(unseal(value, ['another-secret-of-thirty-two-chars-xx'])).toEqual({ customer: { token: 't' }, n: 1 })
    expect(opens.count).toBeLessThanOrEqual(1)
  })

  it('gives each reader its own copy', () => {
    const value = seal({ customer: { name: 'Leo' } }, SECRETS)
    const first = unseal(value, SECRETS) as { customer: { name: string } }
    first.customer.name = 'changed'
    expect(unseal(value, SECRETS)).toEqual({ customer: { name: 'Leo' } })
  })

  it('still refuses a cookie under secrets that did not seal it, and a changed one', () => {
    const value = seal({ n: 2 }, SECRETS)
    expect(unseal(value, ['some-other-secret-of-thirty-two-chars'])).toBeNull()
    const changed = value.slice(0, -2) + (value.endsWith('A') ? 'BB' : 'AA')
    expect(unseal(changed, SECRETS)).toBeNull()
    expect(unseal(value, SECRETS)).toEqual({ n: 2 })
  })
})
