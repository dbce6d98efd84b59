// The Kysely schema (provider/db/schema.ts) against the database the migrations build, on both
// engines: every table and column it names exists with the same type, nullability and default,
// and the database has no table or column it leaves out. `columns` stands for the interfaces here;
// the compile-time check in schema.ts holds the interfaces to it.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Engine } from '../../provider/db/index.js'
import { columns } from '../../provider/db/schema.js'
import { engineCases } from '../support/db-engines.js'

/** The migrator's own bookkeeping, which no store module reads. */
const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock']

interface LiveColumn {
  table_name: string
  column_name: string
  udt_name: string
  is_nullable: 'YES' | 'NO'
  has_default: boolean
}

async function liveSchema(engine: Engine): Promise<Record<string, Record<string, string>>> {
  const { rows } = await sql<LiveColumn>`
    select c.table_name, c.column_name, c.udt_name, c.is_nullable,
      (c.column_default is not null or c.is_identity = 'YES') as has_default
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(engine.db)
  const live: Record<string, Record<string, string>> = {}
  for (const row of rows) {
    if (MIGRATOR_TABLES.includes(row.table_name)) continue
    const spec = `${row.udt_name}${row.is_nullable === 'YES' ? ' null' : ''}${row.has_default ? ' default' : ''}`
    ;(live[row.table_name] ??= {})[row.column_name] = spec
  }
  return live
}

for (const engine of engineCases()) {
  describe.skipIf(engine.skipReason !== undefined)(`schema.ts on ${engine.kind}`, () => {
    let opened: Engine
    beforeAll(async () => {
      opened = await engine.open()
    })
    afterAll(async () => {
      await opened?.close()
    })

    it('names every table and column the migrations create, with their types, NULLs and defaults', async () => {
      const live = await liveSchema(opened)
      expect(Object.keys(live).sort()).toEqual(Object.keys(columns).sort())
      for (const [table, declared] of Object.entries(columns)) {
        expect({ table, columns: live[table] }).toEqual({ table, columns: declared })
      }
    })
  })
}
