// The FHIR API's reads and searches (docs/fhir-api.md, "Reading and searching").
import type { FhirRoute } from '../types.js'
import { readObservation, searchObservations } from './observation.js'
import { readPatient, searchPatients } from './patient.js'
import { readProcedure, searchProcedures } from './procedure.js'

export const searchRoutes: FhirRoute[] = [
  { method: 'GET', path: 'Patient', need: { kind: 'resource', resourceType: 'Patient', mode: 's' }, handle: searchPatients },
  { method: 'GET', path: 'Patient/:id', need: { kind: 'resource', resourceType: 'Patient', mode: 'r' }, handle: readPatient },
  { method: 'GET', path: 'Observation', need: { kind: 'resource', resourceType: 'Observation', mode: 's' }, handle: searchObservations },
  { method: 'GET', path: 'Observation/:id', need: { kind: 'resource', resourceType: 'Observation', mode: 'r' }, handle: readObservation },
  { method: 'GET', path: 'Procedure', need: { kind: 'resource', resourceType: 'Procedure', mode: 's' }, handle: searchProcedures },
  { method: 'GET', path: 'Procedure/:id', need: { kind: 'resource', resourceType: 'Procedure', mode: 'r' }, handle: readProcedure },
]
