import { describe, expect, test } from 'vitest'
import { DEFAULT_FHIR_RATE_LIMIT_PER_MINUTE } from '../../common/fhir/smart'
import { fhirBaseUrlOf, fhirSettingsFromEnv } from './settings'

describe('FHIR_BASE_URL and FHIR_RATE_LIMIT_PER_MINUTE', () => {
  test('unset: the base follows the API port (filled in at start), the limit is the default', () => {
    expect(fhirSettingsFromEnv({})).toEqual({ rateLimitPerMinute: DEFAULT_FHIR_RATE_LIMIT_PER_MINUTE })
  })

  test('a base URL gets its trailing slash and must end in /fhir/', () => {
    expect(fhirBaseUrlOf('https://care.example.org/fhir')).toBe('https://care.example.org/fhir/')
    expect(fhirBaseUrlOf('https://care.example.org/api/fhir/')).toBe('https://care.example.org/api/fhir/')
    for (const bad of ['care.example.org/fhir/', 'ftp://care.example.org/fhir/', 'https://care.example.org/', 'https://care.example.org/fhir/?a=1']) {
      expect(fhirBaseUrlOf(bad)).toBeNull()
    }
  })

  test('a malformed value stops the start with one line naming the variable', () => {
    expect(() => fhirSettingsFromEnv({ FHIR_BASE_URL: 'https://care.example.org/' })).toThrow(/^Invalid environment: FHIR_BASE_URL/)
    expect(() => fhirSettingsFromEnv({ FHIR_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/^Invalid environment: FHIR_RATE_LIMIT_PER_MINUTE/)
    expect(fhirSettingsFromEnv({ FHIR_RATE_LIMIT_PER_MINUTE: '60', FHIR_BASE_URL: 'https://care.example.org/fhir/' })).toEqual({
      baseUrl: 'https://care.example.org/fhir/',
      rateLimitPerMinute: 60,
    })
  })
})
