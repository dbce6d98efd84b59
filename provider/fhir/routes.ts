// Every FHIR route, in one list the dispatcher reads. Each FHIR module exports its own list.
import { bulkRoutes } from './bulk/routes.js'
import type { FhirRoute } from './types.js'

export const fhirRoutes: readonly FhirRoute[] = [...bulkRoutes]
