// The FHIR client register (docs/provider-api.md "FHIR client apps"): a Super Admin registers,
// lists and disables client apps; every change is audited in its own transaction; nobody else may.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  FHIR_CLIENT_NAME_REQUIRED,
  FHIR_CLIENT_NOT_FOUND,
  FHIR_SCOPES_REQUIRED,
  JWKS_PRIVATE_KEY,
  JWKS_SOURCE_BOTH,
  JWKS_URL_INVALID,
} from '../../common/contract/fhir-clients-values'
import type { FhirClientItem, FhirClientList } from '../../common/contract/fhir-clients'
import type { ProviderContext } from '../../provider/context'
import type { EndpointRequest } from '../../provider/endpoint-router'
import { fhirClientRoutes } from '../../provider/routes/fhir-clients'
import { API } from '../../common/contract/endpoints'
import { STANDARD, SUPER } from '../support/fixtures'
import { adminToken, expectError, startTestProvider, verifiedCustomer, type ApiResponse, type TestProvider } from './helpers'

vi.setConfig({ testTimeout: 60_000 })

const PATH = 'v1/admin/fhir-clients/'
const EC_KEY = { kty: 'EC', crv: 'P-384', kid: 'ehr-2026', x: 'x', y: 'y', alg: 'ES384' }

let provider: TestProvider
let superAdmin: string
let standard: string

beforeAll(async () => {
  provider = await startTestProvider()
  superAdmin = await adminToken(provider, SUPER)
  standard = await adminToken(provider, STANDARD)
}, 120_000)
afterAll(async () => {
  await provider.close()
})

function ok<T>(res: ApiResponse, status = 200): T {
  expect(res.status, res.text).toBe(status)
  return res.json.content as T
}

async function auditRows(action: string, clientId: string) {
  const rows = await provider.db.all<{ actor_account_id: number | null; actor_email: string; details: Record<string, unknown> | string }>(
    'SELECT actor_account_id, actor_email, details FROM audit_events WHERE action = ? ORDER BY id',
    [action],
  )
  return rows
    .map((row) => ({ ...row, details: typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details }))
    .filter((row) => row.details.client_id === clientId)
}

