// The FHIR API's SMART Backend Services rules and limits (the scopes and signing algorithms are in
// scopes.ts, which the admin portal reads too): the token endpoint, the
// discovery documents, the admin portal's scope choices and the docs (docs/fhir-api.md) read them.

/** The one `client_assertion_type` SMART Backend Services allows (RFC 7523). */
export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'


/** An assertion's `exp` may be at most this far ahead (SMART: five minutes). */
export const FHIR_ASSERTION_MAX_LIFETIME_SECONDS = 5 * 60

/** Clock difference tolerated between a client and us on an assertion's `exp` (both ways). */
export const FHIR_ASSERTION_CLOCK_SKEW_SECONDS = 10

/** How long an access token works; a client asks for a new one (there is no refresh token). */
export const FHIR_ACCESS_TOKEN_TTL_SECONDS = 5 * 60

/** Requests per minute one client may make to the data endpoints, unless FHIR_RATE_LIMIT_PER_MINUTE says otherwise. */
export const DEFAULT_FHIR_RATE_LIMIT_PER_MINUTE = 300

/** Token requests per minute for one client id (a token lasts five minutes: one a few minutes is the norm). */
export const FHIR_TOKEN_REQUESTS_PER_MINUTE = 20

/** A client's `jwks_url` must answer within this, or its token request is refused. */
export const FHIR_JWKS_FETCH_TIMEOUT_MS = 5000

/** How long keys fetched from a `jwks_url` are reused before they are fetched again. */
export const FHIR_JWKS_CACHE_SECONDS = 10 * 60

/** `last_used_at` is written at most this often per client while it reads data. */
export const FHIR_CLIENT_TOUCH_INTERVAL_MS = 60 * 1000
