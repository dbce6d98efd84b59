// The API's job runner: pg-boss, storing its jobs in the API's own database (schema `pgboss`), so
// jobs survive restarts and any API instance can work them. On PostgreSQL it keeps a small pool of
// its own; on PGlite (one connection) it uses pg-boss's PGlite adapter (multi-statement blocks,
// rollback after a failed one) under the engine's connection lock, so its statements never land
// inside one of the API's transactions.
import { fromPglite, PgBoss } from 'pg-boss'
import type { Engine } from '../db/index.js'

/** Connections the runner may hold on a PostgreSQL server, besides the API's own pool. */
const RUNNER_POOL_MAX = 2

export interface JobRunnerOptions {
  log: (line: string) => void
  /** Seconds between polls for new jobs when idle (pg-boss's default is 2). */
  pollingIntervalSeconds?: number
}

type JobDatabase = ReturnType<typeof fromPglite>

function exclusivePglite(engine: Engine): JobDatabase {
  const { exclusive } = engine
  if (!exclusive) throw new Error('The job runner needs DATABASE_URL or the embedded database')
  let adapter: JobDatabase | undefined
  return {
    executeSql: (text: string, values?: unknown[]) =>
      exclusive((pglite) => (adapter ??= fromPglite(pglite)).executeSql(text, values)),
  }
}

export async function startJobRunner(engine: Engine, options: JobRunnerOptions): Promise<PgBoss> {
  const boss =
    engine.kind === 'postgres' && engine.databaseUrl
      ? new PgBoss({
          connectionString: engine.databaseUrl,
          max: RUNNER_POOL_MAX,
          application_name: 'baricare-jobs',
        })
      : new PgBoss({ db: exclusivePglite(engine), backend: 'pglite' })
  // pg-boss reports failures of its own housekeeping here; unhandled, an 'error' event would end
  // the process.
  boss.on('error', (error: Error) => options.log(`jobs: ${error.message}`))
  await boss.start()
  return boss
}