describe('a Super Admin', () => {
  test('registers a client with a JWKS URL: a random client id, listed with who registered it, audited', async () => {
    const created = ok<FhirClientItem>(
      await provider.call('POST', PATH, {
        token: superAdmin,
        body: { name: ' St Mary EHR ', jwks_url: 'https://ehr.stmary.example/jwks.json', scopes: ['system/Observation.rs', 'system/Patient.rs'] },
      }),
      201,
    )
    expect(created).toMatchObject({
      name: 'St Mary EHR',
      jwks_url: 'https://ehr.stmary.example/jwks.json',
      jwks_kids: null,
      scopes: ['system/Patient.rs', 'system/Observation.rs'],
      created_by_email: SUPER.email,
      disabled_at: null,
      last_used_at: null,
    })
    expect(created.client_id).toMatch(/^[0-9a-f]{32}$/)

    const list = ok<FhirClientList>(await provider.call('GET', PATH, { token: superAdmin }))
    expect(list.clients.find((client) => client.id === created.id)).toEqual(created)
    expect(list.fhir_base_url).toMatch(/\/fhir\/$/)
    expect(list.token_url).toBe(`${list.fhir_base_url}token`)

    const [row] = await auditRows('fhir_client_register', created.client_id)
    expect(row).toMatchObject({
      actor_email: SUPER.email,
      details: { client_id: created.client_id, name: 'St Mary EHR', scopes: ['system/Patient.rs', 'system/Observation.rs'], keys: 'url' },
    })
    expect(row.actor_account_id).not.toBeNull()
  })

  test('registers a client with a pasted JWKS: the list shows its key ids, never the keys', async () => {
    const created = ok<FhirClientItem>(
      await provider.call('POST', PATH, {
        token: superAdmin,
        body: { name: 'Analytics', jwks: JSON.stringify({ keys: [EC_KEY] }), scopes: ['system/Group.rs'] },
      }),
      201,
    )
    expect(created).toMatchObject({ jwks_url: null, jwks_kids: ['ehr-2026'] })
    const list = await provider.call('GET', PATH, { token: superAdmin })
    expect(list.text).not.toContain('"crv"')
    const stored = await provider.db.get<{ jwks: unknown }>('SELECT jwks FROM fhir_clients WHERE client_id = ?', [created.client_id])
    expect(typeof stored!.jwks === 'string' ? JSON.parse(stored!.jwks) : stored!.jwks).toEqual({ keys: [EC_KEY] })
  })

  test('disables a client once: a second request answers the same and writes no second row', async () => {
    const created = ok<FhirClientItem>(
      await provider.call('POST', PATH, { token: superAdmin, body: { name: 'Old feed', jwks_url: 'https://old.example/jwks', scopes: ['system/Patient.rs'] } }),
      201,
    )
    const disabled = ok<FhirClientItem>(await provider.call('POST', `${PATH}${created.id}/disable/`, { token: superAdmin }))
    expect(disabled.disabled_at).not.toBeNull()
    expect(disabled.created_by_email).toBe(SUPER.email)
    const again = ok<FhirClientItem>(await provider.call('POST', `${PATH}${created.id}/disable/`, { token: superAdmin }))
    expect(again.disabled_at).toBe(disabled.disabled_at)
    const rows = await auditRows('fhir_client_disable', created.client_id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ actor_email: SUPER.email, details: { client_id: created.client_id, name: 'Old feed' } })
    expectError(await provider.call('POST', `${PATH}999999/disable/`, { token: superAdmin }), 404, FHIR_CLIENT_NOT_FOUND)
  })

  test('is refused with the documented messages, every field at once, and nothing is stored', async () => {
    const before = (await provider.db.all('SELECT id FROM fhir_clients')).length
    const data = expectError(
      await provider.call('POST', PATH, { token: superAdmin, body: { name: '', jwks: { keys: [{ ...EC_KEY, d: 'private' }] }, scopes: [] } }),
      400,
      FHIR_CLIENT_NAME_REQUIRED,
    )
    expect(data).toEqual({ name: [FHIR_CLIENT_NAME_REQUIRED], jwks: [JWKS_PRIVATE_KEY], scopes: [FHIR_SCOPES_REQUIRED] })
    expect(
      expectError(
        await provider.call('POST', PATH, {
          token: superAdmin,
          body: { name: 'A', jwks_url: 'https://a.example/jwks', jwks: { keys: [EC_KEY] }, scopes: ['system/Patient.rs'] },
        }),
        400,
        JWKS_SOURCE_BOTH,
      ),
    ).toEqual({ jwks_url: [JWKS_SOURCE_BOTH] })
    expectError(
      await provider.call('POST', PATH, { token: superAdmin, body: { name: 'A', jwks_url: 'http://ehr.example/jwks', scopes: ['system/Patient.rs'] } }),
      400,
      JWKS_URL_INVALID,
    )
    expect((await provider.db.all('SELECT id FROM fhir_clients')).length).toBe(before)
  })

  test('on a development instance, a key server on this machine may be plain http', async () => {
    const created = ok<FhirClientItem>(
      await provider.call('POST', PATH, { token: superAdmin, body: { name: 'Dev', jwks_url: 'http://localhost:5055/jwks.json', scopes: ['system/Patient.rs'] } }),
      201,
    )
    expect(created.jwks_url).toBe('http://localhost:5055/jwks.json')
  })
})

test('outside development, plain http to this machine is refused before anything is stored', async () => {
  // Only the flag is read before the refusal: no database, no session.
  const ctx = { devMode: false, fhir: { baseUrl: 'http://localhost:4000/fhir/' } } as ProviderContext
  const register = fhirClientRoutes(ctx).find((served) => served.endpoint === API.fhirClients.register)!
  const body = { name: 'Dev', jwks_url: 'http://localhost:5055/jwks.json', jwks: undefined, scopes: ['system/Patient.rs'] }
  const input = { body, caller: { account: { id: 1, email: 'a@b.test' }, sid: 's' } } as unknown as EndpointRequest<typeof API.fhirClients.register>
  await expect(Promise.resolve().then(() => register.handler(input as never))).rejects.toMatchObject({
    status: 400,
    message: JWKS_URL_INVALID,
    data: { jwks_url: [JWKS_URL_INVALID] },
  })
})

describe('anyone else', () => {
  test('a Standard Admin gets 403 on every endpoint; a patient and no token get 401', async () => {
    const patient = await verifiedCustomer(provider)
    const body = { name: 'X', jwks_url: 'https://x.example/jwks', scopes: ['system/Patient.rs'] }
    const calls: [string, string, unknown][] = [
      ['GET', PATH, undefined],
      ['POST', PATH, body],
      ['POST', `${PATH}1/disable/`, undefined],
    ]
    for (const [method, path, sent] of calls) {
      expectError(await provider.call(method, path, { token: standard, body: sent }), 403)
      expectError(await provider.call(method, path, { token: patient.access, body: sent }), 401)
      expectError(await provider.call(method, path, { body: sent }), 401)
    }
    const names = await provider.db.all<{ name: string }>('SELECT name FROM fhir_clients WHERE name = ?', ['X'])
    expect(names).toEqual([])
  })
})
