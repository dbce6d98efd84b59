import { z } from 'zod'
import { ADMIN_MFA_SETTINGS, ADMIN_MFA_VALUES_MESSAGE, DEFAULT_ADMIN_MFA } from '~/../common/contract/auth-values'
import { DEFAULT_CLINIC_TIME_ZONE, isValidTimeZone } from './formats'

// One schema over process.env. server.ts validates it once at start (and exits on failure);
// request-time code calls getEnv(), which re-reads process.env so tests can change it.

const port = z.coerce
  .number({ invalid_type_error: 'must be a whole number between 1 and 65535' })
  .int('must be a whole number between 1 and 65535')
  .min(1, 'must be a whole number between 1 and 65535')
  .max(65535, 'must be a whole number between 1 and 65535')

const optionalUrl = z
  .string()
  .url('must be an absolute URL')
  .optional()
  .or(z.literal('').transform(() => undefined))

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    PROVIDER_API_URL: optionalUrl.refine((v) => v === undefined || v.endsWith('/'), 'must end with "/"'),
    PROVIDER_TIMEOUT_MS: z.coerce
      .number({ invalid_type_error: 'must be a positive whole number of milliseconds' })
      .int('must be a positive whole number of milliseconds')
      .positive('must be a positive whole number of milliseconds')
      .default(10_000),
    SESSION_SECRET: z.string().optional(),
    PRODUCT_NAME: z.string().min(1).default('BariCare'),
    TERMS_URL: optionalUrl,
    PRIVACY_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    EMBEDDED_PROVIDER: z.enum(['0', '1', '']).optional(),
    PROVIDER_PORT: port.optional(),
    APP_URL: optionalUrl,
    CUSTOMER_IDLE_MINUTES: z.coerce.number().positive('must be a positive number of minutes').default(30),
    ADMIN_IDLE_MINUTES: z.coerce.number().positive('must be a positive number of minutes').default(15),
    RATE_LIMITS: z.enum(['on', 'off'], { message: 'must be "on" or "off"' }).default('on'),
    TRUST_PROXY: z
      .string()
      .default('false')
      .refine(isTrustProxySetting, 'must be "false", a number of proxy hops, or comma-separated proxy addresses (IP, CIDR, loopback, linklocal, uniquelocal)'),
    HOST: z.string().min(1).optional(),
    // Who must set up two-factor sign-in before using the admin portal. "off" (nobody) is for
    // development and test suites only. The API enforces its own; server.ts checks they agree.
    ADMIN_MFA: z.enum(ADMIN_MFA_SETTINGS, { message: ADMIN_MFA_VALUES_MESSAGE }).default(DEFAULT_ADMIN_MFA),
    CLINIC_TIME_ZONE: z
      .string()
      .refine(isValidTimeZone, 'must be an IANA time zone name such as America/New_York or UTC')
      .default(DEFAULT_CLINIC_TIME_ZONE),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' })
    }
    if (env.NODE_ENV === 'production' && env.ADMIN_MFA === 'off') {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_MFA'], message: 'cannot be "off" when NODE_ENV=production' })
    }
    if (env.SESSION_SECRET !== undefined && splitSecrets(env.SESSION_SECRET).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must hold at least one secret' })
    }
    if (
      env.NODE_ENV === 'production' &&
      env.SESSION_SECRET !== undefined &&
      splitSecrets(env.SESSION_SECRET).some((secret) => secret.length < MIN_PRODUCTION_SECRET_LENGTH)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: `must hold secrets of at least ${MIN_PRODUCTION_SECRET_LENGTH} characters each when NODE_ENV=production (e.g. openssl rand -base64 48)`,
      })
    }
  })

export type Env = Omit<z.infer<typeof envSchema>, 'SESSION_SECRET' | 'PROVIDER_API_URL' | 'TRUST_PROXY'> & {
  /** express's `trust proxy` value: false (trust no forwarded header), a hop count, or addresses. */
  TRUST_PROXY: false | number | string[]
  SESSION_SECRETS: string[]
  PROVIDER_API_URL: string
  TERMS_URL: string
  PRIVACY_URL: string
}

const DEV_SESSION_SECRET = 'baricare-development-secret-not-for-production'
// Our own placeholder pages (app/routes/terms.tsx, privacy.tsx) until a clinic links its real ones.
const DEFAULT_TERMS_URL = '/terms'
const DEFAULT_PRIVACY_URL = '/privacy'

// Signing and encryption keys are derived from these; a short one can be guessed offline from a cookie.
const MIN_PRODUCTION_SECRET_LENGTH = 32

const TRUST_PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal'])
const IP_OR_CIDR = /^[0-9a-f:.]+(\/\d{1,3})?$/i

// "true" (trust every hop) is refused on purpose: it lets any client choose its own address.
function isTrustProxySetting(value: string): boolean {
  if (value === 'false' || /^\d+$/.test(value)) return true
  const parts = value.split(',').map((part) => part.trim())
  return parts.every((part) => TRUST_PROXY_KEYWORDS.has(part) || (IP_OR_CIDR.test(part) && /[.:]/.test(part)))
}

function trustProxyValue(value: string): false | number | string[] {
  if (value === 'false' || value === '0') return false
  if (/^\d+$/.test(value)) return Number(value)
  return value.split(',').map((part) => part.trim())
}

/** SESSION_SECRET's rotating list, newest first (the e2e session fixture reads a server's the same way). */
export function splitSecrets(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

export type EnvResult = { ok: true; env: Env } | { ok: false; error: string }

/** Parses an environment; on failure returns one line naming the first bad variable. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
  // An empty variable (e.g. `PORT=` in a container's env file) means "unset", not "invalid".
  const result = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')),
  )
  if (!result.success) {
    const issue = result.error.issues[0]
    const name = String(issue?.path[0] ?? 'environment')
    const raw = source[name]
    const shown = raw === undefined ? 'unset' : name.includes('SECRET') ? 'hidden' : JSON.stringify(raw)
    return { ok: false, error: `Invalid environment: ${name} ${issue?.message ?? 'is invalid'} (${shown})` }
  }
  const { SESSION_SECRET, TRUST_PROXY, ...rest } = result.data
  return {
    ok: true,
    env: {
      ...rest,
      TRUST_PROXY: trustProxyValue(TRUST_PROXY),
      PROVIDER_API_URL: rest.PROVIDER_API_URL ?? '',
      SESSION_SECRETS: SESSION_SECRET ? splitSecrets(SESSION_SECRET) : [DEV_SESSION_SECRET],
      TERMS_URL: rest.TERMS_URL ?? DEFAULT_TERMS_URL,
      PRIVACY_URL: rest.PRIVACY_URL ?? DEFAULT_PRIVACY_URL,
    },
  }
}

// The variables the schema reads; only they can change getEnv()'s answer.
const ENV_NAMES = Object.keys(envSchema.innerType().shape)
let lastEnv: { fingerprint: string; env: Env } | undefined

export function getEnv(): Env {
  // Called several times per request. Parsing (zod over all of process.env, plus a time-zone
  // lookup) cost about 7% of a signed-in page's server time, so the answer is reused until one of
  // the variables it reads changes (tests change them between cases).
  const fingerprint = ENV_NAMES.map((name) => process.env[name] ?? '\u0000').join('\u0001')
  if (lastEnv?.fingerprint === fingerprint) return lastEnv.env
  const result = parseEnv(process.env)
  if (!result.ok) throw new Error(result.error)
  lastEnv = { fingerprint, env: result.env }
  return result.env
}
