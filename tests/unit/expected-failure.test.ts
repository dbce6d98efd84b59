import { describe, expect, it } from 'vitest'
import { DataDirInUseError } from '../../provider/db/data-dir-lock'
import { engineOptionsFromEnv } from '../../provider/db/index'
import { adminMfaFromEnv } from '../../provider/admin-mfa-setting'
import { ExpectedFailure, failureText } from '../../provider/expected-failure'
import { passwordHashingFromEnv } from '../../provider/passwords'

describe('failureText (what a command prints when it fails)', () => {
  it('is the sentence alone for a failure the operator can act on', () => {
    const inUse = new DataDirInUseError('/data/pglite.lock', 42, undefined)
    expect(failureText(inUse)).toBe(inUse.message)
    expect(failureText(new ExpectedFailure('Port 4000 is taken.'))).toBe('Port 4000 is taken.')
    let config: unknown
    try {
      engineOptionsFromEnv({ DATABASE_URL: 'mysql://x' }, '/data')
    } catch (error) {
      config = error
    }
    expect(failureText(config)).toBe('Invalid environment: DATABASE_URL must start with postgres:// or postgresql://')
  })

  it('is the sentence alone for a refused ADMIN_MFA or PASSWORD_HASHING', () => {
    const refusal = (read: () => unknown) => {
      try {
        read()
      } catch (error) {
        return failureText(error)
      }
      return 'accepted'
    }
    expect(refusal(() => adminMfaFromEnv({ ADMIN_MFA: 'off' }, true))).toBe('Invalid environment: ADMIN_MFA cannot be "off" when NODE_ENV=production')
    expect(refusal(() => adminMfaFromEnv({ ADMIN_MFA: 'sometimes' }, false))).toMatch(/^Invalid environment: ADMIN_MFA [^\n]+$/)
    expect(refusal(() => passwordHashingFromEnv({ PASSWORD_HASHING: 'test' }, true))).toBe('Invalid environment: PASSWORD_HASHING cannot be "test" when NODE_ENV=production')
    expect(refusal(() => passwordHashingFromEnv({ PASSWORD_HASHING: 'fast' }, false))).toBe('Invalid environment: PASSWORD_HASHING must be "standard" or "test"')
  })

  it('is the sentence alone when the database cannot be reached, even with no message of its own', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(failureText(refused)).toBe('connect ECONNREFUSED 127.0.0.1:5432')
    const both = new AggregateError([refused, Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })])
    expect(failureText(both)).toBe('connect ECONNREFUSED 127.0.0.1:5432; connect ECONNREFUSED ::1:5432')
  })

  it('keeps the stack of anything else', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')")
    expect(failureText(bug)).toBe(bug.stack)
    expect(failureText(bug)).toMatch(/\n\s+at /)
    expect(failureText('thrown text')).toBe('thrown text')
  })
})
