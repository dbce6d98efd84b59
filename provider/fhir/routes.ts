// Every FHIR route, in one list the dispatcher reads. Each FHIR module exports its own list. The
// first route whose path matches wins: lists with literal paths (`Patient/$export`) go before
// searchRoutes, whose `Patient/:id` would match them too.
import { searchRoutes } from './search/routes.js'
import type { FhirRoute } from './types.js'

export const fhirRoutes: readonly FhirRoute[] = [...searchRoutes]
