// A page of search results as a `searchset` Bundle: `self` and `next` links, one entry per match
// (full URL = base + type/id), and an OperationOutcome entry naming the parameters we ignored.
import type { Bundle, BundleEntry, BundleLink, Resource } from '@medplum/fhirtypes'
import { FHIR_CURSOR_PARAM } from '../../../common/fhir/search'
import { operationOutcome, type FhirReply } from '../types.js'
import type { SearchQuery } from './params.js'

/** The search as understood (the ignored parameters left out), with `_count`, and a cursor for `next`. */
function searchUrl(baseUrl: string, resourceType: string, query: SearchQuery, cursor: string | null): string {
  const params = new URLSearchParams()
  for (const [name, values] of query.values) for (const value of values) params.append(name, value)
  params.set('_count', String(query.count))
  if (cursor !== null) params.set(FHIR_CURSOR_PARAM, cursor)
  return `${baseUrl}${resourceType}?${params}`
}

export function searchBundle(
  baseUrl: string,
  resourceType: string,
  query: SearchQuery,
  resources: Resource[],
  nextCursor: string | null,
): FhirReply {
  const link: BundleLink[] = [{ relation: 'self', url: searchUrl(baseUrl, resourceType, query, query.cursor) }]
  if (nextCursor !== null) link.push({ relation: 'next', url: searchUrl(baseUrl, resourceType, query, nextCursor) })
  const entry: BundleEntry[] = resources.map((resource) => ({
    fullUrl: `${baseUrl}${resource.resourceType}/${resource.id}`,
    resource,
    search: { mode: 'match' },
  }))
  if (query.ignored.length > 0) {
    entry.push({
      resource: operationOutcome('not-supported', `Ignored unknown search parameters: ${query.ignored.join(', ')}.`, 'warning'),
      search: { mode: 'outcome' },
    })
  }
  const bundle: Bundle = { resourceType: 'Bundle', type: 'searchset', link, entry }
  return { status: 200, body: bundle }
}

/** The names a search used, for the audit row (never their values: those are PHI). */
export function paramNames(query: SearchQuery): string[] {
  return [...query.values.keys()].sort()
}
