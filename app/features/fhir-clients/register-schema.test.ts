// The registration form's schema: every problem at once (an empty form names the name, the keys
// and the scopes together), in the API's words.
import { describe, expect, test } from 'vitest'
import {
  FHIR_CLIENT_NAME_REQUIRED,
  FHIR_SCOPES_REQUIRED,
  JWKS_PRIVATE_KEY,
  JWKS_SOURCE_BOTH,
  JWKS_SOURCE_REQUIRED,
} from '~/../common/contract/fhir-clients-values'
import { validateRegister } from './register-schema'

function form(entries: [string, string][]) {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

function errors(entries: [string, string][]) {
  const submission = validateRegister(form(entries))
  return submission.status === 'success' ? {} : submission.reply().error
}

describe('the registration form', () => {
  test('an empty form names every field at once', () => {
    expect(errors([])).toEqual({
      name: [FHIR_CLIENT_NAME_REQUIRED],
      jwks_url: [JWKS_SOURCE_REQUIRED],
      scopes: [FHIR_SCOPES_REQUIRED],
    })
  })

  test('a private key, both key sources', () => {
    const key = JSON.stringify({ keys: [{ kty: 'EC', kid: 'k', d: 'secret' }] })
    expect(errors([['name', 'A'], ['jwks', key], ['scopes', 'system/Patient.rs']])).toEqual({ jwks: [JWKS_PRIVATE_KEY] })
    expect(errors([['name', 'A'], ['jwks_url', 'https://a.example/jwks'], ['jwks', key], ['scopes', 'system/Patient.rs']])).toMatchObject({
      jwks_url: [JWKS_SOURCE_BOTH],
    })
  })

  test('one scope ticked or several; a good form passes', () => {
    const one = validateRegister(form([['name', ' EHR '], ['jwks_url', 'https://a.example/jwks'], ['scopes', 'system/Patient.rs']]))
    expect(one.status === 'success' && one.value).toEqual({ name: 'EHR', jwks_url: 'https://a.example/jwks', scopes: ['system/Patient.rs'] })
    const two = validateRegister(
      form([['name', 'EHR'], ['jwks_url', 'https://a.example/jwks'], ['scopes', 'system/Patient.rs'], ['scopes', 'system/Group.rs']]),
    )
    expect(two.status === 'success' && two.value.scopes).toEqual(['system/Patient.rs', 'system/Group.rs'])
  })
})
