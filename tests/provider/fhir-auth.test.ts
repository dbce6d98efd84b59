// The FHIR API's front door, against a real provider: SMART Backend Services tokens (signed client
// assertions, RS384 and ES384, and every refusal), the Bearer check and scopes on routes, rate
// limits, discovery, and how the dispatcher answers (OperationOutcome, headers, metrics labels).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose'
import type { CapabilityStatement, OperationOutcome } from '@medplum/fhirtypes'
import { validateResource } from '@medplum/core'
import { beforeAll, describe, expect, test } from 'vitest'
import { CLIENT_ASSERTION_TYPE, FHIR_ACCESS_TOKEN_TTL_SECONDS } from '../../common/fhir/smart'
import { fhirRoutes } from '../../provider/fhir/routes'
import { FhirError, type FhirRoute } from '../../provider/fhir/types'
import { createFhirClient, disableFhirClient, type FhirClient } from '../../provider/store/fhir-clients'
import { checkResource } from '../support/fhir-profiles'
import { useTestProvider, type TestProvider } from './helpers'

/** Routes standing in for the search and export modules, so the dispatcher's checks can be seen. */
const testRoutes: FhirRoute[] = [
  {
    method: 'GET',
    path: 'Patient/:id',
    need: { kind: 'resource', resourceType: 'Patient', mode: 'r' },
    handle: (req) => ({ status: 200, body: { resourceType: 'Patient', id: req.params.id } }),
  },
  {
    method: 'GET',
    path: 'Observation',
    need: { kind: 'resource', resourceType: 'Observation', mode: 's' },
    handle: (req) => ({ status: 200, body: { resourceType: 'Bundle', type: 'searchset', total: 0, link: [{ relation: 'self', url: `${req.baseUrl}Observation` }] } }),
  },
  {
    method: 'POST',
    path: 'Observation/_search',
    need: { kind: 'resource', resourceType: 'Observation', mode: 's' },
    handle: (req) => ({ status: 200, body: { resourceType: 'Parameters', parameter: [...req.query].map(([name, value]) => ({ name, valueString: value })) } }),
  },
  {
    method: 'GET',
    path: 'Observation/:id',
    need: { kind: 'resource', resourceType: 'Observation', mode: 'r' },
    handle: () => {
      throw new FhirError(404, 'not-found', 'No such Observation.')
    },
  },
  {
    method: 'GET',
    path: 'Procedure/:id',
    need: { kind: 'resource', resourceType: 'Procedure', mode: 'r' },
    handle: () => {
      throw new Error('boom: secret detail')
    },
  },
  {
    method: 'GET',
    path: 'files/:name',
    need: { kind: 'export' },
    handle: () => ({
      status: 200,
      headers: { 'Content-Type': 'application/fhir+ndjson' },
      stream: async (out) => {
        out.write('{"resourceType":"Patient","id":"1"}\n')
        out.write('{"resourceType":"Patient","id":"2"}\n')
      },
    }),
  },
]

interface Key {
  alg: 'RS384' | 'ES384'
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
}

async function makeKey(alg: 'RS384' | 'ES384', kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true })
  return { alg, kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } }
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

let jtiCounter = 0

interface AssertionOptions {
  clientId: string
  key: Key
  aud: string
  expIn?: number | null
  jti?: string
  kid?: string
  sub?: string
}

async function signAssertion(o: AssertionOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  let jwt = new SignJWT({})
    .setProtectedHeader({ alg: o.key.alg, kid: o.kid ?? o.key.kid, typ: 'JWT' })
    .setIssuer(o.clientId)
    .setSubject(o.sub ?? o.clientId)
    .setAudience(o.aud)
    .setJti(o.jti ?? `jti-${process.pid}-${++jtiCounter}-${Math.random()}`)
  if (o.expIn !== null) jwt = jwt.setExpirationTime(now + (o.expIn ?? 240))
  return jwt.sign(o.key.privateKey)
}

function useFhirProvider(options: { rateLimitPerMinute?: number; tokenRateLimitPerMinute?: number } = {}) {
  return useTestProvider({ fhir: { routes: [...testRoutes, ...fhirRoutes], tokenRateLimitPerMinute: 1000, ...options } })
}

