// What the FHIR API needs at run time beside the rest of the API's context: its public base URL
// and the per-client limits, which live as long as the API process.
import { RateLimiter } from './rate-limit.js'

export interface FhirRuntime {
  /** The FHIR base as clients see it, ending in `/fhir/` (FHIR_BASE_URL). */
  baseUrl: string
  /** Data requests per client per minute (FHIR_RATE_LIMIT_PER_MINUTE). */
  requests: RateLimiter
  /** Token requests per client id per minute. */
  tokens: RateLimiter
  /** When each client's `last_used_at` was last written by this process, in ms. */
  touched: Map<string, number>
}

export function fhirRuntime(baseUrl: string, requestsPerMinute: number, tokensPerMinute: number): FhirRuntime {
  return {
    baseUrl,
    requests: new RateLimiter(requestsPerMinute),
    tokens: new RateLimiter(tokensPerMinute),
    touched: new Map(),
  }
}
