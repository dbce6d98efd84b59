// Where the provider gets its store. Slice 2 of P14 chooses the engine here (PGlite by default,
// PostgreSQL when DATABASE_URL is set); today it is the SQLite file in the data directory.
import { migrateSqlite, openSqliteStore, type MigrationReport } from './sqlite.js'
import type { Store } from './sql.js'

export { databasePath } from './sqlite.js'

export function openStore(dataDir: string): Promise<Store> {
  return openSqliteStore(dataDir)
}

/** Applies pending migrations (opening the store does too) and says what it did. */
export function migrateStore(dataDir: string): Promise<MigrationReport> {
  return migrateSqlite(dataDir)
}
