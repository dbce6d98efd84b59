// The FHIR base URL as client apps reach it: FHIR_BASE_URL (the address the deployment exposes,
// e.g. https://api.clinic.example/fhir/), else the API's own port on this machine. Ends in `/fhir/`
// as given, always with a trailing slash, so `${base}Patient/12` and `${base}token` read right.

type Env = Readonly<Record<string, string | undefined>>

export function fhirBaseUrl(env: Env): string {
  const set = env.FHIR_BASE_URL?.trim()
  if (set) return set.endsWith('/') ? set : `${set}/`
  const port = env.PROVIDER_PORT?.trim() || '4000'
  return `http://localhost:${port}/fhir/`
}

/** Where a client trades its signed assertion for an access token. */
export function fhirTokenUrl(env: Env): string {
  return `${fhirBaseUrl(env)}token`
}
