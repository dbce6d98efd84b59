// FHIR Bulk Data export: the handlers called in-process with a request and a grant (the token check
// is the dispatcher's), on a provider whose job runner works the exports, over real patients and
// health-log entries. Runs on PGlite and, in the provider-pg project, on PostgreSQL.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import type { Resource } from '@medplum/fhirtypes'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { US_CORE } from '../../common/fhir/codes'
import type { ProviderContext } from '../../provider/context'
import { findFhirRoute } from '../../provider/fhir/dispatch'
import { cleanUpFhirExports } from '../../provider/fhir/bulk/jobs'
import { bulkRoutes } from '../../provider/fhir/bulk/routes'
import { FhirError, operationOutcome, type FhirGrant, type FhirMethod, type FhirReply } from '../../provider/fhir/types'
import type { Db } from '../../provider/store/sql'
import { profileFailures } from '../support/fhir-profiles'
import { startTestProvider, useTestProvider } from './helpers'

const BASE = 'http://ehr.test/fhir/'
const ALL_SCOPES = ['system/Patient.rs', 'system/Observation.rs', 'system/Procedure.rs']
const grantFor = (clientId: string, scopes = ALL_SCOPES): FhirGrant => ({ clientId, clientName: `Test ${clientId}`, scopes })

interface Answer {
  status: number
  headers: Record<string, string>
  body: unknown
  text: string
}

/** A request through the route table, as the dispatcher would make it after checking the token. */
async function fhir(
  ctx: ProviderContext,
  method: FhirMethod,
  target: string,
  { grant = grantFor('c1'), prefer = 'respond-async' }: { grant?: FhirGrant; prefer?: string | null } = {},
): Promise<Answer> {
  const url = new URL(target, BASE)
  const path = url.pathname.slice('/fhir/'.length)
  const found = findFhirRoute(bulkRoutes, method, path)
  if (found === null || found === 'method-not-allowed') return { status: found === null ? 404 : 405, headers: {}, body: null, text: '' }
  let reply: FhirReply
  try {
    reply = await found.route.handle({
      ctx,
      method,
      path,
      params: found.params,
      query: url.searchParams,
      headers: prefer === null ? {} : { prefer },
      rawBody: '',
      grant,
      baseUrl: BASE,
    })
  } catch (error) {
    if (!(error instanceof FhirError)) throw error
    return { status: error.status, headers: {}, body: operationOutcome(error.code, error.message), text: '' }
  }
  if ('stream' in reply) {
    const out = new PassThrough()
    const chunks: Buffer[] = []
    out.on('data', (chunk: Buffer) => chunks.push(chunk))
    await reply.stream(out)
    out.end()
    return { status: reply.status, headers: reply.headers ?? {}, body: null, text: Buffer.concat(chunks).toString('utf8') }
  }
  return { status: reply.status, headers: reply.headers ?? {}, body: reply.body, text: '' }
}

interface Manifest {
  transactionTime: string
  request: string
  requiresAccessToken: boolean
  output: { type: string; url: string; count: number }[]
  error: unknown[]
}

