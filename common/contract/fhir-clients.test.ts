// The body of POST v1/admin/fhir-clients/ (docs/provider-api.md "FHIR client apps"): what it takes,
// and every refusal with its documented message, under its field.
import { describe, expect, test } from 'vitest'
import { fhirClientBodySchema } from './fhir-clients'
import {
  FHIR_CLIENT_NAME_REQUIRED,
  FHIR_CLIENT_NAME_TOO_LONG,
  FHIR_SCOPES_REQUIRED,
  JWKS_DUPLICATE_KID,
  JWKS_KEY_ALG,
  JWKS_KEY_NO_KID,
  JWKS_KEY_TYPE,
  JWKS_NO_KEYS,
  JWKS_NOT_JSON,
  JWKS_PRIVATE_KEY,
  JWKS_SOURCE_BOTH,
  JWKS_SOURCE_REQUIRED,
  JWKS_URL_INVALID,
} from './fhir-clients-values'

const EC_KEY = { kty: 'EC', crv: 'P-384', kid: 'ec-1', x: 'x', y: 'y', alg: 'ES384' }
const RSA_KEY = { kty: 'RSA', kid: 'rsa-1', n: 'n', e: 'AQAB' }
const good = { name: 'St Mary EHR', jwks_url: 'https://ehr.example/jwks.json', scopes: ['system/Patient.rs'] }

/** Each field's messages, as the API would answer them. */
function refusals(body: unknown): Record<string, string[]> {
  const result = fhirClientBodySchema.safeParse(body)
  if (result.success) return {}
  const errors: Record<string, string[]> = {}
  for (const issue of result.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message)
  return errors
}

describe('what it takes', () => {
  test('a JWKS URL: the name trimmed, the scopes in the list order without duplicates', () => {
    const parsed = fhirClientBodySchema.parse({
      ...good,
      name: '  St Mary EHR ',
      scopes: ['system/Observation.rs', 'system/Patient.rs', 'system/Observation.rs'],
    })
    expect(parsed).toEqual({
      name: 'St Mary EHR',
      jwks_url: 'https://ehr.example/jwks.json',
      jwks: undefined,
      scopes: ['system/Patient.rs', 'system/Observation.rs'],
    })
  })

  test('a pasted JWKS, as text or as an object: only its keys are kept', () => {
    const text = JSON.stringify({ keys: [EC_KEY, RSA_KEY], note: 'ours' })
    const body = { name: 'EHR', jwks: text, scopes: ['system/Group.rs'] }
    expect(fhirClientBodySchema.parse(body).jwks).toEqual({ keys: [EC_KEY, RSA_KEY] })
    expect(fhirClientBodySchema.parse({ ...body, jwks: { keys: [RSA_KEY] } }).jwks).toEqual({ keys: [RSA_KEY] })
  })

  test('plain http to this machine passes the schema (the API refuses it outside development)', () => {
    expect(refusals({ ...good, jwks_url: 'http://localhost:5000/jwks.json' })).toEqual({})
    expect(refusals({ ...good, jwks_url: 'http://127.0.0.1/jwks.json' })).toEqual({})
  })
})

describe('refusals, each with its documented message', () => {
  test('name: required, at most 100 characters', () => {
    expect(refusals({ ...good, name: '   ' })).toEqual({ name: [FHIR_CLIENT_NAME_REQUIRED] })
    expect(refusals({ ...good, name: undefined })).toEqual({ name: [FHIR_CLIENT_NAME_REQUIRED] })
    expect(refusals({ ...good, name: 'x'.repeat(100) })).toEqual({})
    expect(refusals({ ...good, name: 'x'.repeat(101) })).toEqual({ name: [FHIR_CLIENT_NAME_TOO_LONG] })
  })

  test('keys: exactly one of the two', () => {
    expect(refusals({ name: 'A', scopes: ['system/Patient.rs'] })).toEqual({ jwks_url: [JWKS_SOURCE_REQUIRED] })
    expect(refusals({ ...good, jwks: { keys: [EC_KEY] } })).toEqual({ jwks_url: [JWKS_SOURCE_BOTH] })
  })

  test('the JWKS URL: https, or http to this machine only', () => {
    for (const url of ['http://ehr.example/jwks.json', 'ftp://ehr.example/jwks', 'not a url', 'https://user:pw@ehr.example/jwks']) {
      expect(refusals({ ...good, jwks_url: url }), url).toEqual({ jwks_url: [JWKS_URL_INVALID] })
    }
  })

  test('a pasted JWKS: JSON, a keys list, a kid and an RSA or EC type each, public parts only, RS384 or ES384', () => {
    const pasted = (jwks: unknown) => refusals({ name: 'A', jwks, scopes: ['system/Patient.rs'] })
    expect(pasted('{ "keys": [')).toEqual({ jwks: [JWKS_NOT_JSON] })
    expect(pasted('[]')).toEqual({ jwks: [JWKS_NO_KEYS] })
    expect(pasted({ keys: [] })).toEqual({ jwks: [JWKS_NO_KEYS] })
    expect(pasted({ kid: 'a', kty: 'EC' })).toEqual({ jwks: [JWKS_NO_KEYS] })
    expect(pasted({ keys: [{ ...EC_KEY, kid: undefined }] })).toEqual({ jwks: [JWKS_KEY_NO_KID] })
    expect(pasted({ keys: [{ ...EC_KEY, kty: 'oct' }] })).toEqual({ jwks: [JWKS_KEY_TYPE] })
    expect(pasted({ keys: [{ ...EC_KEY, d: 'secret' }] })).toEqual({ jwks: [JWKS_PRIVATE_KEY] })
    expect(pasted({ keys: [{ ...RSA_KEY, p: 'prime' }] })).toEqual({ jwks: [JWKS_PRIVATE_KEY] })
    expect(pasted({ keys: [{ ...RSA_KEY, alg: 'RS256' }] })).toEqual({ jwks: [JWKS_KEY_ALG] })
    expect(pasted({ keys: [{ ...RSA_KEY, alg: 'none' }] })).toEqual({ jwks: [JWKS_KEY_ALG] })
    expect(pasted({ keys: [EC_KEY, { ...RSA_KEY, kid: 'ec-1' }] })).toEqual({ jwks: [JWKS_DUPLICATE_KID] })
  })

  test('scopes: at least one, each from the list', () => {
    expect(refusals({ ...good, scopes: [] })).toEqual({ scopes: [FHIR_SCOPES_REQUIRED] })
    expect(refusals({ ...good, scopes: undefined })).toEqual({ scopes: [FHIR_SCOPES_REQUIRED] })
    expect(refusals({ ...good, scopes: ['system/*.read'] }).scopes?.[0]).toMatch(/^Scopes must only contain: system\/Patient\.rs/)
    expect(refusals({ ...good, scopes: 'system/Patient.rs' })).toEqual({ scopes: ['Scopes must be a list'] })
  })

  test('every problem at once, each under its field (a refused key source is not also "missing")', () => {
    expect(refusals({ name: '', jwks: 'nope', scopes: [] })).toEqual({
      name: [FHIR_CLIENT_NAME_REQUIRED],
      jwks: [JWKS_NOT_JSON],
      scopes: [FHIR_SCOPES_REQUIRED],
    })
  })
})
