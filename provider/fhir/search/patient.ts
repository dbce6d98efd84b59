// Patient read and search (`_id`, `identifier`, `name`, `birthdate`), in id order, a page at a time.
import type { Patient } from '@medplum/fhirtypes'
import { BARICARE_PATIENT_ID } from '../../../common/fhir/codes'
import { patientResource } from '../../../common/fhir/record'
import { FHIR_SEARCH_PARAMS } from '../../../common/fhir/search'
import { fhirPatientPage, findFhirPatient } from '../../store/fhir-reads.js'
import { recordFhirEvent } from '../audit.js'
import { fhirPatientInput } from '../patient-input.js'
import { FhirError, type FhirGrant, type FhirReply, type FhirRequest } from '../types.js'
import { paramNames, searchBundle } from './bundle.js'
import { dayRange, decodeCursor, emptyRange, encodeCursor, isId, orLists, parseToken, readSearchQuery } from './params.js'


/** A resource id as our patients' ids are written (digits); anything else names no patient. */
export function patientIdOf(text: string | undefined): number | null {
  return text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : null
}

export function grantOf(req: FhirRequest): FhirGrant {
  // The dispatcher checks the token before any of these routes runs; a missing grant is a wiring bug.
  if (!req.grant) throw new FhirError(401, 'login', 'An access token is required.')
  return req.grant
}

export async function readPatient(req: FhirRequest): Promise<FhirReply> {
  const grant = grantOf(req)
  const id = patientIdOf(req.params.id)
  const row = id === null ? undefined : await findFhirPatient(req.ctx.db, id)
  await recordFhirEvent(req.ctx.db, grant, 'fhir_read', { resourceType: 'Patient', interaction: 'read', count: row ? 1 : 0 }, row?.id ?? null)
  if (!row) throw new FhirError(404, 'not-found', `Patient/${req.params.id} is not known.`)
  return { status: 200, body: patientResource(fhirPatientInput(row)) }
}

/** Ids both sets allow (null: any id). */
function intersect(a: number[] | null, b: number[] | null): number[] | null {
  if (a === null) return b
  if (b === null) return a
  return a.filter((id) => b.includes(id))
}

/** The ids one `identifier` value list allows: ours only (`urn:baricare:fhir:patient-id|12`, or `12`). */
function identifierIds(values: string[]): number[] | null {
  const ids: number[] = []
  for (const token of values.map(parseToken)) {
    if (token.system !== undefined && token.system !== BARICARE_PATIENT_ID) continue
    // `urn:baricare:fhir:patient-id|`: any patient with one of our ids, which is every patient.
    if (token.code === '' && token.system === BARICARE_PATIENT_ID) return null
    const id = patientIdOf(token.code)
    if (id !== null) ids.push(id)
  }
  return ids
}

export async function searchPatients(req: FhirRequest): Promise<FhirReply> {
  const grant = grantOf(req)
  const query = readSearchQuery(req, FHIR_SEARCH_PARAMS.Patient.map((param) => param.name))
  let ids: number[] | null = null
  for (const list of orLists(query, '_id')) {
    ids = intersect(ids, list.map(patientIdOf).filter((id): id is number => id !== null))
  }
  for (const list of orLists(query, 'identifier')) ids = intersect(ids, identifierIds(list))
  const birthDate = query.values.has('birthdate') ? dayRange(query, 'birthdate') : null
  const afterId = query.cursor === null ? 0 : decodeCursor<[number]>(query.cursor, (key): key is [number] => key.length === 1 && isId(key[0]))[0]
  const rows =
    birthDate && emptyRange(birthDate)
      ? []
      : await fhirPatientPage(req.ctx.db, { ids, namePrefixes: orLists(query, 'name'), birthDate, afterId }, query.count + 1)
  const page = rows.slice(0, query.count)
  const next = rows.length > query.count ? encodeCursor([page[page.length - 1].id]) : null
  // A search for one patient by id is about that patient: the audit row names them.
  const target = ids !== null && ids.length === 1 && page.length === 1 ? page[0].id : null
  await recordFhirEvent(req.ctx.db, grant, 'fhir_read', { resourceType: 'Patient', params: paramNames(query), count: page.length }, target)
  const resources: Patient[] = page.map((row) => patientResource(fhirPatientInput(row)))
  return searchBundle(req.baseUrl, 'Patient', query, resources, next)
}
