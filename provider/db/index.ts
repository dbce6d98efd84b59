// The BariCare API's database layer (P14): one Kysely API over PostgreSQL (a server via `pg`) or
// PGlite (embedded, the zero-configuration default). Store modules take `Engine['db']`.
export { openEngine, type Engine, type EngineKind, type EngineOptions } from './engine.js'
export { engineOptionsFromEnv } from './config.js'
export { migrateToLatest, type MigrationReport } from './migrate.js'
export type { Database } from './schema.js'
