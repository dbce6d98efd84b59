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

function literalSegments(pattern: string): number {
  return pattern.split('/').filter((segment) => !segment.startsWith(':')).length
}

/** The routes whose path wins for `path`: the most literal one (`Patient/$export` over `Patient/:id`). */
function winningMatches(routes: readonly FhirRoute[], path: string) {
  const matches = routes.flatMap((route) => {
    const params = matchFhirPath(route.path, path)
    return params ? [{ route, params }] : []
  })
  const most = Math.max(-1, ...matches.map((match) => literalSegments(match.route.path)))
  return matches.filter((match) => literalSegments(match.route.path) === most)
}

export function findFhirRoute(routes: readonly FhirRoute[], method: string, path: string) {
  const matches = winningMatches(routes, path)
  if (matches.length === 0) return null
  return matches.find((match) => match.route.method === method) ?? ('method-not-allowed' as const)
}

/** The methods the winning path offers, for `Allow`. */
export function allowedMethods(routes: readonly FhirRoute[], path: string): string {
  return [...new Set(winningMatches(routes, path).map((match) => match.route.method))].join(', ')
}
