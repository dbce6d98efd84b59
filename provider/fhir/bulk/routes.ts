// FHIR Bulk Data Access (IG v2) `$export`: the kick-off (system, Patient, Group), the status URL a
// client polls and deletes, and the NDJSON files; plus the Groups a client can export. The work
// itself runs as a job (jobs.ts, run.ts); these handlers only read and write its row.
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { access, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Group } from '@medplum/fhirtypes'
import {
  FHIR_EXPORT_GROUPS,
  FHIR_EXPORT_OUTPUT_FORMATS,
  FHIR_EXPORT_RETRY_AFTER_SECONDS,
  FHIR_EXPORT_TTL_HOURS,
  FHIR_EXPORT_TYPES,
  findExportGroup,
  type FhirExportGroup,
  type FhirExportType,
} from '../../../common/fhir/bulk'
import { createFhirExport, deleteFhirExport, findFhirExport } from '../../store/fhir-exports.js'
import { recordFhirEvent } from '../audit.js'
import { FhirError, grantAllows, operationOutcome, type FhirGrant, type FhirReply, type FhirRequest, type FhirRoute } from '../types.js'
import { exportDirectory } from './run.js'

const NDJSON = 'application/fhir+ndjson'
/** Kick-off parameters of the IG this server does not support: refused unless the client asks for leniency. */
const KNOWN_PARAMETERS = new Set(['_type', '_since', '_outputFormat'])
/** A FHIR `instant`: a date, a time to the second at least, and a zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/

function grantOf(req: FhirRequest): FhirGrant {
  if (!req.grant) throw new FhirError(401, 'login', 'An access token is required')
  return req.grant
}

function preferences(req: FhirRequest): string[] {
  const header = req.headers.prefer
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  return text.split(',').map((part) => part.trim().toLowerCase())
}

/** The types asked for (every one the grant may read when `_type` is absent), checked against the scopes. */
function requestedTypes(req: FhirRequest, grant: FhirGrant): FhirExportType[] {
  const asked = req.query
    .getAll('_type')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '')
  if (asked.length === 0) {
    const allowed = FHIR_EXPORT_TYPES.filter((type) => grantAllows(grant, type, 'r'))
    if (allowed.length === 0) throw new FhirError(403, 'forbidden', 'The token grants no resource type an export can hold')
    return allowed
  }
  const unknown = asked.filter((type) => !(FHIR_EXPORT_TYPES as readonly string[]).includes(type))
  if (unknown.length > 0) {
    throw new FhirError(400, 'not-supported', `_type: ${unknown.join(', ')} cannot be exported (supported: ${FHIR_EXPORT_TYPES.join(', ')})`)
  }
  const beyond = asked.filter((type) => !grantAllows(grant, type, 'r'))
  if (beyond.length > 0) throw new FhirError(403, 'forbidden', `_type: the token does not grant ${[...new Set(beyond)].join(', ')}`)
  // In the order the files are written, each once.
  return FHIR_EXPORT_TYPES.filter((type) => asked.includes(type))
}

function requestedSince(req: FhirRequest): string | null {
  const since = req.query.get('_since')
  if (since === null) return null
  const time = Date.parse(since)
  if (!INSTANT.test(since) || Number.isNaN(time)) {
    throw new FhirError(400, 'invalid', '_since must be a FHIR instant, such as 2026-11-01T00:00:00Z')
  }
  return new Date(time).toISOString()
}

async function kickOff(req: FhirRequest, group: FhirExportGroup | null): Promise<FhirReply> {
  const grant = grantOf(req)
  const prefer = preferences(req)
  if (!prefer.includes('respond-async')) {
    throw new FhirError(400, 'invalid', 'A Bulk Data export needs the header "Prefer: respond-async"')
  }
  const lenient = prefer.includes('handling=lenient')
  const unsupported = [...new Set(req.query.keys())].filter((name) => !KNOWN_PARAMETERS.has(name))
  if (unsupported.length > 0 && !lenient) {
    throw new FhirError(400, 'not-supported', `Parameters not supported: ${unsupported.join(', ')} (send "Prefer: handling=lenient" to have them ignored)`)
  }
  const format = req.query.get('_outputFormat')
  if (format !== null && !(FHIR_EXPORT_OUTPUT_FORMATS as readonly string[]).includes(format)) {
    throw new FhirError(400, 'not-supported', `_outputFormat: only ${FHIR_EXPORT_OUTPUT_FORMATS.join(', ')}`)
  }
  const types = requestedTypes(req, grant)
  const since = requestedSince(req)
  const exports = req.ctx.fhirExports
  if (!exports?.queue) throw new FhirError(503, 'exception', 'Exports are not available on this server (its job runner is off)')

  const id = randomBytes(16).toString('hex')
  const now = new Date()
  const query = req.query.toString()
  const created = await createFhirExport(req.ctx.db, {
    id,
    clientId: grant.clientId,
    request: `${req.baseUrl}${req.path}${query ? `?${query}` : ''}`,
    types,
    since,
    groupId: group?.id ?? null,
    createdAt: now.toISOString(),
    // Until it completes, an export lives this long too: one that never finishes is cleaned up.
    expiresAt: new Date(now.getTime() + FHIR_EXPORT_TTL_HOURS * 3600_000).toISOString(),
  })
  if (!created) {
    // The IG's advice for a client that starts an export while its last one runs.
    return {
      status: 429,
      headers: { 'Retry-After': String(FHIR_EXPORT_RETRY_AFTER_SECONDS) },
      body: operationOutcome('throttled', 'An export of this client is still running: wait for it, or cancel it with DELETE on its status URL'),
    }
  }
  try {
    await exports.queue(id)
  } catch (error) {
    // Unqueued, the row would hold the client's one export slot until it expired.
    await deleteFhirExport(req.ctx.db, id, grant.clientId)
    throw error
  }
  await recordFhirEvent(req.ctx.db, grant, 'fhir_export', {
    level: group ? 'group' : req.path.startsWith('Patient/') ? 'patient' : 'system',
    types,
    group: group?.id ?? null,
    since: since !== null,
  })
  return {
    status: 202,
    headers: { 'Content-Location': `${req.baseUrl}$export-status/${id}` },
    body: operationOutcome('informational', 'The export has started; poll the Content-Location URL for its manifest', 'information'),
  }
}

