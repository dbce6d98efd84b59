import { resolve } from 'node:path'
import { engineOptionsFromEnv } from './config.js'
import { openEngine } from './engine.js'
import { migrateToLatest } from './migrate.js'

/** `npm run db:migrate`: brings the database named by DATABASE_URL (or DATA_DIR's PGlite) up to date. */
async function main(): Promise<void> {
  const options = engineOptionsFromEnv(process.env, resolve(process.env.DATA_DIR ?? './data'))
  const engine = await openEngine({ ...options, migrate: false })
  try {
    const { applied } = await migrateToLatest(engine.db)
    const where = engine.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${options.dataDir}`
    console.log(
      applied.length === 0
        ? `db:migrate: ${where} is up to date`
        : `db:migrate: ${where}: applied ${applied.join(', ')}`,
    )
  } finally {
    await engine.close()
  }
}

main().catch((error: unknown) => {
  console.error(`db:migrate: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