function fhirClient(provider: TestProvider) {
  let tokenUrl = ''
  return {
    async tokenUrl(): Promise<string> {
      if (!tokenUrl) {
        const response = await fetch(new URL('fhir/.well-known/smart-configuration', provider.url))
        tokenUrl = ((await response.json()) as { token_endpoint: string }).token_endpoint
      }
      return tokenUrl
    },
    async register(keys: Key[] | { jwksUrl: string }, scopes = ['system/Patient.rs', 'system/Observation.rs']): Promise<FhirClient> {
      const jwks = Array.isArray(keys) ? { keys: keys.map((key) => key.publicJwk as Record<string, unknown>) } : null
      return createFhirClient(provider.db, { name: 'St Mary EHR', jwksUrl: Array.isArray(keys) ? null : keys.jwksUrl, jwks, scopes, createdBy: null })
    },
    async token(form: Record<string, string>, contentType = 'application/x-www-form-urlencoded') {
      const response = await fetch(new URL('fhir/token', provider.url), {
        method: 'POST',
        headers: { 'Content-Type': contentType },
        body: new URLSearchParams(form).toString(),
      })
      return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
    },
    async get(path: string, token?: string, init: RequestInit = {}) {
      const response = await fetch(new URL(`fhir/${path}`, provider.url), {
        ...init,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string> | undefined) },
      })
      const text = await response.text()
      return { status: response.status, headers: response.headers, text, body: text ? (JSON.parse(text.split('\n')[0]) as Record<string, unknown>) : null }
    },
  }
}

function tokenForm(assertion: string, scope = 'system/Patient.rs'): Record<string, string> {
  return { grant_type: 'client_credentials', scope, client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion }
}