/** Polls the status URL until the export is no longer running. */
async function finished(ctx: ProviderContext, statusUrl: string, grant = grantFor('c1'), timeoutMs = 30_000): Promise<Answer> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const answer = await fhir(ctx, 'GET', statusUrl, { grant })
    if (answer.status !== 202) return answer
    expect(answer.headers['Retry-After']).toMatch(/^\d+$/)
    expect(answer.headers['X-Progress']).toBeTruthy()
    if (Date.now() > deadline) throw new Error(`export still running: ${answer.headers['X-Progress']}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function kickOffAndWait(ctx: ProviderContext, target: string, grant = grantFor('c1')) {
  const kick = await fhir(ctx, 'GET', target, { grant })
  expect(kick.status, JSON.stringify(kick.body)).toBe(202)
  const statusUrl = kick.headers['Content-Location']
  const done = await finished(ctx, statusUrl, grant)
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  return { statusUrl, manifest: done.body as Manifest }
}

/** Every file of the manifest, parsed line by line, by type (and its line count checked against the manifest). */
async function filesOf(ctx: ProviderContext, manifest: Manifest, grant = grantFor('c1')): Promise<Record<string, Resource[]>> {
  const byType: Record<string, Resource[]> = {}
  for (const output of manifest.output) {
    const answer = await fhir(ctx, 'GET', output.url, { grant })
    expect(answer.status).toBe(200)
    expect(answer.headers['Content-Type']).toBe('application/fhir+ndjson')
    expect(answer.text.endsWith('\n')).toBe(true)
    const lines = answer.text.slice(0, -1).split('\n')
    expect(lines.length).toBe(output.count)
    const resources = lines.map((line) => JSON.parse(line) as Resource)
    for (const resource of resources) expect(resource.resourceType).toBe(output.type)
    ;(byType[output.type] ??= []).push(...resources)
  }
  return byType
}

// ---- Patients ------------------------------------------------------------------------------------

const personal = (name: string, height: number | null) => ({
  full_name: name,
  phone_number: '',
  date_of_birth: '1980-04-02',
  gender: 'F',
  height: height ?? 0,
  height_unit: 'cm',
  initial_weight: 120,
  weight_unit: 'kg',
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  postal_code: '',
})

interface SeedPatient {
  email: string
  name: string
  height: number | null
  surgery: string | null
  weights: number
  closed?: boolean
  deactivated?: boolean
}

const OLD = '2026-01-01T00:00:00.000Z'

async function seedPatient(db: Db, patient: SeedPatient): Promise<number> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO accounts (email, portal, password_hash, full_name, email_verified, created_at, closed_at, deactivated_at)
     VALUES (?, 'customer', 'x', ?, true, ?, ?, ?) RETURNING id`,
    [patient.email, patient.name, OLD, patient.closed ? OLD : null, patient.deactivated ? OLD : null],
  )
  const id = Number(row?.id)
  const bariatric = patient.surgery
    ? { bariatric_status: 'yes', surgery_type: patient.surgery, surgery_date: '2025-06-01', pre_surgery_weight: 130, goal_weight: 80 }
    : { bariatric_status: 'no', surgery_type: null, surgery_date: null, pre_surgery_weight: null, goal_weight: null }
  await db.run(
    `INSERT INTO customer_profiles (account_id, personal, bariatric_surgery, updated_at) VALUES (?, ?, ?, ?)`,
    [id, JSON.stringify(personal(patient.name, patient.height)), JSON.stringify(bariatric), OLD],
  )
  await db.run(
    `INSERT INTO health_entries (account_id, kind, day, time_of_day, fields, source, created_at, updated_at)
     SELECT ?, 'weight', DATE '2026-01-05' + g * 7, '08:00',
       jsonb_build_object('weight', 120 - g, 'weight_unit', 'kg', 'note', ''), 'manual', ?, ?
     FROM generate_series(1, ?::int) g`,
    [id, OLD, OLD, patient.weights],
  )
  return id
}

// ---- The export, start to finish -----------------------------------------------------------------

