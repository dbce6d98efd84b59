import { AbortedTransactionError, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, type Engine } from '../../provider/db/index.js'
import { migrations } from '../../provider/db/migrations/index.js'
import { engineCases } from '../support/db-engines.js'

describe('migrations', () => {
  it('are named NNNN_words and listed in order', () => {
    const names = Object.keys(migrations)
    for (const name of names) expect(name).toMatch(/^\d{4}_[a-z0-9_]+$/)
    expect(names).toEqual([...names].sort())
  })
})

for (const engine of engineCases()) {
  describe.skipIf(engine.skipReason !== undefined)(`engine on ${engine.kind}`, () => {
    let opened: Engine

    beforeAll(async () => {
      opened = await engine.open()
      await sql`create table items (id bigserial primary key, name text not null unique, qty int not null)`.execute(
        opened.db,
      )
    })
    afterAll(async () => {
      await opened?.close()
    })

    it('applied every migration at open, and applying again does nothing', async () => {
      expect(opened.kind).toBe(engine.kind)
      const info = await opened.db.selectFrom('schema_info').select(['key', 'value']).execute()
      expect(info).toEqual([{ key: 'created_by', value: 'baricare' }])
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        opened.db,
      )
      expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations))

      expect(await migrateToLatest(opened.db)).toEqual({ applied: [] })
      expect(await migrateToLatest(opened.db)).toEqual({ applied: [] })
    })

    it('refuses a database that applied a migration this code does not know, rather than take it as current', async () => {
      await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_version', '2026-01-01T00:00:00.000Z')`.execute(opened.db)
      try {
        await expect(migrateToLatest(opened.db)).rejects.toThrow(/Database migration failed: .*9999_from_a_newer_version/)
      } finally {
        await sql`delete from kysely_migration where name = '9999_from_a_newer_version'`.execute(opened.db)
      }
      expect(await migrateToLatest(opened.db)).toEqual({ applied: [] })
    })

    it('rolls a transaction back when its callback throws', async () => {
      await expect(
        opened.db.transaction().execute(async (trx) => {
          await trx.insertInto('schema_info').values({ key: 'doomed', value: '1' }).execute()
          throw new Error('changed my mind')
        }),
      ).rejects.toThrow('changed my mind')
      const row = await opened.db
        .selectFrom('schema_info')
        .select('key')
        .where('key', '=', 'doomed')
        .executeTakeFirst()
      expect(row).toBeUndefined()
    })

    it('rolls a transaction back when a statement fails, and the connection stays usable', async () => {
      await sql`insert into items (name, qty) values ('gauze', 1)`.execute(opened.db)
      await expect(
        opened.db.transaction().execute(async (trx) => {
          await sql`update items set qty = 99 where name = 'gauze'`.execute(trx)
          await sql`insert into items (name, qty) values ('gauze', 2)`.execute(trx) // unique violation
        }),
      ).rejects.toMatchObject({ code: '23505' })
      const { rows } = await sql<{ qty: number }>`select qty from items where name = 'gauze'`.execute(
        opened.db,
      )
      expect(rows).toEqual([{ qty: 1 }])
    })

    it('refuses to commit a transaction PostgreSQL has aborted, even if the error was caught', async () => {
      await expect(
        opened.db.transaction().execute(async (trx) => {
          await sql`insert into items (name, qty) values ('swab', 1)`.execute(trx)
          await sql`select 1 / 0`.execute(trx).catch(() => undefined)
        }),
      ).rejects.toBeInstanceOf(AbortedTransactionError)
      const { rows } = await sql`select 1 from items where name = 'swab'`.execute(opened.db)
      expect(rows).toEqual([])
    })

    it('rolls back to a savepoint and commits the rest', async () => {
      const trx = await opened.db.startTransaction().execute()
      await sql`insert into items (name, qty) values ('kept', 1)`.execute(trx)
      const inner = await trx.savepoint('inner').execute()
      await sql`insert into items (name, qty) values ('kept', 2)`.execute(inner).catch(() => undefined)
      const back = await inner.rollbackToSavepoint('inner').execute()
      await sql`insert into items (name, qty) values ('also kept', 3)`.execute(back)
      await back.commit().execute()
      const { rows } = await sql<{
        name: string
      }>`select name from items where name in ('kept', 'also kept') order by qty`.execute(opened.db)
      expect(rows.map((row) => row.name)).toEqual(['kept', 'also kept'])
    })

    it('honours the isolation level asked for', async () => {
      const level = await opened.db
        .transaction()
        .setIsolationLevel('serializable')
        .execute(
          async (trx) =>
            (await sql<{ transaction_isolation: string }>`show transaction_isolation`.execute(trx)).rows[0]
              ?.transaction_isolation,
        )
      expect(level).toBe('serializable')
    })

    it('counts affected rows as Kysely reports them', async () => {
      await sql`insert into items (name, qty) values ('a', 1), ('b', 1), ('c', 5)`.execute(opened.db)
      const result =
        await sql`update items set qty = qty + 1 where qty = 1 and name in ('a', 'b', 'c')`.execute(opened.db)
      expect(result.numAffectedRows).toBe(2n)
    })

    it('returns the same JavaScript values on both engines', async () => {
      const { rows } = await sql<Record<string, unknown>>`
        select
          count(*) as n,
          12345678901::bigint as big,
          date '2026-03-01' as day,
          timestamptz '2026-03-01 12:30:00+00' as at,
          now()::date = (now() at time zone 'UTC')::date as utc_session,
          1.50::numeric as exact,
          2.5::float8 as approx,
          true as yes,
          ${JSON.stringify({ kg: 80.5, tags: ['a'] })}::jsonb as doc,
          null::text as nothing
        from items where name = 'a'`.execute(opened.db)
      expect(rows).toEqual([
        {
          n: 1,
          big: 12345678901,
          day: '2026-03-01',
          at: '2026-03-01T12:30:00.000Z',
          utc_session: true,
          exact: 1.5,
          approx: 2.5,
          yes: true,
          doc: { kg: 80.5, tags: ['a'] },
          nothing: null,
        },
      ])
    })

    it('runs a parameterless multi-statement script (migrations write these)', async () => {
      await sql`create table scratch (n int); insert into scratch values (1), (2)`.execute(opened.db)
      const { rows } = await sql<{ total: number }>`select sum(n)::int as total from scratch`.execute(
        opened.db,
      )
      expect(rows).toEqual([{ total: 3 }])
    })

    it('keeps statements issued elsewhere out of an open transaction', async () => {
      const transaction = opened.db.transaction().execute(async (trx) => {
        await sql`insert into items (name, qty) values ('inside', 1)`.execute(trx)
        await new Promise((resolve) => setTimeout(resolve, 50))
        await sql`select 1`.execute(trx)
        throw new Error('roll back')
      })
      // Issued while the transaction is open: it must not become part of it (and be rolled back).
      const outside = sql`insert into items (name, qty) values ('outside', 1)`.execute(opened.db)
      await expect(transaction).rejects.toThrow('roll back')
      await outside
      const { rows } = await sql<{
        name: string
      }>`select name from items where name in ('inside', 'outside')`.execute(opened.db)
      expect(rows).toEqual([{ name: 'outside' }])
    })
  })
}

