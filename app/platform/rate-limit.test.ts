import { beforeEach, describe, expect, it } from 'vitest'
import {
  checkRateLimit,
  RATE_LIMITS,
  recordSignInFailure,
  resetRateLimits,
  SIGN_IN_FAILURE_LIMITS,
  signInBlockedFor,
} from './rate-limit.server'

describe('checkRateLimit', () => {
  beforeEach(() => resetRateLimits())

  it('allows up to the per-e-mail limit and refuses the next attempt', () => {
    const { limit } = RATE_LIMITS.signup.perEmail
    for (let i = 0; i < limit; i++) expect(checkRateLimit({ clientIp: `10.0.0.${i}` }, 'signup', 'a@b.co', 0)).toBeNull()
    expect(checkRateLimit({ clientIp: '10.0.1.1' }, 'signup', 'A@B.co ', 0)).toBeGreaterThan(0)
  })

  it('limits one address across many e-mails', () => {
    const { limit } = RATE_LIMITS.signup.perIp
    for (let i = 0; i < limit; i++) expect(checkRateLimit({ clientIp: '1.2.3.4' }, 'signup', `u${i}@b.co`, 0)).toBeNull()
    expect(checkRateLimit({ clientIp: '1.2.3.4' }, 'signup', 'new@b.co', 0)).not.toBeNull()
    expect(checkRateLimit({ clientIp: '5.6.7.8' }, 'signup', 'new@b.co', 0)).toBeNull()
  })

  it('opens again when the window has passed', () => {
    const { limit, windowMs } = RATE_LIMITS['forgot-password'].perEmail
    for (let i = 0; i <= limit; i++) checkRateLimit({ clientIp: `9.9.9.${i}` }, 'forgot-password', 'x@y.co', 0)
    expect(checkRateLimit({ clientIp: '9.9.9.200' }, 'forgot-password', 'x@y.co', 1)).not.toBeNull()
    expect(checkRateLimit({ clientIp: '9.9.9.201' }, 'forgot-password', 'x@y.co', windowMs + 1)).toBeNull()
  })

  it('keeps actions apart', () => {
    const { limit } = RATE_LIMITS['forgot-password'].perEmail
    for (let i = 0; i <= limit; i++) checkRateLimit({ clientIp: `8.8.8.${i}` }, 'forgot-password', 'z@y.co', 0)
    expect(checkRateLimit({ clientIp: '8.8.8.100' }, 'resend-verification', 'z@y.co', 0)).toBeNull()
  })
})

describe('sign-in failures per address', () => {
  beforeEach(() => resetRateLimits())
  const clinic = { clientIp: '192.0.2.10' }

  it('is generous: a waiting room sharing one address fails 100 times in 15 minutes before any wait', () => {
    const { limit, windowMs } = SIGN_IN_FAILURE_LIMITS.signin
    expect(limit).toBeGreaterThanOrEqual(100)
    for (let i = 0; i < limit; i++) {
      expect(signInBlockedFor(clinic, 'signin', 0)).toBeNull()
      recordSignInFailure(clinic, 'signin', 0)
    }
    expect(signInBlockedFor(clinic, 'signin', 1)).toBe(windowMs / 1000)
    // Another address, the other portal and a later window are unaffected.
    expect(signInBlockedFor({ clientIp: '192.0.2.11' }, 'signin', 1)).toBeNull()
    expect(signInBlockedFor(clinic, 'admin-signin', 1)).toBeNull()
    expect(signInBlockedFor(clinic, 'signin', windowMs)).toBeNull()
  })

  it('counts failures only: checking (every attempt, successful ones included) costs nothing', () => {
    for (let i = 0; i < 1000; i++) expect(signInBlockedFor(clinic, 'admin-signin', 0)).toBeNull()
  })
})