describe('the token endpoint and the Bearer check', () => {
  const provider = useFhirProvider()
  const fhir = fhirClient(provider)
  let rsa: Key
  let ec: Key
  let client: FhirClient

  beforeAll(async () => {
    rsa = await makeKey('RS384', 'rsa-1')
    ec = await makeKey('ES384', 'ec-1')
    client = await fhir.register([rsa, ec])
  })

  async function validAssertion(overrides: Partial<AssertionOptions> = {}) {
    return signAssertion({ clientId: client.clientId, key: rsa, aud: await fhir.tokenUrl(), ...overrides })
  }

  test.each(['RS384', 'ES384'] as const)('an assertion signed %s gets a short-lived bearer token, and the grant is audited', async (alg) => {
    const key = alg === 'RS384' ? rsa : ec
    const answer = await fhir.token(tokenForm(await validAssertion({ key }), 'system/Patient.rs system/Observation.rs'))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: FHIR_ACCESS_TOKEN_TTL_SECONDS,
      scope: 'system/Patient.rs system/Observation.rs',
    })
    expect(answer.body).not.toHaveProperty('refresh_token')
    const read = await fhir.get('Patient/7', answer.body.access_token as string)
    expect(read.status).toBe(200)
    expect(read.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8')
    expect(read.headers.get('cache-control')).toBe('no-store')
    expect(read.body).toEqual({ resourceType: 'Patient', id: '7' })

    const rows = await provider.db.all<{ actor_email: string; actor_account_id: number | null; details: unknown }>(
      `SELECT actor_email, actor_account_id, details FROM audit_events WHERE action = 'fhir_token' ORDER BY id`,
    )
    expect(rows.at(-1)).toMatchObject({ actor_email: `FHIR client "St Mary EHR" (${client.clientId})`, actor_account_id: null })
    const details = rows.at(-1)?.details
    expect(typeof details === 'string' ? JSON.parse(details) : details).toEqual({ scopes: ['system/Patient.rs', 'system/Observation.rs'] })
    const used = await provider.db.get<{ last_used_at: unknown }>(`SELECT last_used_at FROM fhir_clients WHERE client_id = ?`, [client.clientId])
    expect(used?.last_used_at).not.toBeNull()
  })

  test('a client whose keys are at a JWKS URL gets a token too', async () => {
    const key = await makeKey('ES384', 'remote-1')
    const server: Server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ keys: [key.publicJwk] }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const remote = await fhir.register({ jwksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json` })
      const answer = await fhir.token(tokenForm(await signAssertion({ clientId: remote.clientId, key, aud: await fhir.tokenUrl() })))
      expect(answer.status).toBe(200)
    } finally {
      server.close()
    }
  })

  test.each<[string, () => Promise<Record<string, string>>, number, string]>([
    ['exp more than 5 minutes ahead', async () => tokenForm(await validAssertion({ expIn: 6 * 60 })), 401, 'invalid_client'],
    ['no exp', async () => tokenForm(await validAssertion({ expIn: null })), 401, 'invalid_client'],
    ['an expired assertion', async () => tokenForm(await validAssertion({ expIn: -120 })), 401, 'invalid_client'],
    ['the wrong aud', async () => tokenForm(await validAssertion({ aud: 'https://other.example/fhir/token' })), 401, 'invalid_client'],
    ['sub not the client id', async () => tokenForm(await validAssertion({ sub: 'someone-else' })), 401, 'invalid_client'],
    ['an unknown kid', async () => tokenForm(await validAssertion({ kid: 'not-registered' })), 401, 'invalid_client'],
    ['a key not in the client JWKS', async () => tokenForm(await signAssertion({ clientId: client.clientId, key: await makeKey('RS384', 'rsa-1'), aud: await fhir.tokenUrl() })), 401, 'invalid_client'],
    ['an unknown client', async () => tokenForm(await validAssertion({ clientId: 'no-such-client' } as Partial<AssertionOptions>)), 401, 'invalid_client'],
    [
      'alg none',
      async () => {
        const now = Math.floor(Date.now() / 1000)
        const claims = { iss: client.clientId, sub: client.clientId, aud: await fhir.tokenUrl(), exp: now + 60, jti: `none-${Math.random()}` }
        return tokenForm(`${base64url({ alg: 'none', kid: 'rsa-1', typ: 'JWT' })}.${base64url(claims)}.`)
      },
      401,
      'invalid_client',
    ],
    [
      'HS256',
      async () => {
        const now = Math.floor(Date.now() / 1000)
        const jwt = await new SignJWT({ jti: `hs-${Math.random()}` })
          .setProtectedHeader({ alg: 'HS256', kid: 'rsa-1' })
          .setIssuer(client.clientId)
          .setSubject(client.clientId)
          .setAudience(await fhir.tokenUrl())
          .setExpirationTime(now + 60)
          .sign(new TextEncoder().encode('a shared secret of at least thirty-two bytes'))
        return tokenForm(jwt)
      },
      401,
      'invalid_client',
    ],
    [
      'RS256',
      async () => {
        const key = await makeKey('RS384', 'rsa-1')
        const { privateKey } = await generateKeyPair('RS256')
        return tokenForm(await signAssertion({ clientId: client.clientId, key: { ...key, alg: 'RS256' as 'RS384', privateKey }, aud: await fhir.tokenUrl() }))
      },
      401,
      'invalid_client',
    ],
    ['a scope beyond the grant', async () => tokenForm(await validAssertion(), 'system/Patient.rs system/Procedure.rs'), 400, 'invalid_scope'],
    ['no scope', async () => tokenForm(await validAssertion(), ''), 400, 'invalid_request'],
    ['the wrong client_assertion_type', async () => ({ ...tokenForm(await validAssertion()), client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:saml2-bearer' }), 400, 'invalid_request'],
    [
      'no grant_type',
      async () => {
        const form = tokenForm(await validAssertion())
        delete form.grant_type
        return form
      },
      400,
      'invalid_request',
    ],
    ['grant_type authorization_code', async () => ({ ...tokenForm(await validAssertion()), grant_type: 'authorization_code' }), 400, 'unsupported_grant_type'],
    ['a client_assertion that is not a JWT', async () => tokenForm('not-a-jwt'), 400, 'invalid_request'],
  ])('refused: %s', async (_name, form, status, error) => {
    const answer = await fhir.token(await form())
    expect(answer.status).toBe(status)
    expect(answer.body).toEqual({ error, error_description: expect.any(String) })
    expect(answer.headers.get('cache-control')).toBe('no-store')
  })

  test('refused: a jti used before, even in an otherwise valid assertion', async () => {
    const jti = `once-${Math.random()}`
    expect((await fhir.token(tokenForm(await validAssertion({ jti })))).status).toBe(200)
    const again = await fhir.token(tokenForm(await validAssertion({ jti })))
    expect(again.status).toBe(401)
    expect(again.body).toMatchObject({ error: 'invalid_client', error_description: expect.stringContaining('jti') })
  })

  test('refused: a JSON token request', async () => {
    const answer = await fhir.token(tokenForm(await validAssertion()), 'application/json')
    expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
  })

  test('a disabled client gets no token, and the tokens it holds stop working at once', async () => {
    const key = await makeKey('ES384', 'ec-d')
    const doomed = await fhir.register([key])
    const form = async () => tokenForm(await signAssertion({ clientId: doomed.clientId, key, aud: await fhir.tokenUrl() }))
    const granted = await fhir.token(await form())
    expect(granted.status).toBe(200)
    const token = granted.body.access_token as string
    expect((await fhir.get('Patient/1', token)).status).toBe(200)
    await disableFhirClient(provider.db, doomed.id, null)
    expect(await fhir.token(await form())).toMatchObject({ status: 401, body: { error: 'invalid_client' } })
    const refused = await fhir.get('Patient/1', token)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer /)
  })

  test('no token → 401 OperationOutcome with WWW-Authenticate; a forged or foreign token → 401', async () => {
    const none = await fhir.get('Patient/1')
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="fhir"')
    expect(none.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8')
    expect(none.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'login' }] })
    // The client's own assertion is not an access token.
    expect((await fhir.get('Patient/1', await validAssertion())).status).toBe(401)
    const granted = await fhir.token(tokenForm(await validAssertion()))
    const token = granted.body.access_token as string
    const [header, payload] = token.split('.')
    const widened = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), scope: 'system/*.rs' })).toString('base64url')
    expect((await fhir.get('Observation', `${header}.${widened}.${token.split('.')[2]}`)).status).toBe(401)
  })

  test('an Observation-only token cannot read Patient (403), and a Patient-only token cannot search Observation', async () => {
    const observations = await fhir.token(tokenForm(await validAssertion(), 'system/Observation.rs'))
    const token = observations.body.access_token as string
    expect((await fhir.get('Observation', token)).status).toBe(200)
    const patient = await fhir.get('Patient/1', token)
    expect(patient.status).toBe(403)
    expect(patient.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'forbidden' }] })
    const patients = await fhir.token(tokenForm(await validAssertion(), 'system/Patient.rs'))
    expect((await fhir.get('Observation', patients.body.access_token as string)).status).toBe(403)
  })

  test('the dispatcher: FhirError, unknown path, wrong method, bad JSON, form search, streams, and a 500 without details', async () => {
    const granted = await fhir.token(tokenForm(await validAssertion(), 'system/Patient.rs system/Observation.rs'))
    const token = granted.body.access_token as string
    expect(await fhir.get('Observation/5', token)).toMatchObject({ status: 404, body: { resourceType: 'OperationOutcome', issue: [{ code: 'not-found', diagnostics: 'No such Observation.' }] } })
    const unknown = await fhir.get('Medication/5', token)
    expect(unknown).toMatchObject({ status: 404, body: { resourceType: 'OperationOutcome' } })
    expect(unknown.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8')
    const wrongMethod = await fhir.get('Patient/5', token, { method: 'DELETE' })
    expect(wrongMethod).toMatchObject({ status: 405, body: { resourceType: 'OperationOutcome', issue: [{ code: 'not-supported' }] } })
    expect(wrongMethod.headers.get('allow')).toBe('GET')
    const badJson = await fhir.get('Observation/_search', token, { method: 'POST', headers: { 'Content-Type': 'application/fhir+json' }, body: '{' })
    expect(badJson).toMatchObject({ status: 400, body: { resourceType: 'OperationOutcome', issue: [{ code: 'invalid' }] } })
    const form = await fhir.get('Observation/_search?patient=1', token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'category=vital-signs',
    })
    expect(form.body).toEqual({ resourceType: 'Parameters', parameter: [{ name: 'patient', valueString: '1' }, { name: 'category', valueString: 'vital-signs' }] })
    const stream = await fhir.get('files/a.ndjson', token)
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toBe('application/fhir+ndjson')
    expect(stream.headers.get('cache-control')).toBe('no-store')
    expect(stream.text.trim().split('\n')).toHaveLength(2)

    const before = provider.logged.length
    const crash = await fhir.get('Procedure/5', await tokenFor('system/Procedure.rs'))
    expect(crash.status).toBe(500)
    expect(crash.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'exception', diagnostics: 'Internal error.' }] })
    expect(crash.text).not.toMatch(/boom|secret|at /)
    const lines = provider.logged.splice(before)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^provider: internal error on GET \/fhir\/Procedure\/:id: Error: boom/)
  })

  async function tokenFor(scope: string): Promise<string> {
    const key = await makeKey('ES384', 'ec-p')
    const other = await fhir.register([key], [scope])
    const answer = await fhir.token(tokenForm(await signAssertion({ clientId: other.clientId, key, aud: await fhir.tokenUrl() }), scope))
    return answer.body.access_token as string
  }

  test('the request log and the metrics name the route pattern, never the raw path or query values', async () => {
    const token = await tokenFor('system/Patient.rs')
    await fhir.get('Patient/424242?name=Smith', token)
    const log = await provider.call('GET', '__dev/requests/')
    const entries = (log.json.content ?? log.json) as unknown
    expect(JSON.stringify(entries)).not.toMatch(/424242|Smith/)
    expect(JSON.stringify(entries)).toContain('/fhir/Patient/:id')
    const metrics = await (await fetch(new URL('metrics', provider.url))).text()
    expect(metrics).toContain('route="/fhir/Patient/:id"')
    expect(metrics).not.toContain('424242')
  })
})

describe('discovery', () => {
  const provider = useFhirProvider()
  const fhir = fhirClient(provider)

  test('GET fhir/metadata is a valid R4 CapabilityStatement naming the token URL, resources and $export', async () => {
    const answer = await fhir.get('metadata')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8')
    const statement = answer.body as unknown as CapabilityStatement
    expect(checkResource(statement).problems).toEqual([])
    expect(validateResource(statement).filter((issue) => issue.severity === 'error')).toEqual([])
    expect(statement).toMatchObject({ fhirVersion: '4.0.1', status: 'active', kind: 'instance', format: ['json'] })
    const rest = statement.rest?.[0]
    expect(rest?.mode).toBe('server')
    expect(rest?.security?.service?.[0].coding?.[0].code).toBe('SMART-on-FHIR')
    expect(rest?.security?.extension?.[0].extension?.[0]).toEqual({ url: 'token', valueUri: await fhir.tokenUrl() })
    const byType = new Map(rest?.resource?.map((resource) => [resource.type, resource]))
    expect(byType.get('Patient')?.interaction?.map((i) => i.code)).toEqual(['read', 'search-type'])
    expect(byType.get('Patient')?.searchParam?.map((p) => p.name)).toEqual(['_id', 'identifier', 'name', 'birthdate'])
    expect(byType.get('Observation')?.searchParam?.map((p) => p.name)).toEqual(['patient', 'category', 'code', 'date', '_count'])
    expect(byType.get('Procedure')?.searchParam?.map((p) => p.name)).toEqual(['patient'])
    expect(byType.get('Group')?.operation?.[0].name).toBe('export')
    expect(rest?.operation).toEqual([{ name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export' }])
  })

  test('GET fhir/.well-known/smart-configuration names the token endpoint and what it accepts', async () => {
    const answer = await fhir.get('.well-known/smart-configuration')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(answer.body).toEqual({
      token_endpoint: expect.stringMatching(/^http:\/\/localhost:\d+\/fhir\/token$/),
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      grant_types_supported: ['client_credentials'],
      scopes_supported: ['system/Patient.rs', 'system/Observation.rs', 'system/Procedure.rs', 'system/Group.rs'],
      capabilities: ['client-confidential-asymmetric'],
    })
  })

  test('the base of the paths is fhir/ only: v1/ and other paths are untouched, fhir alone is a 404 OperationOutcome', async () => {
    const bare = await fhir.get('')
    expect(bare.status).toBe(404)
    expect((bare.body as unknown as OperationOutcome).resourceType).toBe('OperationOutcome')
    expect((await provider.call('GET', 'fhirx')).json).toMatchObject({ message: 'Not found' })
  })
})

describe('FHIR_BASE_URL', () => {
  const provider = useTestProvider({ fhir: { baseUrl: 'https://care.example.org/fhir/' } })

  test('names the token endpoint and the CapabilityStatement', async () => {
    const config = (await (await fetch(new URL('fhir/.well-known/smart-configuration', provider.url))).json()) as { token_endpoint: string }
    expect(config.token_endpoint).toBe('https://care.example.org/fhir/token')
    const statement = (await (await fetch(new URL('fhir/metadata', provider.url))).json()) as CapabilityStatement
    expect(statement.implementation?.url).toBe('https://care.example.org/fhir/')
  })
})

describe('rate limits', () => {
  const provider = useFhirProvider({ rateLimitPerMinute: 3, tokenRateLimitPerMinute: 2 })
  const fhir = fhirClient(provider)

  test('a client past its requests per minute gets 429 with Retry-After; the token endpoint is limited per client id', async () => {
    const key = await makeKey('ES384', 'ec-r')
    const client = await fhir.register([key])
    const form = async () => tokenForm(await signAssertion({ clientId: client.clientId, key, aud: await fhir.tokenUrl() }))
    const granted = await fhir.token(await form())
    expect(granted.status).toBe(200)
    const token = granted.body.access_token as string
    for (let i = 0; i < 3; i++) expect((await fhir.get('Patient/1', token)).status).toBe(200)
    const limited = await fhir.get('Patient/1', token)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'throttled' }] })
    // Discovery is not counted against anyone.
    expect((await fhir.get('metadata')).status).toBe(200)

    expect((await fhir.token(await form())).status).toBe(200)
    const tooMany = await fhir.token(await form())
    expect(tooMany.status).toBe(429)
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

