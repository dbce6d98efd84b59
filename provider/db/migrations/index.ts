import type { Migration } from 'kysely'
import * as m0001 from './0001_schema_info.js'

/**
 * Every migration, by name, in order. A static map rather than Kysely's FileMigrationProvider:
 * esbuild bundles the provider into build/*.js, where no migrations folder exists to read at run
 * time. Add a file `NNNN_what.ts` and its line here; never rename or edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_schema_info': m0001,
}
