// The FHIR base URL the admin portal hands to a hospital (and the token URL beside it).
import { expect, test } from 'vitest'
import { fhirBaseUrl, fhirTokenUrl } from './base-url'

test('FHIR_BASE_URL as set, always ending in a slash; else the API port on this machine', () => {
  expect(fhirBaseUrl({ FHIR_BASE_URL: 'https://api.clinic.example/fhir' })).toBe('https://api.clinic.example/fhir/')
  expect(fhirBaseUrl({ FHIR_BASE_URL: ' https://api.clinic.example/fhir/ ', PROVIDER_PORT: '5000' })).toBe('https://api.clinic.example/fhir/')
  expect(fhirBaseUrl({ PROVIDER_PORT: '4401' })).toBe('http://localhost:4401/fhir/')
  expect(fhirBaseUrl({})).toBe('http://localhost:4000/fhir/')
  expect(fhirTokenUrl({ FHIR_BASE_URL: 'https://api.clinic.example/fhir/' })).toBe('https://api.clinic.example/fhir/token')
})
