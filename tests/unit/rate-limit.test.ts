import { beforeEach, describe, expect, it } from 'vitest'
import { checkRateLimit, RATE_LIMITS, resetRateLimits } from '~/lib/rate-limit.server'

describe('checkRateLimit', () => {
  beforeEach(() => resetRateLimits())

  it('allows up to the per-e-mail limit and refuses the next attempt', () => {
    const { limit } = RATE_LIMITS.signin.perEmail
    for (let i = 0; i < limit; i++)
      expect(checkRateLimit({ clientIp: `10.0.0.${i}` }, 'signin', 'a@b.co', 0)).toBeNull()
    expect(checkRateLimit({ clientIp: '10.0.1.1' }, 'signin', 'A@B.co ', 0)).toBeGreaterThan(0)
  })

  it('limits one address across many e-mails', () => {
    const { limit } = RATE_LIMITS.signup.perIp
    for (let i = 0; i < limit; i++)
      expect(checkRateLimit({ clientIp: '1.2.3.4' }, 'signup', `u${i}@b.co`, 0)).toBeNull()
    expect(checkRateLimit({ clientIp: '1.2.3.4' }, 'signup', 'new@b.co', 0)).not.toBeNull()
    expect(checkRateLimit({ clientIp: '5.6.7.8' }, 'signup', 'new@b.co', 0)).toBeNull()
  })

  it('opens again when the window has passed', () => {
    const { limit, windowMs } = RATE_LIMITS['forgot-password'].perEmail
    for (let i = 0; i <= limit; i++)
      checkRateLimit({ clientIp: `9.9.9.${i}` }, 'forgot-password', 'x@y.co', 0)
    expect(checkRateLimit({ clientIp: '9.9.9.200' }, 'forgot-password', 'x@y.co', 1)).not.toBeNull()
    expect(checkRateLimit({ clientIp: '9.9.9.201' }, 'forgot-password', 'x@y.co', windowMs + 1)).toBeNull()
  })

  it('keeps actions apart', () => {
    const { limit } = RATE_LIMITS['admin-signin'].perEmail
    for (let i = 0; i <= limit; i++) checkRateLimit({ clientIp: `8.8.8.${i}` }, 'admin-signin', 'z@y.co', 0)
    expect(checkRateLimit({ clientIp: '8.8.8.100' }, 'signin', 'z@y.co', 0)).toBeNull()
  })
})
