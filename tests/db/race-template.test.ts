// The pattern every race test follows (single-use codes, last Super Admin, sign-in counters,
// device re-sync, alert acknowledgement): two API processes — two engines, two connection pools —
// on one real PostgreSQL database, the competing requests held at a barrier until both are in
// flight, and a control that shows the naive version really does lose the race, so a green test
// means the store's SQL is right rather than that the race never happened.
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEngine, type Database, type Engine } from '../../provider/db/index.js'
import { migrations } from '../../provider/db/migrations/index.js'
import { createTestDatabase, pgliteCase, postgresCase, type TestDatabase } from '../support/db-engines.js'

interface RaceDatabase extends Database {
  single_use_codes: { code: string; redeemed_at: Date | null; redeemed_by: string | null }
}
type RaceDb = Kysely<RaceDatabase>

const createCodes = sql`create table single_use_codes (
  code text primary key,
  redeemed_at timestamptz,
  redeemed_by text
)`

/** The store function under test: one conditional UPDATE, so the database decides who wins. */
async function redeem(db: RaceDb, code: string, who: string): Promise<boolean> {
  const result = await db
    .updateTable('single_use_codes')
    .set({ redeemed_at: sql`now()`, redeemed_by: who })
    .where('code', '=', code)
    .where('redeemed_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/** Resolves once `parties` callers have arrived: both requests have done their reads. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return () => {
    if (++arrived === parties) open()
    return opened
  }
}

const postgres = postgresCase()

describe.skipIf(postgres.skipReason !== undefined)(
  'race on a real PostgreSQL server: redeem a single-use code',
  () => {
    let database: TestDatabase
    let apiA: Engine
    let apiB: Engine
    let a: RaceDb
    let b: RaceDb

    beforeAll(async () => {
      database = await createTestDatabase()
      // Two "API processes" starting at once on a new database: the migration lock lets one migrate.
      ;[apiA, apiB] = await Promise.all([
        openEngine({ databaseUrl: database.url, dataDir: '/nonexistent', poolMax: 2 }),
        openEngine({ databaseUrl: database.url, dataDir: '/nonexistent', poolMax: 2 }),
      ])
      a = apiA.db.withTables<Pick<RaceDatabase, 'single_use_codes'>>()
      b = apiB.db.withTables<Pick<RaceDatabase, 'single_use_codes'>>()
      await createCodes.execute(a)
    })
    afterAll(async () => {
      await Promise.all([apiA?.close(), apiB?.close()])
      await database?.drop()
    })

    it('migrated the new database exactly once', async () => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(a)
      expect(rows).toEqual([{ n: Object.keys(migrations).length }])
    })

    it('lets exactly one of two interleaved redemptions win', async () => {
      await a.insertInto('single_use_codes').values({ code: 'VERIFY-1' }).execute()
      const bothHaveRead = barrier(2)
      const attempt = (db: RaceDb, who: string) =>
        db.transaction().execute(async (trx) => {
          // Each request sees an unredeemed code before either writes: the worst interleaving.
          const before = await trx
            .selectFrom('single_use_codes')
            .select('redeemed_at')
            .where('code', '=', 'VERIFY-1')
            .executeTakeFirstOrThrow()
          expect(before.redeemed_at).toBeNull()
          await bothHaveRead()
          return redeem(trx, 'VERIFY-1', who)
        })
      const outcomes = await Promise.all([attempt(a, 'process A'), attempt(b, 'process B')])
      expect(outcomes.filter(Boolean)).toHaveLength(1)
      const row = await a
        .selectFrom('single_use_codes')
        .selectAll()
        .where('code', '=', 'VERIFY-1')
        .executeTakeFirstOrThrow()
      expect(row.redeemed_by).toBe(outcomes[0] ? 'process A' : 'process B')
    })

    it('control: read-then-write without the condition lets both win, so the race above is real', async () => {
      await a.insertInto('single_use_codes').values({ code: 'NAIVE-1' }).execute()
      const bothHaveRead = barrier(2)
      const naive = (db: RaceDb, who: string) =>
        db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('single_use_codes')
            .select('redeemed_at')
            .where('code', '=', 'NAIVE-1')
            .executeTakeFirstOrThrow()
          await bothHaveRead()
          if (row.redeemed_at !== null) return false
          await trx
            .updateTable('single_use_codes')
            .set({ redeemed_at: sql`now()`, redeemed_by: who })
            .where('code', '=', 'NAIVE-1')
            .execute()
          return true
        })
      const outcomes = await Promise.all([naive(a, 'process A'), naive(b, 'process B')])
      expect(outcomes).toEqual([true, true])
    })

    it('holds over many codes redeemed in parallel from both processes', async () => {
      const codes = Array.from({ length: 40 }, (_, index) => `BULK-${index}`)
      await a
        .insertInto('single_use_codes')
        .values(codes.map((code) => ({ code })))
        .execute()
      const outcomes = await Promise.all(
        codes.flatMap((code) => [redeem(a, code, 'process A'), redeem(b, code, 'process B')]),
      )
      for (let index = 0; index < codes.length; index++) {
        expect(outcomes[2 * index] !== outcomes[2 * index + 1], codes[index]).toBe(true)
      }
    })
  },
)

describe('the same store function on embedded PGlite', () => {
  let engine: Engine
  let db: RaceDb

  beforeAll(async () => {
    engine = await pgliteCase().open()
    db = engine.db.withTables<Pick<RaceDatabase, 'single_use_codes'>>()
    await createCodes.execute(db)
  })
  afterAll(async () => {
    await engine?.close()
  })

  // One connection serializes every statement, so there is no interleaving to force (a barrier
  // inside two transactions would wait forever): the test pins the function's contract instead.
  it('lets exactly one of two parallel redemptions win', async () => {
    await db.insertInto('single_use_codes').values({ code: 'VERIFY-1' }).execute()
    const outcomes = await Promise.all([
      redeem(db, 'VERIFY-1', 'request 1'),
      redeem(db, 'VERIFY-1', 'request 2'),
    ])
    expect(outcomes).toEqual([true, false])
  })
})
