// Observation search (`patient` with `category`, `code`, `date`) and read. The resources are the
// record download's (common/fhir/record.ts), so an entry has the same ids and content in both;
// they are ordered by (day, entry id, position in the entry), the height by the day the profile
// was saved, before that day's entries.
import type { Observation } from '@medplum/fhirtypes'
import { CODES, OBSERVATION_CATEGORY, type Coding } from '../../../common/fhir/codes'
import { entryObservations, heightObservation, type FhirContext, type FhirEntryInput } from '../../../common/fhir/record'
import { FHIR_SEARCH_PARAMS } from '../../../common/fhir/search'
import type { EntryKind } from '../../entries-fields.js'
import { fhirEntryPage, findFhirEntry, findFhirPatient, type FhirEntryRow, type FhirPatientRow } from '../../store/fhir-reads.js'
import { recordFhirEvent } from '../audit.js'
import { FhirError, type FhirReply, type FhirRequest } from '../types.js'
import { paramNames, searchBundle } from './bundle.js'
import {
  dayRange,
  decodeCursor,
  encodeCursor,
  inRange,
  isDay,
  isId,
  orLists,
  parseToken,
  readSearchQuery,
  requiredPatient,
  tokenMatches,
  type SearchQuery,
} from './params.js'
import { fhirPatientInput } from '../patient-input.js'
import { grantOf } from './patient.js'

/**
 * Each Observation the mapping writes (its id's prefix), with its code, its category and the entry
 * kind it comes from (none: the profile's height). A test checks this against the mapping.
 */
export const OBSERVATION_KINDS = {
  weight: { code: CODES.bodyWeight, category: 'vital-signs', entryKind: 'weight' },
  bmi: { code: CODES.bmi, category: 'vital-signs', entryKind: 'weight' },
  height: { code: CODES.bodyHeight, category: 'vital-signs', entryKind: null },
  sleep: { code: CODES.sleepDuration, category: 'activity', entryKind: 'sleep' },
  meal: { code: CODES.mealProtein, category: null, entryKind: 'meal' },
  water: { code: CODES.waterIntake, category: null, entryKind: 'water' },
  vitamins: { code: CODES.vitaminsTaken, category: null, entryKind: 'vitamins' },
} as const satisfies Record<string, { code: Coding; category: string | null; entryKind: EntryKind | null }>

type ObservationKind = keyof typeof OBSERVATION_KINDS
const ALL_KINDS = Object.keys(OBSERVATION_KINDS) as ObservationKind[]

const kindOf = (observation: Observation) => (observation.id ?? '').split('-')[0] as ObservationKind

/** The kinds `category` and `code` allow: each occurrence ANDed, the values within one ORed. */
function wantedKinds(query: SearchQuery): Set<ObservationKind> {
  let wanted = new Set(ALL_KINDS)
  const keep = (match: (kind: ObservationKind) => boolean) => {
    wanted = new Set([...wanted].filter(match))
  }
  for (const list of orLists(query, 'category')) {
    const tokens = list.map(parseToken)
    keep((kind) => {
      const category = OBSERVATION_KINDS[kind].category
      return category !== null && tokens.some((token) => tokenMatches(token, { system: OBSERVATION_CATEGORY, code: category }))
    })
  }
  for (const list of orLists(query, 'code')) {
    const tokens = list.map(parseToken)
    keep((kind) => tokens.some((token) => tokenMatches(token, OBSERVATION_KINDS[kind].code)))
  }
  return wanted
}

/** A resource's place in the order: (day, entry id, position in the entry); the height has entry id 0. */
type Key = [day: string, entryId: number, position: number]

function compareKeys(a: Key, b: Key): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1
  return a[1] - b[1] || a[2] - b[2]
}

const isKey = (key: unknown[]): key is Key => key.length === 3 && isDay(key[0]) && isId(key[1]) && isId(key[2])

function entryInput(row: FhirEntryRow): FhirEntryInput {
  return { id: row.id, kind: row.kind, date: row.day, fields: row.fields, source: row.source, importedFrom: row.imported_from }
}

function contextOf(req: FhirRequest, patient: FhirPatientRow): FhirContext {
  // The record download's rule for the BMI's height: the profile's, in cm.
  return { baseUrl: req.baseUrl, patientId: patient.id, heightCm: patient.personal?.height ?? null }
}