describe('Bulk Data export', () => {
  const exportDir = mkdtempSync(join(tmpdir(), 'baricare-fhir-exports-'))
  // A page of 2 rows, so the tests' few rows take several pages.
  const provider = useTestProvider({ jobs: true, fhirExport: { dir: exportDir, pageSize: 2 } }, { timeout: 60_000 })
  const ids: Record<string, number> = {}
  afterAll(() => rmSync(exportDir, { recursive: true, force: true }))

  beforeAll(async () => {
    ids.sleeve = await seedPatient(provider.db, { email: 'sleeve@bulk.test', name: 'Ana Sleeve', height: 170, surgery: 'Sleeve Gastrectomy', weights: 5 })
    ids.none = await seedPatient(provider.db, { email: 'none@bulk.test', name: 'Bo None', height: null, surgery: null, weights: 3 })
    ids.closed = await seedPatient(provider.db, { email: 'closed@bulk.test', name: 'Cy Closed', height: 160, surgery: 'Sleeve Gastrectomy', weights: 2, closed: true })
    ids.off = await seedPatient(provider.db, { email: 'off@bulk.test', name: 'Di Off', height: 160, surgery: null, weights: 2, deactivated: true })
  })

  test('a kick-off without "Prefer: respond-async" is refused with 400 and an OperationOutcome', async () => {
    const answer = await fhir(provider.ctx, 'GET', '$export', { prefer: null })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'invalid' }] })
    expect((await fhir(provider.ctx, 'GET', '$export', { prefer: 'return=minimal' })).status).toBe(400)
  })

  test('unknown types, bad _since, other formats and unsupported parameters are refused; types beyond the scopes are forbidden', async () => {
    expect((await fhir(provider.ctx, 'GET', '$export?_type=Condition')).status).toBe(400)
    expect((await fhir(provider.ctx, 'GET', '$export?_since=2026-01-01')).status).toBe(400)
    expect((await fhir(provider.ctx, 'GET', '$export?_since=yesterday')).status).toBe(400)
    expect((await fhir(provider.ctx, 'GET', '$export?_outputFormat=text/csv')).status).toBe(400)
    expect((await fhir(provider.ctx, 'GET', '$export?_elements=id')).status).toBe(400)
    expect((await fhir(provider.ctx, 'GET', 'Group/nobody/$export')).status).toBe(404)
    const observationsOnly = grantFor('c-obs', ['system/Observation.rs'])
    const beyond = await fhir(provider.ctx, 'GET', '$export?_type=Observation,Patient', { grant: observationsOnly })
    expect(beyond.status).toBe(403)
    expect(beyond.body).toMatchObject({ issue: [{ code: 'forbidden' }] })
    expect((await fhir(provider.ctx, 'GET', '$export', { grant: grantFor('c-none', ['system/Foo.rs']) })).status).toBe(403)
  })

  test('a system export: 202 with Content-Location, polled to a manifest whose files hold exactly the active patients', async () => {
    const kick = await fhir(provider.ctx, 'GET', '$export?_outputFormat=application/fhir%2Bndjson')
    expect(kick.status).toBe(202)
    const statusUrl = kick.headers['Content-Location']
    expect(statusUrl).toMatch(/^http:\/\/ehr\.test\/fhir\/\$export-status\/[0-9a-f]{32}$/)
    const done = await finished(provider.ctx, statusUrl)
    expect(done.status).toBe(200)
    const manifest = done.body as Manifest
    expect(manifest).toEqual({
      transactionTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      request: `${BASE}$export?_outputFormat=application%2Ffhir%2Bndjson`,
      requiresAccessToken: true,
      output: [
        { type: 'Patient', url: expect.stringMatching(/\$export-file\/[0-9a-f]{32}\/Patient-1\.ndjson$/), count: 2 },
        // Ana: height, 5 weights and their 5 BMIs; Bo (no height): 3 weights, no BMI.
        { type: 'Observation', url: expect.any(String), count: 14 },
        { type: 'Procedure', url: expect.any(String), count: 1 },
      ],
      error: [],
    })
    const files = await filesOf(provider.ctx, manifest)
    expect(files.Patient.map((patient) => patient.id).sort()).toEqual([String(ids.sleeve), String(ids.none)].sort())
    const subjects = new Set(files.Observation.map((o) => (o as { subject?: { reference?: string } }).subject?.reference))
    expect([...subjects].sort()).toEqual([`Patient/${ids.sleeve}`, `Patient/${ids.none}`].sort())
    const vitals = files.Observation.filter((o) => Object.values(US_CORE).some((url) => o.meta?.profile?.includes(url)))
    expect(vitals).toHaveLength(14)
    expect(profileFailures(vitals)).toEqual([])
    expect(files.Procedure[0]).toMatchObject({ resourceType: 'Procedure', subject: { reference: `Patient/${ids.sleeve}` } })

    const audit = await provider.db.all<{ actor_email: string; details: Record<string, unknown> }>(
      "SELECT actor_email, details FROM audit_events WHERE action = 'fhir_export' ORDER BY id",
    )
    expect(audit.at(-1)).toEqual({
      actor_email: 'FHIR client "Test c1" (c1)',
      details: { level: 'system', types: ['Patient', 'Observation', 'Procedure'], group: null, since: false },
    })
  }, 60_000)

  test('_type and the scopes choose the files; no _type means every type the token grants', async () => {
    const observationsOnly = grantFor('c-obs2', ['system/Observation.rs'])
    const { manifest } = await kickOffAndWait(provider.ctx, '$export', observationsOnly)
    expect(manifest.output.map((o) => o.type)).toEqual(['Observation'])
    const { manifest: typed } = await kickOffAndWait(provider.ctx, 'Patient/$export?_type=Procedure,Patient')
    expect(typed.output.map((o) => [o.type, o.count])).toEqual([
      ['Patient', 2],
      ['Procedure', 1],
    ])
  }, 60_000)

  test('a procedure Group holds only its patients; the Groups can be read and listed', async () => {
    const { manifest } = await kickOffAndWait(provider.ctx, 'Group/procedure-sleeve/$export?_type=Patient,Procedure')
    const files = await filesOf(provider.ctx, manifest)
    expect(files.Patient.map((p) => p.id)).toEqual([String(ids.sleeve)])
    const { manifest: bypass } = await kickOffAndWait(provider.ctx, 'Group/procedure-bypass/$export')
    expect(bypass.output).toEqual([])
    const group = await fhir(provider.ctx, 'GET', 'Group/all-active')
    expect(group.body).toMatchObject({ resourceType: 'Group', id: 'all-active', type: 'person', actual: false })
    const list = await fhir(provider.ctx, 'GET', 'Group')
    expect((list.body as { entry: { resource: { id: string } }[] }).entry.map((e) => e.resource.id)).toContain('procedure-sleeve')
  }, 60_000)

  test('_since keeps only what changed after it: entries by their update, patients and surgeries by their profile', async () => {
    const since = '2026-06-01T00:00:00Z'
    // One weight of Ana edited after `since`; Bo's profile saved after it.
    await provider.db.run(
      `UPDATE health_entries SET updated_at = '2026-07-01T00:00:00Z'
        WHERE id = (SELECT MIN(id) FROM health_entries WHERE account_id = ?)`,
      [ids.sleeve],
    )
    await provider.db.run(`UPDATE customer_profiles SET updated_at = '2026-07-01T00:00:00Z' WHERE account_id = ?`, [ids.none])
    const { manifest } = await kickOffAndWait(provider.ctx, `$export?_since=${encodeURIComponent(since)}`)
    const files = await filesOf(provider.ctx, manifest)
    expect(files.Patient.map((p) => p.id)).toEqual([String(ids.none)])
    // Ana's edited weight and its BMI; Bo has no height to report.
    expect(files.Observation.map((o) => o.id?.replace(/-\d+$/, '')).sort()).toEqual(['bmi', 'weight'])
    expect(files.Procedure).toBeUndefined()
    await provider.db.run(`UPDATE health_entries SET updated_at = ? WHERE account_id = ?`, [OLD, ids.sleeve])
    await provider.db.run(`UPDATE customer_profiles SET updated_at = ? WHERE account_id = ?`, [OLD, ids.none])
  }, 60_000)

  test('one export at a time per client: a second kick-off while the first runs gets 429 with Retry-After', async () => {
    const first = await fhir(provider.ctx, 'GET', '$export', { grant: grantFor('c-busy') })
    expect(first.status).toBe(202)
    const second = await fhir(provider.ctx, 'GET', '$export', { grant: grantFor('c-busy') })
    expect(second.status).toBe(429)
    expect(second.headers['Retry-After']).toMatch(/^\d+$/)
    // Another client is not held up.
    expect((await fhir(provider.ctx, 'GET', '$export', { grant: grantFor('c-other') })).status).toBe(202)
    await finished(provider.ctx, first.headers['Content-Location'], grantFor('c-busy'))
    expect((await fhir(provider.ctx, 'GET', '$export', { grant: grantFor('c-busy') })).status).toBe(202)
  }, 60_000)

  test('another client gets 404 for the status and the files', async () => {
    const { statusUrl, manifest } = await kickOffAndWait(provider.ctx, '$export?_type=Patient', grantFor('c-owner'))
    expect((await fhir(provider.ctx, 'GET', statusUrl, { grant: grantFor('c-thief') })).status).toBe(404)
    expect((await fhir(provider.ctx, 'GET', manifest.output[0].url, { grant: grantFor('c-thief') })).status).toBe(404)
    expect((await fhir(provider.ctx, 'DELETE', statusUrl, { grant: grantFor('c-thief') })).status).toBe(404)
    expect((await fhir(provider.ctx, 'GET', manifest.output[0].url, { grant: grantFor('c-owner') })).status).toBe(200)
  }, 60_000)

  test('DELETE on the status URL answers 202, then the export and its files are gone (404)', async () => {
    const { statusUrl, manifest } = await kickOffAndWait(provider.ctx, '$export?_type=Patient', grantFor('c-del'))
    const id = statusUrl.split('/').pop() as string
    expect(existsSync(join(exportDir, id))).toBe(true)
    expect((await fhir(provider.ctx, 'DELETE', statusUrl, { grant: grantFor('c-del') })).status).toBe(202)
    expect((await fhir(provider.ctx, 'GET', statusUrl, { grant: grantFor('c-del') })).status).toBe(404)
    expect((await fhir(provider.ctx, 'GET', manifest.output[0].url, { grant: grantFor('c-del') })).status).toBe(404)
    expect((await fhir(provider.ctx, 'DELETE', statusUrl, { grant: grantFor('c-del') })).status).toBe(404)
    expect(existsSync(join(exportDir, id))).toBe(false)
  }, 60_000)

  test('an expired export is deleted with its files by the clean-up job, which is scheduled hourly', async () => {
    const { statusUrl } = await kickOffAndWait(provider.ctx, '$export?_type=Patient', grantFor('c-old'))
    const id = statusUrl.split('/').pop() as string
    await provider.db.run(`UPDATE fhir_exports SET expires_at = ? WHERE id = ?`, [OLD, id])
    // Past its expiry it is gone for the client at once, before the clean-up runs.
    expect((await fhir(provider.ctx, 'GET', statusUrl, { grant: grantFor('c-old') })).status).toBe(404)
    expect(existsSync(join(exportDir, id))).toBe(true)
    expect(await cleanUpFhirExports(provider.db, exportDir, new Date())).toBeGreaterThanOrEqual(1)
    expect(existsSync(join(exportDir, id))).toBe(false)
    expect(await provider.db.all('SELECT id FROM fhir_exports WHERE id = ?', [id])).toEqual([])
    const schedules = await provider.db.all<{ name: string; cron: string }>("SELECT name, cron FROM pgboss.schedule WHERE name = 'fhir.export-cleanup'")
    expect(schedules).toEqual([{ name: 'fhir.export-cleanup', cron: '41 * * * *' }])
  }, 60_000)
})

