// The BariCare API's database layer: one Kysely API over PostgreSQL (a server via `pg`) or
// PGlite (embedded, the zero-configuration default). Store modules take `Engine['db']`.
//
// Rules for store code, true on both engines:
// - inside `db.transaction().execute(async (trx) => …)` every query goes through `trx`; a query on
//   `db` there waits for a second connection that PGlite does not have (it fails after 10 s);
// - single-use things are claimed by one conditional UPDATE (`… where redeemed_at is null`) and the
//   winner is `numUpdatedRows === 1n`: see tests/db/race-template.test.ts;
// - JSON parameters are passed as `JSON.stringify(value)`; `date` columns read back as
//   'YYYY-MM-DD', int8, numeric and counts as numbers, timestamptz as ISO strings (provider/db/types.ts).
export { openEngine, initPGliteDataDir, type Engine, type EngineKind, type EngineOptions } from './engine.js'
export { engineOptionsFromEnv } from './config.js'
export { migrateToLatest, type MigrationReport } from './migrate.js'
export type { Database } from './schema.js'
