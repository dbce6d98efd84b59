// FHIR_BASE_URL and FHIR_RATE_LIMIT_PER_MINUTE, read at start; a malformed value stops the API
// with one line (decision 202 says why the base URL is a setting).
import { DEFAULT_FHIR_RATE_LIMIT_PER_MINUTE } from '../../common/fhir/smart'
import { ExpectedFailure } from '../expected-failure.js'

export interface FhirSettings {
  /** The FHIR base URL clients use, ending in `/fhir/`; unset: `http://localhost:<API port>/fhir/`. */
  baseUrl?: string
  /** Data requests per client per minute. */
  rateLimitPerMinute?: number
}

/** `https://ehr-feed.example.org/fhir` → `https://ehr-feed.example.org/fhir/`; null when it is not one. */
export function fhirBaseUrlOf(text: string): string | null {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.search || url.hash || url.username || url.password) return null
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
  // The proxy in front passes `/fhir/…` to the API as it is, so the public base ends the same way.
  if (!path.endsWith('/fhir/')) return null
  return `${url.origin}${path}`
}

export function fhirSettingsFromEnv(env: Record<string, string | undefined>): FhirSettings {
  const settings: FhirSettings = {}
  const base = env.FHIR_BASE_URL?.trim() ?? ''
  if (base !== '') {
    const parsed = fhirBaseUrlOf(base)
    if (!parsed) throw new ExpectedFailure('Invalid environment: FHIR_BASE_URL must be an http(s) URL ending in /fhir/ (e.g. https://care.example.org/fhir/)')
    settings.baseUrl = parsed
  }
  const limit = env.FHIR_RATE_LIMIT_PER_MINUTE?.trim() ?? ''
  if (limit !== '') {
    const parsed = Number(limit)
    if (!Number.isInteger(parsed) || parsed < 1 || parsed > 100_000) {
      throw new ExpectedFailure('Invalid environment: FHIR_RATE_LIMIT_PER_MINUTE must be a whole number from 1 to 100000')
    }
    settings.rateLimitPerMinute = parsed
  } else settings.rateLimitPerMinute = DEFAULT_FHIR_RATE_LIMIT_PER_MINUTE
  return settings
}
