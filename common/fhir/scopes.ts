// The SMART Backend Services scopes a client app may be registered with (the admin portal's form
// and the API's register endpoint) and granted (the token endpoint): one list, so a scope the form
// offers is one the token endpoint can grant. Read and search of each resource type we serve, and
// Group for the Bulk Data cohorts. Plain values, no zod.

export const FHIR_CLIENT_SCOPES = ['system/Patient.rs', 'system/Observation.rs', 'system/Procedure.rs', 'system/Group.rs'] as const
export type FhirClientScope = (typeof FHIR_CLIENT_SCOPES)[number]

/** What each scope lets a client do, in the words the admin portal shows beside it. */
export const FHIR_SCOPE_LABELS: Record<FhirClientScope, string> = {
  'system/Patient.rs': 'Patients: read and search',
  'system/Observation.rs': 'Observations (weight, BMI, height): read and search',
  'system/Procedure.rs': 'Procedures (the surgery): read and search',
  'system/Group.rs': 'Groups (cohorts for Bulk Data export): read and search',
}

export function isFhirClientScope(scope: unknown): scope is FhirClientScope {
  return typeof scope === 'string' && (FHIR_CLIENT_SCOPES as readonly string[]).includes(scope)
}

/** The signing algorithms SMART Backend Services asks servers to support; the only ones we accept. */
export const FHIR_SIGNING_ALGS = ['RS384', 'ES384'] as const
