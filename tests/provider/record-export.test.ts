// GET v1/auth/record-export/ and GET v1/admin/patients/{id}/record-export/ (extension): the ZIP's
// files, its headers, who may download whose record, the audit row and the hourly limit.
import type { Bundle, Observation } from '@medplum/fhirtypes'
import { strFromU8, unzipSync } from 'fflate'
import { PassThrough } from 'node:stream'
import { beforeAll, describe, expect, test } from 'vitest'
import type { ProviderContext } from '../../provider/context'
import { ApiRouter } from '../../provider/endpoint-router'
import { recordExportRoutes } from '../../provider/record-export/routes'
import { tokenSecretFor } from '../../provider/store/meta'
import { API } from '../../common/contract/endpoints'
import { EXPORT_IN_PROGRESS, EXPORT_TOO_MANY, PATIENT_EXPORTS_PER_HOUR } from '../../common/contract/record-export-values'
import { profileFailures } from '../support/fhir-profiles'
import { STANDARD, SUPER } from '../support/fixtures'
import { adminToken, completeProfile, uniqueEmail, useTestProvider, verifiedCustomer } from './helpers'

const provider = useTestProvider()

async function download(path: string, token: string) {
  const response = await fetch(new URL(path, provider.url), { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  const bytes = new Uint8Array(await response.arrayBuffer())
  return { status: response.status, headers: response.headers, bytes }
}

function unzip(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]))
}

const csvRows = (text: string) => text.split('\r\n').filter((line) => line !== '').length - 1

async function patientWithLog() {
  const c = await verifiedCustomer(provider, uniqueEmail('record'))
  await completeProfile(provider, c.access)
  const entries = [
    ['weight', { date: '2026-04-10', weight: 110, weight_unit: 'kg', note: '=cmd()' }],
    ['weight', { date: '2026-04-17', weight: 108.5, weight_unit: 'lbs', note: '' }],
    ['meal', { date: '2026-04-11', time: '12:30', meal_type: 'lunch', protein_g: 30, calories: 400, description: 'Lunch, "big"' }],
    ['water', { date: '2026-04-11', ml: 500 }],
    ['sleep', { date: '2026-04-11', hours: 7.5, quality: 4, bed_time: '23:00', wake_time: '06:30' }],
    ['vitamins', { date: '2026-04-11', taken: ['Multivitamin', 'Vitamin D'] }],
  ] as const
  for (const [kind, body] of entries) {
    const res = await provider.call('POST', `v1/auth/entries/${kind}/`, { token: c.access, body })
    expect(res.status, res.text).toBe(201)
  }
  const profile = await provider.call('GET', 'v1/auth/profile/', { token: c.access })
  const id = (profile.json.content as { profile: { id: number } }).profile.id
  return { ...c, id }
}

let superToken: string
let standardToken: string
let patient: Awaited<ReturnType<typeof patientWithLog>>
let other: Awaited<ReturnType<typeof patientWithLog>>

beforeAll(async () => {
  superToken = await adminToken(provider, SUPER)
  standardToken = await adminToken(provider, STANDARD)
  patient = await patientWithLog()
  other = await patientWithLog()
})

describe('GET v1/auth/record-export/ (extension)', () => {
  test("a patient downloads their own record: a ZIP of every file, never cached", async () => {
    const res = await download('v1/auth/record-export/', patient.access)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="baricare-record-\d{4}-\d{2}-\d{2}\.zip"$/)
    const files = unzip(res.bytes)
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'meals.csv', 'messages.csv', 'profile.csv', 'record.fhir.json', 'reminders.csv', 'sleep.csv', 'summary.html', 'vitamins.csv', 'water.csv', 'weight.csv'].sort(),
    )
    expect(csvRows(files['weight.csv'])).toBe(2)
    expect(csvRows(files['meals.csv'])).toBe(1)
    expect(csvRows(files['water.csv'])).toBe(1)
    expect(csvRows(files['sleep.csv'])).toBe(1)
    expect(csvRows(files['vitamins.csv'])).toBe(1)
    expect(files['weight.csv'].split('\r\n')[0]).toBe('date,weight,unit,weight_kg,source,imported_from,note')
    // As typed (lbs), with kg beside; a formula-like note is defused; a quote is doubled.
    expect(files['weight.csv']).toContain('2026-04-17,239.2,lbs,108.5,manual,,')
    expect(files['weight.csv']).toContain("'=cmd()")
    expect(files['meals.csv']).toContain('"Lunch, ""big"""')
    expect(files['water.csv']).toMatch(/2026-04-11,(500,ml|16\.9,fl oz),500/)

    const bundle = JSON.parse(files['record.fhir.json']) as Bundle
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' })
    const resources = (bundle.entry ?? []).map((e) => e.resource!)
    const observations = resources.filter((r): r is Observation => r.resourceType === 'Observation')
    // 2 weights + their 2 BMIs + height + meal + water + sleep + vitamins.
    expect(observations).toHaveLength(9)
    expect(resources[0]).toMatchObject({ resourceType: 'Patient', id: String(patient.id) })
    expect(profileFailures(resources)).toEqual([])
    expect(files['summary.html']).toContain('%TWL')
    expect(files['README.txt']).toContain('record.fhir.json')
  })

  test('only with a patient token: no token, an admin token', async () => {
    expect((await download('v1/auth/record-export/', '')).status).toBe(401)
    expect((await download('v1/auth/record-export/', superToken)).status).toBe(401)
  })
})

