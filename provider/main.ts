import { resolve } from 'node:path'
import { engineOptionsFromEnv } from './db/index.js'
import { runCommand } from './expected-failure.js'
import { accountClosureFromEnv, adminMfaFromEnv, defaultSeedAdmins, fhirSettingsFromEnv, passwordHashingFromEnv, startProvider } from './index.js'
import { smtpSettingsFromEnv } from './jobs/email.js'
import { withingsSettingsFromEnv } from './withings/config.js'

/**
 * The BariCare API on its own: `npm run api` (or `node build/api.js`). DATABASE_URL selects
 * PostgreSQL, else the embedded database in DATA_DIR. SIGTERM/SIGINT stop taking connections, let
 * requests in flight finish (2 s at most), close the database and exit.
 */
async function main(): Promise<void> {
  const env = process.env
  const production = env.NODE_ENV === 'production'
  const admins = defaultSeedAdmins(env)
  if (admins.length === 0) {
    console.warn('provider: no SEED_*_ADMIN_EMAIL/PASSWORD set; a new database will have no admin accounts')
  }
  const dataDir = resolve(env.DATA_DIR ?? './data')
  const provider = await startProvider({
    dataDir,
    database: engineOptionsFromEnv(env, dataDir),
    smtp: smtpSettingsFromEnv(env),
    withings: withingsSettingsFromEnv(env, production),
    accountClosure: accountClosureFromEnv(env),
    fhir: fhirSettingsFromEnv(env),
    fhirExport: { dir: env.FHIR_EXPORT_DIR ? resolve(env.FHIR_EXPORT_DIR) : undefined },
    port: integerEnv(env.PROVIDER_PORT, 4000),
    host: env.PROVIDER_HOST ?? '127.0.0.1',
    appUrl: env.APP_URL ?? 'http://localhost:3000',
    devMode: !production,
    adminMfa: adminMfaFromEnv(env, production),
    passwordHashing: passwordHashingFromEnv(env, production),
    accessTokenTtlSeconds: integerEnv(env.ACCESS_TOKEN_TTL_SECONDS, 300),
    refreshTokenTtlSeconds: integerEnv(env.REFRESH_TOKEN_TTL_SECONDS, 7 * 24 * 60 * 60),
    mfaEncryptionKey: process.env.MFA_ENCRYPTION_KEY || undefined,
    admins,
    log: (line) => console.log(line),
  })
  const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${dataDir}/pglite`
  console.log(`api: listening on ${provider.url}, database ${database}${production ? '' : ' (dev endpoints on)'}`)

  const stop = () => {
    provider.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

function integerEnv(value: string | undefined, fallback: number): number {
  const parsed = Number(value)
  return value !== undefined && value.trim() !== '' && Number.isInteger(parsed) && parsed >= 0
    ? parsed
    : fallback
}

// One line an operator can act on (a refused connection, a locked data directory, a port taken);
// the stack only for what nobody expected (provider/expected-failure.ts).
runCommand('api: could not start: ', main)
