// Test-side helpers for databases: open a fresh engine on PGlite or on the throwaway PostgreSQL
// server that tests/support/postgres-setup.ts started, and clean it away afterwards. The `db`
// project's engines start empty (its tests watch the migrations run); the API's tests take copies
// of the run's migrated templates (tests/provider/helpers.ts).
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { openEngine, type Engine, type EngineKind, type EngineOptions } from '../../provider/db/index.js'

export type TestEngineOptions = Omit<EngineOptions, 'databaseUrl' | 'dataDir'>

export interface EngineCase {
  kind: EngineKind
  /** Why this engine's tests are skipped here (no PostgreSQL installed, outside CI). */
  skipReason?: string
  /** A new, empty database on this engine; `close()` also deletes it. */
  open(options?: TestEngineOptions): Promise<Engine>
}

/** Both engines, PGlite first; use as `for (const engine of engineCases()) describe.skipIf(…)`. */
export function engineCases(): EngineCase[] {
  return [pgliteCase(), postgresCase()]
}

/**
 * Puts a copy of the run's PGlite template into `dataDir` (as `dataDir/pglite`, where the engine
 * looks), unless a database is there already: initdb'd only, or with `migrated` every migration
 * applied too (tests/support/pglite-template.ts).
 */
export function copyPGliteTemplate(dataDir: string, { migrated = false }: { migrated?: boolean } = {}): void {
  const target = join(dataDir, 'pglite')
  if (existsSync(target)) return
  cpSync(inject(migrated ? 'pgliteMigratedTemplate' : 'pgliteTemplate'), target, { recursive: true })
}

export function pgliteCase(): EngineCase {
  return {
    kind: 'pglite',
    async open(options) {
      const dataDir = mkdtempSync(join(tmpdir(), 'baricare-pglite-'))
      copyPGliteTemplate(dataDir)
      const engine = await openEngine({ ...options, dataDir }).catch((error: unknown) => {
        rmSync(dataDir, { recursive: true, force: true })
        throw error
      })
      return withCleanup(engine, async () => rmSync(dataDir, { recursive: true, force: true }))
    },
  }
}

export function postgresCase(): EngineCase {
  const harness = inject('postgres')
  if (!harness.available) {
    return {
      kind: 'postgres',
      skipReason: harness.reason,
      open: () => Promise.reject(new Error(harness.reason)),
    }
  }
  return {
    kind: 'postgres',
    async open(options) {
      const database = await createTestDatabase()
      const engine = await openEngine({ ...options, dataDir: tmpdir(), databaseUrl: database.url }).catch(
        async (error: unknown) => {
          await database.drop()
          throw error
        },
      )
      return withCleanup(engine, database.drop)
    },
  }
}

export interface TestDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

let counter = 0

/**
 * A database of its own on the test server, for tests that open several engines on one database:
 * empty, or with `migrated` a copy of the run's migrated template (what the API's tests start from).
 */
export async function createTestDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const harness = inject('postgres')
  if (!harness.available) throw new Error(harness.reason)
  // Unique across the parallel test workers (each its own process) and across files in one worker.
  const name = `test_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`
  await admin(harness.baseUrl, `create database "${name}"${migrated ? ` template "${harness.migratedTemplate}"` : ''}`)
  return {
    name,
    url: `${harness.baseUrl}/${name}`,
    // WITH (FORCE) ends sessions a failed test left open, so the drop never waits on them.
    drop: () => admin(harness.baseUrl, `drop database if exists "${name}" with (force)`),
  }
}

async function admin(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${baseUrl}/postgres` })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

function withCleanup(engine: Engine, cleanup: () => Promise<void>): Engine {
  let closing: Promise<void> | undefined
  return {
    ...engine,
    close: () =>
      (closing ??= (async () => {
        try {
          await engine.close()
        } finally {
          await cleanup()
        }
      })()),
  }
}
