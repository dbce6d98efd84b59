// The FHIR client register (provider/store/fhir-clients.ts): what the token endpoint and the admin
// portal both rely on.
import { afterEach, beforeEach, expect, test } from 'vitest'
import type { Store } from '../../provider/store/sql'
import {
  createFhirClient,
  disableFhirClient,
  findFhirClientByClientId,
  listFhirClients,
  useAssertionId,
} from '../../provider/store/fhir-clients'
import { openTestStore } from './helpers'

let store: Store
beforeEach(async () => {
  store = await openTestStore()
})
afterEach(async () => {
  await store.close()
})

const jwks = { keys: [{ kty: 'EC', crv: 'P-384', kid: 'k1', x: 'x', y: 'y' }] }

test('a registered client is found by its client id, with its keys and scopes', async () => {
  const created = await createFhirClient(store, { name: 'St Mary EHR', jwksUrl: null, jwks, scopes: ['system/Patient.rs'], createdBy: null })
  expect(created.clientId).toMatch(/^[0-9a-f]{32}$/)
  const found = await findFhirClientByClientId(store, created.clientId)
  expect(found).toMatchObject({ name: 'St Mary EHR', jwks, jwksUrl: null, scopes: ['system/Patient.rs'], disabledAt: null })
  expect(await listFhirClients(store)).toHaveLength(1)
})

test('a client is disabled once', async () => {
  const created = await createFhirClient(store, { name: 'A', jwksUrl: 'https://ehr.example/jwks.json', jwks: null, scopes: [], createdBy: null })
  expect(await disableFhirClient(store, created.id, null)).toBe(true)
  expect(await disableFhirClient(store, created.id, null)).toBe(false)
  expect((await findFhirClientByClientId(store, created.clientId))?.disabledAt).not.toBeNull()
})

test('an assertion id is accepted once per client, and forgotten after it expires', async () => {
  const now = new Date('2026-11-27T12:00:00Z')
  const expires = new Date(now.getTime() + 60_000)
  expect(await useAssertionId(store, 'c1', 'j1', expires, now)).toBe(true)
  expect(await useAssertionId(store, 'c1', 'j1', expires, now)).toBe(false)
  expect(await useAssertionId(store, 'c2', 'j1', expires, now)).toBe(true)
  const later = new Date(now.getTime() + 120_000)
  expect(await useAssertionId(store, 'c1', 'j1', new Date(later.getTime() + 60_000), later)).toBe(true)
})