describe('GET v1/admin/patients/{id}/record-export/ (extension)', () => {
  test("any admin downloads a patient's record, and the download is in the audit log", async () => {
    const res = await download(`v1/admin/patients/${patient.id}/record-export/`, standardToken)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const files = unzip(res.bytes)
    expect(csvRows(files['weight.csv'])).toBe(2)
    const audit = await provider.call('GET', `v1/admin/audit-events/?action=export&target_account_id=${patient.id}`, { token: superToken })
    expect(audit.status, audit.text).toBe(200)
    const events = (audit.json.content as { events: { actor_email: string; target_account_id: number; details: Record<string, unknown> }[] }).events
    expect(events).toEqual([
      expect.objectContaining({ actor_email: STANDARD.email, target_account_id: patient.id, details: expect.objectContaining({ dataset: 'record' }) }),
    ])
  })

  test("a patient's token cannot reach another patient's record; an unknown patient is a 404", async () => {
    expect((await download(`v1/admin/patients/${patient.id}/record-export/`, other.access)).status).toBe(401)
    expect((await download(`v1/admin/patients/${patient.id}/record-export/`, patient.access)).status).toBe(401)
    const unknown = await provider.call('GET', 'v1/admin/patients/999999999/record-export/', { token: superToken })
    expect(unknown.status).toBe(404)
    // The patient route names no patient: the other patient's token gets the other patient's own record.
    const own = unzip((await download('v1/auth/record-export/', other.access)).bytes)
    expect(own['profile.csv']).toContain(other.email)
    expect(own['profile.csv']).not.toContain(patient.email)
  })
})

describe('limits', () => {
  test('one download of a record at a time: a second while the first is written is a 409', async () => {
    // The route itself, on the running provider's store, so the first download can be held open
    // between its headers and its body (over HTTP a small record is written before a second request lands).
    const ctx = { db: provider.db, secret: await tokenSecretFor(provider.db), appUrl: 'http://app.test', adminMfa: 'off' } as ProviderContext
    const router = new ApiRouter(ctx)
    router.serve(recordExportRoutes(ctx))
    const path = API.yourData.recordExport.path
    const route = router.find('GET', path)
    const req = { method: 'GET', path, query: new URLSearchParams(), headers: { authorization: `Bearer ${patient.access}` }, rawBody: '' }
    const first = await route.handler(req)
    expect(first.file?.contentType).toBe('application/zip')
    await expect(Promise.resolve().then(() => route.handler(req))).rejects.toMatchObject({ status: 409, message: EXPORT_IN_PROGRESS })
    const sink = new PassThrough()
    const bytes: Buffer[] = []
    sink.on('data', (chunk: Buffer) => bytes.push(chunk))
    await first.file!.write(sink)
    expect(unzipSync(new Uint8Array(Buffer.concat(bytes)))['weight.csv']).toBeDefined()
    // Written (or failed): the next one goes.
    const next = await route.handler(req)
    await next.file!.write(new PassThrough().resume())
  })

  test(`a patient may download ${PATIENT_EXPORTS_PER_HOUR} times an hour, then gets a 429`, async () => {
    const c = await verifiedCustomer(provider, uniqueEmail('record-limit'))
    await completeProfile(provider, c.access)
    for (let i = 0; i < PATIENT_EXPORTS_PER_HOUR; i++) expect((await download('v1/auth/record-export/', c.access)).status).toBe(200)
    const refused = await provider.call('GET', 'v1/auth/record-export/', { token: c.access })
    expect(refused.status).toBe(429)
    expect(refused.json.message).toBe(EXPORT_TOO_MANY)
  })
})
