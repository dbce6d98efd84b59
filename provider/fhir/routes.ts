// Every FHIR route, in one list the dispatcher reads. Each FHIR module exports its own list; the
// dispatcher tries literal paths before parameters (`Patient/$export` before `Patient/:id`).
import { bulkRoutes } from './bulk/routes.js'
import { discoveryRoutes } from './discovery.js'
import { searchRoutes } from './search/routes.js'
import { tokenRoutes } from './token.js'
import type { FhirRoute } from './types.js'

export const fhirRoutes: readonly FhirRoute[] = [...tokenRoutes, ...discoveryRoutes, ...searchRoutes, ...bulkRoutes]
