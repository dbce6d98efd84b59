// Where the provider gets its store: PGlite under the data directory by default, a PostgreSQL
// server when DATABASE_URL (options.databaseUrl) is set. Opening applies pending migrations.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { migrateToLatest, openEngine, type Engine, type EngineOptions, type MigrationReport } from '../db/index.js'
import { storeOverEngine } from './engine-db.js'
import type { Store } from './sql.js'

export type StoreOptions = Omit<EngineOptions, 'dataDir' | 'migrate'>

export async function openStore(dataDir: string, options: StoreOptions = {}): Promise<Store> {
  return (await openDatabase(dataDir, options)).store
}

/** The store and the engine under it (which the job runner shares). Closing the store closes both. */
export async function openDatabase(dataDir: string, options: StoreOptions = {}): Promise<{ store: Store; engine: Engine }> {
  const engine = await openEngine({ ...options, dataDir })
  return { store: storeOverEngine(engine), engine }
}

/** Applies pending migrations (opening the store does too) and says what it did. */
export async function migrateStore(dataDir: string, options: StoreOptions = {}): Promise<MigrationReport> {
  const engine = await openEngine({ ...options, dataDir, migrate: false })
  try {
    return await migrateToLatest(engine.db)
  } finally {
    await engine.close()
  }
}

/**
 * The SQLite file of the provider before it moved to PostgreSQL's SQL. Its data is not carried over (it only ever
 * held development and demo data); start-up says so once, so nobody wonders where it went.
 */
export function legacySqliteFile(dataDir: string): string | undefined {
  const path = join(dataDir, 'provider.sqlite')
  return existsSync(path) ? path : undefined
}
