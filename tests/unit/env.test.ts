import { describe, expect, it } from 'vitest'
import { getEnv, parseEnv } from '~/platform/env.server'

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const result = parseEnv({})
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.env.PORT).toBe(3000)
    expect(result.env.PROVIDER_TIMEOUT_MS).toBe(10_000)
    expect(result.env.PRODUCT_NAME).toBe('BariCare')
    expect(result.env.PROVIDER_API_URL).toBe('')
    expect(result.env.CLINIC_TIME_ZONE).toBe('America/New_York')
    expect(result.env.TERMS_URL).toBe('/terms')
    expect(result.env.PRIVACY_URL).toBe('/privacy')
  })

  it('takes a configured clinic time zone and terms/privacy pages', () => {
    const result = parseEnv({ CLINIC_TIME_ZONE: 'UTC', TERMS_URL: 'https://clinic.example/terms' })
    expect(result.ok && result.env.CLINIC_TIME_ZONE).toBe('UTC')
    expect(result.ok && result.env.TERMS_URL).toBe('https://clinic.example/terms')
  })

  it.each([
    [{ PORT: 'abc' }, /^Invalid environment: PORT /],
    [{ PORT: '70000' }, /^Invalid environment: PORT /],
    [{ PROVIDER_API_URL: 'not a url' }, /^Invalid environment: PROVIDER_API_URL /],
    [{ PROVIDER_API_URL: 'https://api.example.com/api' }, /PROVIDER_API_URL must end with "\/"/],
    [{ PROVIDER_TIMEOUT_MS: '-5' }, /^Invalid environment: PROVIDER_TIMEOUT_MS /],
    [{ NODE_ENV: 'production' }, /^Invalid environment: SESSION_SECRET is required when NODE_ENV=production/],
    [{ SESSION_SECRET: ' , ' }, /SESSION_SECRET must hold at least one secret \(hidden\)/],
    [{ CLINIC_TIME_ZONE: 'Eastern' }, /^Invalid environment: CLINIC_TIME_ZONE must be an IANA time zone name/],
  ])('rejects %o with one line naming the variable', (source, message) => {
    const result = parseEnv(source)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toMatch(message)
    expect(result.error).not.toContain('\n')
  })

  it('splits rotating secrets, newest first', () => {
    const result = parseEnv({ SESSION_SECRET: 'new, old ,' })
    expect(result.ok && result.env.SESSION_SECRETS).toEqual(['new', 'old'])
  })
})

describe('getEnv', () => {
  it('answers from its last parse until a variable it reads changes', () => {
    const saved = process.env.PRODUCT_NAME
    try {
      process.env.PRODUCT_NAME = 'Clinic One'
      const first = getEnv()
      expect(first.PRODUCT_NAME).toBe('Clinic One')
      expect(getEnv()).toBe(first)
      process.env.PRODUCT_NAME = 'Clinic Two'
      expect(getEnv().PRODUCT_NAME).toBe('Clinic Two')
      // A variable the schema does not read changes nothing.
      const second = getEnv()
      process.env.BARICARE_UNRELATED_TEST_VARIABLE = '1'
      expect(getEnv()).toBe(second)
    } finally {
      if (saved === undefined) delete process.env.PRODUCT_NAME
      else process.env.PRODUCT_NAME = saved
      delete process.env.BARICARE_UNRELATED_TEST_VARIABLE
    }
  })

  it('still refuses a bad value set after a good one', () => {
    const saved = process.env.PORT
    try {
      process.env.PORT = '3000'
      expect(getEnv().PORT).toBe(3000)
      process.env.PORT = 'eighty'
      expect(() => getEnv()).toThrow(/Invalid environment: PORT/)
    } finally {
      if (saved === undefined) delete process.env.PORT
      else process.env.PORT = saved
    }
  })
})
