// Finds the FHIR route for a request, checks its token and scope, and turns FhirErrors into
// OperationOutcomes. The token check (auth) and the routes (routes.ts) are filled in by the FHIR
// modules; this file only wires them.
import type { FhirRoute } from './types.js'

/** `Patient/:id` against `Patient/12`: the parameters, or null when it does not match. */
export function matchFhirPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/')
  const got = path.split('/')
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (got[i] === '') return null
      params[want[i].slice(1)] = decodeURIComponent(got[i])
    } else if (want[i] !== got[i]) return null
  }
  return params
}

export function findFhirRoute(routes: readonly FhirRoute[], method: string, path: string) {
  let pathKnown = false
  for (const route of routes) {
    const params = matchFhirPath(route.path, path)
    if (!params) continue
    pathKnown = true
    if (route.method === method) return { route, params }
  }
  return pathKnown ? ('method-not-allowed' as const) : null
}
