import { sql, type Kysely } from 'kysely'
import { Migrator, type MigrationResultSet } from 'kysely/migration'
import { migrations } from './migrations/index.js'

export interface MigrationReport {
  /** Names applied by this call, in order (empty when the schema was already current). */
  applied: string[]
}

/**
 * Applies every pending migration in one transaction under Kysely's migration lock (an advisory
 * lock on PostgreSQL), so two API processes starting on one database migrate it once.
 */
// Migrations run before any schema type is true of the database; the migrator takes any Kysely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationReport> {
  if (await appliedExactly(db)) return { applied: [] }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  return reportOf(await migrator.migrateToLatest())
}

/**
 * Whether the database has applied exactly the migrations this code knows, no more and no fewer:
 * the usual start, with nothing to do. Kysely's Migrator reads every column of every table in the
 * catalog, twice, to find its own two tables; on the embedded engine that was a quarter of a
 * second of each start. Anything else (a new database, a pending migration, one this code does not
 * know) goes to the Migrator, which takes its lock and decides, or refuses, as before.
 */
// Its own table, which no schema type describes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function appliedExactly(db: Kysely<any>): Promise<boolean> {
  // Raw: the builder has no catalog lookup that leaves the rest of the catalog alone.
  const { rows } = await sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`.execute(db)
  if (!rows[0]?.found) return false
  const applied: { name: string }[] = await db.selectFrom('kysely_migration').select('name').execute()
  const known = Object.keys(migrations)
  const names = new Set(applied.map((row) => row.name))
  return names.size === known.length && known.every((name) => names.has(name))
}

function reportOf({ error, results = [] }: MigrationResultSet): MigrationReport {
  const failed = results.find((result) => result.status === 'Error')
  if (error !== undefined) {
    const cause = error instanceof Error ? error.message : String(error)
    throw new Error(
      failed
        ? `Database migration ${failed.migrationName} failed: ${cause}`
        : `Database migration failed: ${cause}`,
      { cause: error },
    )
  }
  return {
    applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName),
  }
}
