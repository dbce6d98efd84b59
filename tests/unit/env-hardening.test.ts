import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/platform/env.server'

const LONG = 'x'.repeat(32)

describe('SESSION_SECRET in production', () => {
  it('refuses a secret shorter than 32 characters with one line that hides it', () => {
    const result = parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'a' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toMatch(/^Invalid environment: SESSION_SECRET must hold secrets of at least 32 characters/)
    expect(result.error).toContain('(hidden)')
    expect(result.error).not.toContain('\n')
  })

  it('refuses a short old secret in the rotation list too', () => {
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: `${LONG},short` }).ok).toBe(false)
  })

  it('accepts secrets of 32 characters or more, and short ones outside production', () => {
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: `${LONG},${LONG}y` }).ok).toBe(true)
    expect(parseEnv({ NODE_ENV: 'development', SESSION_SECRET: 'dev' }).ok).toBe(true)
  })
})

describe('TRUST_PROXY', () => {
  it('trusts no forwarded header by default', () => {
    const result = parseEnv({})
    expect(result.ok && result.env.TRUST_PROXY).toBe(false)
  })

  it.each([
    ['1', 1],
    ['0', false],
    ['false', false],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.7', ['10.0.0.0/8', '192.168.1.7']],
  ])('reads %j as %j', (value, expected) => {
    const result = parseEnv({ TRUST_PROXY: value })
    expect(result.ok && result.env.TRUST_PROXY).toEqual(expected)
  })

  it.each(['true', 'yes', 'example.com'])('refuses %j with one line naming the variable', (value) => {
    const result = parseEnv({ TRUST_PROXY: value })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatch(/^Invalid environment: TRUST_PROXY must be/)
  })
})