describe.skipIf(engineCases()[0]?.kind !== 'pglite')('engine on pglite, one connection', () => {
  it('fails a query on `db` inside a transaction with a clear message instead of hanging', async () => {
    const engine = await engineCases()[0]!.open({ acquireTimeoutMs: 300 })
    try {
      await expect(
        engine.db.transaction().execute(async () => {
          await engine.db.selectFrom('schema_info').selectAll().execute()
        }),
      ).rejects.toThrow(/run every query on its `trx`/)
      // The lock went back: the engine still answers.
      expect(await engine.db.selectFrom('schema_info').select('key').execute()).toHaveLength(1)
    } finally {
      await engine.close()
    }
  })

  it('keeps a page cache sized for the embedded heap (shared_buffers), not the 128MB initdb writes', async () => {
    const engine = await engineCases()[0]!.open()
    try {
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(engine.db)
      expect(rows[0]?.shared_buffers).toBe('32MB')
    } finally {
      await engine.close()
    }
  })

  it('refuses a second process on the same data directory', async () => {
    const { lockDataDir } = await import('../../provider/db/data-dir-lock.js')
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { tmpdir } = await import('node:os')
    const dir = mkdtempSync(join(tmpdir(), 'baricare-lock-'))
    try {
      const lock = join(dir, 'pglite.lock')
      writeFileSync(lock, `${process.ppid}\n`) // a live process that is not us
      expect(() => lockDataDir(lock)).toThrow(`The embedded database is in use by process ${process.ppid}`)
      writeFileSync(lock, '999999999\n') // no such process: a stale lock is taken over
      const release = lockDataDir(lock)
      expect(() => lockDataDir(lock)).toThrow('already open in this process')
      release()
      lockDataDir(lock)()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('names the API of the process that holds the data directory, once it serves one', async () => {
    const { DataDirInUseError, lockDataDir, recordApiUrl } = await import('../../provider/db/data-dir-lock.js')
    const { mkdtempSync, readFileSync, writeFileSync, rmSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { tmpdir } = await import('node:os')
    const dir = mkdtempSync(join(tmpdir(), 'baricare-lock-'))
    const inUse = (lock: string) => {
      try {
        lockDataDir(lock)
      } catch (error) {
        if (error instanceof DataDirInUseError) return error
        throw error
      }
      throw new Error('the lock was taken')
    }
    try {
      const lock = join(dir, 'pglite.lock')
      const release = lockDataDir(lock)
      recordApiUrl(lock, 'http://127.0.0.1:4321/')
      expect(readFileSync(lock, 'utf8')).toBe(`${process.pid}\nhttp://127.0.0.1:4321/\n`)
      release()
      // A lock this process does not hold is never written.
      recordApiUrl(lock, 'http://127.0.0.1:4321/')
      expect(() => readFileSync(lock)).toThrow()

      writeFileSync(lock, `${process.ppid}\nhttp://127.0.0.1:4321/\n`)
      expect(inUse(lock)).toMatchObject({ owner: process.ppid, apiUrl: 'http://127.0.0.1:4321/', expected: true })
      writeFileSync(lock, `${process.ppid}\n`) // still starting, or no server at all
      expect(inUse(lock).apiUrl).toBeUndefined()
      writeFileSync(lock, '999999999\nhttp://127.0.0.1:4321/\n') // its owner has ended: stale
      lockDataDir(lock)()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
