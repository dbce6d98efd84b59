import { resolve } from 'node:path'
import { engineOptionsFromEnv } from './db/index.js'
import { defaultSeedAdmins, startProvider } from './index.js'

/** Standalone reference provider: `npm run provider`. */
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
    port: integerEnv(env.PROVIDER_PORT, 4000),
    host: env.PROVIDER_HOST ?? '127.0.0.1',
    appUrl: env.APP_URL ?? 'http://localhost:3000',
    devMode: !production,
    accessTokenTtlSeconds: integerEnv(env.ACCESS_TOKEN_TTL_SECONDS, 300),
    refreshTokenTtlSeconds: integerEnv(env.REFRESH_TOKEN_TTL_SECONDS, 7 * 24 * 60 * 60),
    admins,
    log: (line) => console.log(line),
  })
  console.log(`provider: listening on ${provider.url}${production ? '' : ' (dev endpoints on)'}`)

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

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