/** One page of a patient's Observations of `wanted` kinds within the days, after `after`. */
async function observationPage(
  req: FhirRequest,
  patient: FhirPatientRow,
  wanted: Set<ObservationKind>,
  days: ReturnType<typeof dayRange>,
  after: Key | null,
  count: number,
): Promise<{ page: Observation[]; next: Key | null }> {
  const ctx = contextOf(req, patient)
  // Without a height there is no BMI: a BMI-only search then reads no weights at all.
  const noBmi = ctx.heightCm === null || !(ctx.heightCm > 0)
  const kinds = [...wanted].filter((kind) => !(noBmi && kind === 'bmi'))
  const entryKinds = [...new Set(kinds.flatMap((kind) => OBSERVATION_KINDS[kind].entryKind ?? []))]
  const items: { key: Key; resource: Observation }[] = []
  const isAfter = (key: Key) => after === null || compareKeys(key, after) > 0
  let from = after ? { day: after[0], id: after[1] } : null
  let exhausted = false
  let lastRead: Key | null = null
  // One query reads a page's entries; another only when entries mapped to nothing we want.
  while (items.length <= count) {
    const rows = await fhirEntryPage(req.ctx.db, patient.id, entryKinds, days, from, count + 1)
    for (const row of rows) {
      entryObservations(entryInput(row), ctx).forEach((resource, position) => {
        const key: Key = [row.day, row.id, position]
        if (isAfter(key) && wanted.has(kindOf(resource))) items.push({ key, resource })
      })
    }
    if (rows.length <= count) {
      exhausted = true
      break
    }
    const last = rows[rows.length - 1]
    lastRead = [last.day, last.id, 0]
    from = { day: last.day, id: last.id + 1 }
  }
  const height = wanted.has('height') ? heightObservation(fhirPatientInput(patient)) : null
  if (height?.effectiveDateTime) {
    const key: Key = [height.effectiveDateTime.slice(0, 10), 0, 0]
    // Only once the entries read reach past its place; otherwise a later page has it.
    const reached = exhausted || (lastRead !== null && compareKeys(key, lastRead) < 0)
    if (inRange(days, key[0]) && isAfter(key) && reached) items.push({ key, resource: height })
  }
  items.sort((a, b) => compareKeys(a.key, b.key))
  const page = items.slice(0, count)
  return { page: page.map((item) => item.resource), next: items.length > count ? page[page.length - 1].key : null }
}

export async function searchObservations(req: FhirRequest): Promise<FhirReply> {
  const grant = grantOf(req)
  const query = readSearchQuery(req, FHIR_SEARCH_PARAMS.Observation.map((param) => param.name))
  const patientId = requiredPatient(
    query,
    req.baseUrl,
    'Observation search needs patient (Patient/{id}): a search across every patient is too costly; use the Bulk Data $export instead.',
  )
  const days = dayRange(query, 'date')
  const wanted = wantedKinds(query)
  const after = query.cursor === null ? null : decodeCursor<Key>(query.cursor, isKey)
  const patient = patientId === null ? undefined : await findFhirPatient(req.ctx.db, patientId)
  const { page, next } = patient ? await observationPage(req, patient, wanted, days, after, query.count) : { page: [], next: null }
  await recordFhirEvent(
    req.ctx.db,
    grant,
    'fhir_read',
    { resourceType: 'Observation', params: paramNames(query), count: page.length },
    patient?.id ?? null,
  )
  return searchBundle(req.baseUrl, 'Observation', query, page, next === null ? null : encodeCursor(next))
}

/** `weight-12`, `bmi-12`, …: the entry's Observation; `height-7`: patient 7's height. */
async function findObservation(req: FhirRequest, id: string): Promise<{ resource: Observation; patientId: number } | null> {
  const match = /^([a-z]+)-(\d{1,15})$/.exec(id)
  if (!match || !(ALL_KINDS as string[]).includes(match[1])) return null
  const kind = match[1] as ObservationKind
  if (kind === 'height') {
    const patient = await findFhirPatient(req.ctx.db, Number(match[2]))
    const height = patient ? heightObservation(fhirPatientInput(patient)) : null
    return patient && height ? { resource: height, patientId: patient.id } : null
  }
  const entry = await findFhirEntry(req.ctx.db, Number(match[2]))
  if (!entry || entry.kind !== OBSERVATION_KINDS[kind].entryKind) return null
  const patient = await findFhirPatient(req.ctx.db, entry.account_id)
  if (!patient) return null
  const resource = entryObservations(entryInput(entry), contextOf(req, patient)).find((observation) => observation.id === id)
  return resource ? { resource, patientId: patient.id } : null
}

export async function readObservation(req: FhirRequest): Promise<FhirReply> {
  const grant = grantOf(req)
  const found = await findObservation(req, req.params.id ?? '')
  await recordFhirEvent(
    req.ctx.db,
    grant,
    'fhir_read',
    { resourceType: 'Observation', interaction: 'read', count: found ? 1 : 0 },
    found?.patientId ?? null,
  )
  if (!found) throw new FhirError(404, 'not-found', `Observation/${req.params.id} is not known.`)
  return { status: 200, body: found.resource }
}
