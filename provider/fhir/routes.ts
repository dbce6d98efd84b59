// Every FHIR route, in one list the dispatcher reads. Each FHIR module exports its own list.
import { discoveryRoutes } from './discovery.js'
import { tokenRoutes } from './token.js'
import type { FhirRoute } from './types.js'

export const fhirRoutes: readonly FhirRoute[] = [...tokenRoutes, ...discoveryRoutes]
