// Whether this API talks to Withings, and where. Enabled only by configuration: a clinic
// registers an application at Withings (developer.withings.com) and sets its client id, secret and
// redirect URI; without them the Withings card says the clinic has not set it up.
// WITHINGS_SIMULATOR=1 (never in production) puts the local simulator (provider/dev/
// withings-simulator.ts) behind it instead, so anyone can walk the flow without credentials.
import { ExpectedFailure } from '../expected-failure.js'

export const WITHINGS_AUTH_URL = 'https://account.withings.com/oauth2_user/authorize2'
export const WITHINGS_API_URL = 'https://wbsapi.withings.net/'
/** What we ask for: measures (weight) and activity, which Withings' sleep data belongs to. */
export const WITHINGS_SCOPE = 'user.metrics,user.activity'

export interface WithingsConfig {
  clientId: string
  clientSecret: string
  /** Registered at Withings; the app's /customer/connect-devices/callback. */
  redirectUri: string
  /** The authorize2 page. */
  authUrl: string
  /** Base of the data and token endpoints, ending with '/'. */
  apiUrl: string
  /** Where Withings posts data notifications (Notify - Subscribe); null: no push, sync on demand. */
  notifyCallbackUrl: string | null
  /** Secret text the token-sealing key is derived from (DEVICE_TOKEN_KEY); null: from the API's token secret. */
  tokenKey: string | null
}

export type WithingsSettings =
  | { kind: 'off' }
  | { kind: 'configured'; config: WithingsConfig }
  | { kind: 'simulator'; port: number; tokenKey: string | null }

export const WITHINGS_REQUIRED = [
  'WITHINGS_CLIENT_ID',
  'WITHINGS_CLIENT_SECRET',
  'WITHINGS_REDIRECT_URI',
] as const

function absoluteUrl(name: string, value: string): string {
  try {
    const url = new URL(value)
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString()
  } catch {
    // reported below
  }
  throw new ExpectedFailure(`Invalid environment: ${name} must be an absolute http(s) URL`)
}

/**
 * Reads the WITHINGS_* settings. Throws (a line an operator can act on) when they are set only in
 * part, malformed, or missing the token key in production.
 */
export function withingsSettingsFromEnv(env: Record<string, string | undefined>, production: boolean): WithingsSettings {
  const value = (name: string) => env[name]?.trim() || undefined
  const tokenKey = value('DEVICE_TOKEN_KEY') ?? null
  if (tokenKey !== null && tokenKey.length < 32) {
    throw new ExpectedFailure(
      'Invalid environment: DEVICE_TOKEN_KEY must be at least 32 characters (e.g. openssl rand -base64 32)',
    )
  }
  const present = WITHINGS_REQUIRED.filter((name) => value(name))
  if (present.length === 0) {
    if (value('WITHINGS_SIMULATOR') === '1') {
      if (production)
        throw new ExpectedFailure('Invalid environment: WITHINGS_SIMULATOR is for development and tests only')
      const port = Number(value('WITHINGS_SIMULATOR_PORT') ?? 0)
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        throw new ExpectedFailure('Invalid environment: WITHINGS_SIMULATOR_PORT must be a port number')
      }
      return { kind: 'simulator', port, tokenKey }
    }
    return { kind: 'off' }
  }
  if (present.length < WITHINGS_REQUIRED.length) {
    const missing = WITHINGS_REQUIRED.filter((name) => !value(name))
    throw new ExpectedFailure(
      `Invalid environment: Withings needs ${missing.join(' and ')} as well (or none of the WITHINGS_* settings)`,
    )
  }
  if (production && tokenKey === null) {
    throw new ExpectedFailure(
      'Invalid environment: DEVICE_TOKEN_KEY is required with Withings when NODE_ENV=production (the key its tokens are encrypted with)',
    )
  }
  const apiUrl = absoluteUrl('WITHINGS_API_URL', value('WITHINGS_API_URL') ?? WITHINGS_API_URL)
  return {
    kind: 'configured',
    config: {
      clientId: value('WITHINGS_CLIENT_ID')!,
      clientSecret: value('WITHINGS_CLIENT_SECRET')!,
      redirectUri: absoluteUrl('WITHINGS_REDIRECT_URI', value('WITHINGS_REDIRECT_URI')!),
      authUrl: absoluteUrl('WITHINGS_AUTH_URL', value('WITHINGS_AUTH_URL') ?? WITHINGS_AUTH_URL),
      apiUrl: apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`,
      notifyCallbackUrl: value('WITHINGS_NOTIFY_CALLBACK_URL')
        ? absoluteUrl('WITHINGS_NOTIFY_CALLBACK_URL', value('WITHINGS_NOTIFY_CALLBACK_URL')!)
        : null,
      tokenKey,
    },
  }
}
