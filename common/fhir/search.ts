// The FHIR API's searches: their limits and the parameters each resource type understands, in one
// place, so the search handlers, the CapabilityStatement and docs/fhir-api.md read the same list.

/** Resources on a page when the client sends no `_count`. */
export const FHIR_SEARCH_DEFAULT_COUNT = 50
/** The most resources on one page: a larger `_count` is lowered to this (FHIR lets a server send fewer). */
export const FHIR_SEARCH_MAX_COUNT = 200

/** The query parameter of a `next` link that says where the previous page ended (opaque to clients). */
export const FHIR_CURSOR_PARAM = '_cursor'

/** Search parameters per resource type (besides `_count`), as the CapabilityStatement lists them. */
export const FHIR_SEARCH_PARAMS = {
  Patient: [
    { name: '_id', type: 'token' },
    { name: 'identifier', type: 'token' },
    { name: 'name', type: 'string' },
    { name: 'birthdate', type: 'date' },
  ],
  Observation: [
    { name: 'patient', type: 'reference' },
    { name: 'category', type: 'token' },
    { name: 'code', type: 'token' },
    { name: 'date', type: 'date' },
  ],
  Procedure: [{ name: 'patient', type: 'reference' }],
} as const satisfies Record<string, readonly { name: string; type: 'token' | 'string' | 'date' | 'reference' }[]>

/** Date search prefixes understood (FHIR R4 3.1.1.4.2); `ne`, `sa`, `eb` and `ap` are refused. */
export const FHIR_DATE_PREFIXES = ['eq', 'ge', 'le', 'gt', 'lt'] as const