async function ownExport(req: FhirRequest) {
  const row = await findFhirExport(req.ctx.db, req.params.id, grantOf(req).clientId, new Date())
  // Another client's export, an expired or a cancelled one: all the same to the asker.
  if (!row) throw new FhirError(404, 'not-found', 'No such export')
  return row
}

async function status(req: FhirRequest): Promise<FhirReply> {
  const row = await ownExport(req)
  if (row.status === 'accepted' || row.status === 'in-progress') {
    return {
      status: 202,
      headers: { 'Retry-After': String(FHIR_EXPORT_RETRY_AFTER_SECONDS), 'X-Progress': row.progress ?? 'Queued' },
    }
  }
  if (row.status === 'failed') {
    return { status: 500, body: operationOutcome('exception', row.error ?? 'The export failed') }
  }
  return {
    status: 200,
    headers: { Expires: new Date(row.expires_at).toUTCString(), 'Content-Type': 'application/json' },
    body: {
      transactionTime: row.transaction_time,
      request: row.request,
      requiresAccessToken: true,
      output: row.files.map((file) => ({ type: file.type, url: `${req.baseUrl}$export-file/${row.id}/${file.name}`, count: file.count })),
      error: [],
    },
  }
}

async function cancel(req: FhirRequest): Promise<FhirReply> {
  const grant = grantOf(req)
  if (!(await deleteFhirExport(req.ctx.db, req.params.id, grant.clientId))) throw new FhirError(404, 'not-found', 'No such export')
  // A run in progress notices at its next page that its row is gone, and stops.
  const dir = req.ctx.fhirExports?.dir
  if (dir) await rm(exportDirectory(dir, req.params.id), { recursive: true, force: true })
  return { status: 202, body: operationOutcome('informational', 'The export is cancelled and its files deleted', 'information') }
}

async function file(req: FhirRequest): Promise<FhirReply> {
  const row = await ownExport(req)
  const entry = row.status === 'completed' ? row.files.find((candidate) => candidate.name === req.params.file) : undefined
  const dir = req.ctx.fhirExports?.dir
  if (!entry || !dir) throw new FhirError(404, 'not-found', 'No such file')
  const path = join(exportDirectory(dir, row.id), entry.name)
  // Gone from disk (another instance's unshared directory, a manual clean-up): a 404, not a cut download.
  if (!(await access(path).then(() => true, () => false))) throw new FhirError(404, 'not-found', 'No such file')
  return {
    status: 200,
    headers: { 'Content-Type': NDJSON, 'Cache-Control': 'no-store' },
    stream: (out) => pipeline(createReadStream(path), out, { end: false }),
  }
}

function groupResource(group: FhirExportGroup): Group {
  return {
    resourceType: 'Group',
    id: group.id,
    type: 'person',
    actual: false,
    name: group.name,
    ...(group.surgeryType
      ? { characteristic: [{ code: { text: 'Bariatric surgery' }, valueCodeableConcept: { text: group.surgeryType }, exclude: false }] }
      : {}),
  }
}

function groupById(req: FhirRequest): FhirExportGroup {
  const group = findExportGroup(req.params.id)
  if (!group) throw new FhirError(404, 'not-found', `No Group ${req.params.id}: the groups are ${FHIR_EXPORT_GROUPS.map((g) => g.id).join(', ')}`)
  return group
}

export const bulkRoutes: FhirRoute[] = [
  { method: 'GET', path: '$export', need: { kind: 'export' }, handle: (req) => kickOff(req, null) },
  { method: 'GET', path: 'Patient/$export', need: { kind: 'export' }, handle: (req) => kickOff(req, null) },
  { method: 'GET', path: 'Group/:id/$export', need: { kind: 'export' }, handle: (req) => kickOff(req, groupById(req)) },
  { method: 'GET', path: '$export-status/:id', need: { kind: 'export' }, handle: status },
  { method: 'DELETE', path: '$export-status/:id', need: { kind: 'export' }, handle: cancel },
  { method: 'GET', path: '$export-file/:id/:file', need: { kind: 'export' }, handle: file },
  { method: 'GET', path: 'Group/:id', need: { kind: 'export' }, handle: (req) => ({ status: 200, body: groupResource(groupById(req)) }) },
  {
    method: 'GET',
    path: 'Group',
    need: { kind: 'export' },
    handle: (req) => ({
      status: 200,
      body: {
        resourceType: 'Bundle',
        type: 'searchset',
        total: FHIR_EXPORT_GROUPS.length,
        entry: FHIR_EXPORT_GROUPS.map((group) => ({ fullUrl: `${req.baseUrl}Group/${group.id}`, resource: groupResource(group), search: { mode: 'match' } })),
      },
    }),
  },
]