// ---- A restart in the middle -----------------------------------------------------------------------

test('an export cut short by an API restart is run again by the job runner and completes', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'baricare-provider-'))
  const exportDir = join(dataDir, 'exports')
  // One row a page: the export takes thousands of pages, longer than the API's 2-second grace on
  // close even on an idle machine, so the stop lands in the middle.
  const options = { dataDir, jobs: true, fhirExport: { dir: exportDir, pageSize: 1 } }
  let provider = await startTestProvider(options)
  try {
    await seedPatient(provider.db, { email: 'long@bulk.test', name: 'Lee Long', height: 175, surgery: 'Gastric Bypass (RNY)', weights: 2000 })
    const kick = await fhir(provider.ctx, 'GET', '$export?_type=Observation')
    const statusUrl = kick.headers['Content-Location']
    const deadline = Date.now() + 30_000
    let progress = ''
    for (;;) {
      const answer = await fhir(provider.ctx, 'GET', statusUrl)
      progress = answer.headers['X-Progress'] ?? ''
      if (/Observation: [1-9]\d* resources/.test(progress)) break
      expect(answer.status).toBe(202)
      if (Date.now() > deadline) throw new Error(`never started: ${progress}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await provider.close()
    provider = await startTestProvider(options)
    const done = await finished(provider.ctx, statusUrl, grantFor('c1'), 60_000)
    expect(done.status).toBe(200)
    // Completed by a second attempt of the same job, not by a new one.
    const attempts = await provider.db.all<{ retry_count: number }>("SELECT retry_count FROM pgboss.job WHERE name = 'fhir.export'")
    expect(attempts).toEqual([{ retry_count: expect.any(Number) }])
    expect(Number(attempts[0].retry_count)).toBeGreaterThanOrEqual(1)
    const manifest = done.body as Manifest
    expect(manifest.output.map((o) => [o.type, o.count])).toEqual([['Observation', 4001]])
    const files = await filesOf(provider.ctx, manifest)
    expect(new Set(files.Observation.map((o) => o.id)).size).toBe(4001)
  } finally {
    await provider.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 120_000)
