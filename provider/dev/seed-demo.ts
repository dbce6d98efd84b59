import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { DataDirInUseError } from '../db/data-dir-lock.js'
import { engineOptionsFromEnv } from '../db/index.js'
import { ExpectedFailure, runCommand } from '../expected-failure.js'
import { seedDemoPatients, type DemoPatient } from './demo-patients.js'
import { demoCohort } from './demo-cohort.js'

export { seedDemoPatients } from './demo-patients.js'

/** Seeding Leo's months of log and the cohort takes seconds; a server that has not answered in
 * this long is stuck rather than busy. */
const API_SEED_TIMEOUT_MS = 300_000

/**
 * `npm run provider:seed`: adds the demo patients to the database in DATABASE_URL, else to the
 * embedded one in DATA_DIR (default ./data). When a running server holds that embedded database
 * (`npm start`, `npm run api`), PGlite cannot be opened a second time, so the seed asks that server
 * to do it (its development-only POST __dev/seed-demo/) and says so.
 */
async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR ?? './data')
  const options = engineOptionsFromEnv(process.env, dataDir)
  let patients: DemoPatient[]
  let how: string
  try {
    patients = await seedDemoPatients(dataDir, options)
    how = options.databaseUrl
      ? 'Seeded the PostgreSQL database in DATABASE_URL.'
      : `Seeded the embedded database in ${dataDir} directly (no server is running on it).`
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    patients = await seedThroughApi(error, dataDir)
    how = `Seeded through the running server's API at ${error.apiUrl} (process ${error.owner} holds ${dataDir}).`
  }
  console.log(how)
  console.log(`Demo patients (password ${patients[0]?.password}):`)
  for (const patient of patients) console.log(`  ${patient.email}  ${patient.state}`)
  const cohort = demoCohort()
  console.log(`and a ${cohort.length}-patient cohort for the admin portal (${cohort[0]?.email} …, same password).`)
}

/** POST __dev/seed-demo/ on the API of the process that holds the data directory. */
async function seedThroughApi(inUse: DataDirInUseError, dataDir: string): Promise<DemoPatient[]> {
  const holder = `The embedded database in ${dataDir} is in use by process ${inUse.owner}`
  const otherwise = 'stop that process first, or set DATABASE_URL to share a PostgreSQL server.'
  if (!inUse.apiUrl) {
    throw new ExpectedFailure(
      `${holder}, which serves no API to seed through (if it is a server still starting, try again in a moment); ${otherwise}`,
    )
  }
  const endpoint = new URL('__dev/seed-demo/', inUse.apiUrl)
  let response: Response
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(API_SEED_TIMEOUT_MS),
    })
  } catch (error) {
    throw new ExpectedFailure(`${holder}, and its API at ${inUse.apiUrl} cannot be reached (${reasonOf(error)}); ${otherwise}`)
  }
  if (response.status === 404) {
    throw new ExpectedFailure(
      `${holder}, and its API at ${inUse.apiUrl} has no development endpoints (NODE_ENV=production); ${otherwise}`,
    )
  }
  const body = (await response.json().catch(() => null)) as { message?: string; content?: unknown } | null
  if (!response.ok || !Array.isArray(body?.content)) {
    throw new Error(`POST ${endpoint} answered ${response.status}: ${body?.message ?? 'no JSON body'}`)
  }
  return body.content as DemoPatient[]
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer in ${API_SEED_TIMEOUT_MS / 1000} s`
  // fetch's own error is "fetch failed"; the socket's code is on its cause.
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined
  if (typeof cause?.code === 'string') return cause.code
  if (typeof cause?.message === 'string') return cause.message
  return error instanceof Error ? error.message : String(error)
}

// Only when run as a script, so that importing this module (as tests may) seeds nothing by itself.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runCommand('provider:seed: ', main)
}
