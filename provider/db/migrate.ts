import { type Kysely } from 'kysely'
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
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  return reportOf(await migrator.migrateToLatest())
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
