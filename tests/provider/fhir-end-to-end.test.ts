// The FHIR API as a hospital's integration uses it, over HTTP on a real provider with every FHIR
// module wired in: discovery, a signed assertion for a token, searches, and a Bulk Data export from
// kick-off to the NDJSON files. The modules' own tests cover each part's rules in depth.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import type { Bundle, Observation, Resource } from '@medplum/fhirtypes'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CLIENT_ASSERTION_TYPE } from '../../common/fhir/smart'
import { createFhirClient } from '../../provider/store/fhir-clients'
import { profileFailures } from '../support/fhir-profiles'
import { completeProfile, useTestProvider, verifiedCustomer } from './helpers'

const exportDir = mkdtempSync(join(tmpdir(), 'baricare-fhir-e2e-'))
const provider = useTestProvider({ jobs: true, fhirExport: { dir: exportDir } }, { timeout: 60_000 })
afterAll(() => rmSync(exportDir, { recursive: true, force: true }))

let assertionKey: CryptoKey
let clientId = ''
let observationOnlyClientId = ''
let patientId = 0

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES384', { extractable: true })
  assertionKey = privateKey
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'ehr-1', alg: 'ES384' }] }
  const scopes = ['system/Patient.rs', 'system/Observation.rs', 'system/Procedure.rs']
  clientId = (await createFhirClient(provider.db, { name: 'St Mary EHR', jwksUrl: null, jwks, scopes, createdBy: null })).clientId
  observationOnlyClientId = (
    await createFhirClient(provider.db, { name: 'Vitals feed', jwksUrl: null, jwks, scopes: ['system/Observation.rs'], createdBy: null })
  ).clientId

  const patient = await verifiedCustomer(provider)
  await completeProfile(provider, patient.access)
  for (const [date, weight] of [['2026-10-01', 120], ['2026-10-08', 118.5], ['2026-10-15', 117]] as const) {
    const res = await provider.call('POST', 'v1/auth/entries/weight/', { token: patient.access, body: { date, weight, weight_unit: 'kg' } })
    expect(res.status, res.text).toBe(201)
  }
  patientId = (await provider.db.get<{ id: number }>('SELECT id FROM accounts WHERE email = ?', [patient.email]))!.id
})

const fhirUrl = (path: string) => new URL(`fhir/${path}`, provider.url)

async function tokenFor(client: string, scope: string): Promise<string> {
  const config = (await (await fetch(fhirUrl('.well-known/smart-configuration'))).json()) as { token_endpoint: string }
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES384', kid: 'ehr-1', typ: 'JWT' })
    .setIssuer(client)
    .setSubject(client)
    .setAudience(config.token_endpoint)
    .setJti(crypto.randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + 240)
    .sign(assertionKey)
  // The token URL as discovery gives it is the API's own here (FHIR_BASE_URL unset).
  const response = await fetch(config.token_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope, client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion }),
  })
  const body = (await response.json()) as { access_token: string }
  expect(response.status, JSON.stringify(body)).toBe(200)
  return body.access_token
}

async function get(url: string | URL, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

test('discovery, a token, and the patient and their vital signs by search', async () => {
  const metadata = await get(fhirUrl('metadata'))
  expect(metadata.status).toBe(200)
  expect(JSON.parse(metadata.text)).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' })

  expect((await get(fhirUrl(`Patient/${patientId}`))).status).toBe(401)
  const token = await tokenFor(clientId, 'system/Patient.rs system/Observation.rs')

  const read = await get(fhirUrl(`Patient/${patientId}`), token)
  expect(read.status, read.text).toBe(200)
  expect(read.headers.get('content-type')).toContain('application/fhir+json')
  expect(JSON.parse(read.text)).toMatchObject({ resourceType: 'Patient', id: String(patientId) })

  const search = await get(fhirUrl(`Observation?patient=Patient/${patientId}&category=vital-signs&_count=2`), token)
  expect(search.status, search.text).toBe(200)
  const first = JSON.parse(search.text) as Bundle<Observation>
  const next = first.link?.find((link) => link.relation === 'next')?.url
  expect(next).toBeTruthy()
  const observations: Observation[] = first.entry!.map((entry) => entry.resource!)
  let url: string | undefined = next
  while (url) {
    const page = JSON.parse((await get(url, token)).text) as Bundle<Observation>
    observations.push(...page.entry!.map((entry) => entry.resource!))
    url = page.link?.find((link) => link.relation === 'next')?.url
  }
  const weights = observations.filter((o) => o.code.coding?.some((c) => c.code === '29463-7'))
  expect(weights.map((o) => o.valueQuantity?.value)).toEqual([120, 118.5, 117])
  expect(profileFailures(observations)).toEqual([])
  // The weights as the patient entered them, each once, with a BMI beside each (a height is on file).
  expect(observations.filter((o) => o.code.coding?.some((c) => c.code === '39156-5'))).toHaveLength(3)
})

test('a token for Observations only cannot read the Patient', async () => {
  const token = await tokenFor(observationOnlyClientId, 'system/Observation.rs')
  const read = await get(fhirUrl(`Patient/${patientId}`), token)
  expect(read.status).toBe(403)
  expect(JSON.parse(read.text)).toMatchObject({ resourceType: 'OperationOutcome' })
  expect((await get(fhirUrl(`Observation?patient=${patientId}`), token)).status).toBe(200)
})

test('a Bulk Data export from kick-off to its files, fetched with the token', async () => {
  const token = await tokenFor(clientId, 'system/Patient.rs system/Observation.rs system/Procedure.rs')
  expect((await get(fhirUrl('$export'), token)).status).toBe(400)

  const kickOff = await get(fhirUrl('Patient/$export?_type=Patient,Observation'), token, { Prefer: 'respond-async' })
  expect(kickOff.status, kickOff.text).toBe(202)
  const statusUrl = kickOff.headers.get('content-location')!
  expect(new URL(statusUrl).pathname.startsWith('/fhir/$export-status/')).toBe(true)

  let status = await get(statusUrl, token)
  const deadline = Date.now() + 60_000
  while (status.status === 202 && Date.now() < deadline) {
    expect(status.headers.get('retry-after')).toMatch(/^\d+$/)
    await new Promise((resolve) => setTimeout(resolve, 200))
    status = await get(statusUrl, token)
  }
  expect(status.status, status.text).toBe(200)
  const manifest = JSON.parse(status.text) as { requiresAccessToken: boolean; output: { type: string; url: string; count: number }[] }
  expect(manifest.requiresAccessToken).toBe(true)
  expect(manifest.output.map((file) => file.type).sort()).toEqual(['Observation', 'Patient'])

  const resources: Resource[] = []
  for (const file of manifest.output) {
    expect((await get(file.url)).status).toBe(401)
    const answer = await get(file.url, token)
    expect(answer.status).toBe(200)
    const lines = answer.text.trimEnd().split('\n')
    expect(lines).toHaveLength(file.count)
    resources.push(...lines.map((line) => JSON.parse(line) as Resource))
  }
  expect(resources.some((resource) => resource.resourceType === 'Patient' && resource.id === String(patientId))).toBe(true)
  expect(profileFailures(resources)).toEqual([])

  const cancel = await fetch(statusUrl, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })
  expect(cancel.status).toBe(202)
  expect((await get(statusUrl, token)).status).toBe(404)
})
