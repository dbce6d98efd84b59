// What tests start from (tests/support/pglite-template.ts, postgres-setup.ts): the API's tests a
// copy with every migration applied, so opening it migrates nothing; the database layer's tests an
// empty database, so they watch every migration run.
import { sql } from 'kysely'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openEngine, type Engine } from '../../provider/db/index.js'
import { migrations } from '../../provider/db/migrations/index.js'
import { copyPGliteTemplate, createTestDatabase, postgresCase } from '../support/db-engines.js'

async function appliedMigrations(engine: Engine): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(engine.db)
  return rows.map((row) => row.name)
}

async function tableCount(engine: Engine): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(engine.db)
  return rows[0]!.count
}

describe('the PGlite templates', () => {
  const dirs: string[] = []
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'baricare-template-test-'))
    dirs.push(dir)
    return dir
  }
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('the migrated copy has every migration applied', async () => {
    const dir = dataDir()
    copyPGliteTemplate(dir, { migrated: true })
    const engine = await openEngine({ dataDir: dir, migrate: false })
    try {
      expect(await appliedMigrations(engine)).toEqual(Object.keys(migrations))
      expect(await migrateToLatest(engine.db)).toEqual({ applied: [] })
    } finally {
      await engine.close()
    }
  })

  it('the initialised copy is empty', async () => {
    const dir = dataDir()
    copyPGliteTemplate(dir)
    const engine = await openEngine({ dataDir: dir, migrate: false })
    try {
      expect(await tableCount(engine)).toBe(0)
    } finally {
      await engine.close()
    }
  })
})

const postgres = postgresCase()

describe.skipIf(postgres.skipReason !== undefined)('the PostgreSQL template', () => {
  for (const migrated of [true, false]) {
    it(migrated ? 'a migrated database has every migration applied' : 'a plain database is empty', async () => {
      const database = await createTestDatabase({ migrated })
      const engine = await openEngine({ databaseUrl: database.url, dataDir: '/nonexistent', migrate: false })
      try {
        if (migrated) {
          expect(await appliedMigrations(engine)).toEqual(Object.keys(migrations))
          expect(await migrateToLatest(engine.db)).toEqual({ applied: [] })
        } else {
          expect(await tableCount(engine)).toBe(0)
        }
      } finally {
        await engine.close()
        await database.drop()
      }
    })
  }
})
