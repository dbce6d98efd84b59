// Procedure search by patient and read: a patient's bariatric surgery, the record download's Procedure.
import type { Procedure } from '@medplum/fhirtypes'
import { surgeryProcedure } from '../../../common/fhir/record'
import { FHIR_CURSOR_PARAM, FHIR_SEARCH_PARAMS } from '../../../common/fhir/search'
import { todayUtc } from '../../admin-patients-metrics.js'
import { findFhirPatient, type FhirPatientRow } from '../../store/fhir-reads.js'
import { recordFhirEvent } from '../audit.js'
import { FhirError, type FhirReply, type FhirRequest } from '../types.js'
import { paramNames, searchBundle } from './bundle.js'
import { readSearchQuery, requiredPatient } from './params.js'
import { fhirPatientInput } from '../patient-input.js'
import { grantOf } from './patient.js'

function surgeryOf(patient: FhirPatientRow | undefined): Procedure | null {
  return patient ? surgeryProcedure(fhirPatientInput(patient), todayUtc()) : null
}

export async function searchProcedures(req: FhirRequest): Promise<FhirReply> {
  const grant = grantOf(req)
  const query = readSearchQuery(req, FHIR_SEARCH_PARAMS.Procedure.map((param) => param.name))
  const patientId = requiredPatient(query, req.baseUrl, 'Procedure search needs patient (Patient/{id}); use the Bulk Data $export for every patient.')
  // A patient has one surgery at most, so this search has one page and never gives a cursor.
  if (query.cursor !== null) throw new FhirError(400, 'invalid', `${FHIR_CURSOR_PARAM} is not one this server gave.`)
  const patient = patientId === null ? undefined : await findFhirPatient(req.ctx.db, patientId)
  const surgery = surgeryOf(patient)
  const page = surgery ? [surgery] : []
  await recordFhirEvent(req.ctx.db, grant, 'fhir_read', { resourceType: 'Procedure', params: paramNames(query), count: page.length }, patient?.id ?? null)
  return searchBundle(req.baseUrl, 'Procedure', query, page, null)
}

export async function readProcedure(req: FhirRequest): Promise<FhirReply> {
  const grant = grantOf(req)
  const match = /^surgery-(\d{1,15})$/.exec(req.params.id ?? '')
  const patient = match ? await findFhirPatient(req.ctx.db, Number(match[1])) : undefined
  const surgery = surgeryOf(patient)
  await recordFhirEvent(
    req.ctx.db,
    grant,
    'fhir_read',
    { resourceType: 'Procedure', interaction: 'read', count: surgery ? 1 : 0 },
    surgery ? (patient?.id ?? null) : null,
  )
  if (!surgery) throw new FhirError(404, 'not-found', `Procedure/${req.params.id} is not known.`)
  return { status: 200, body: surgery }
}
