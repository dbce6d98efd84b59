// Small process-wide settings kept in the database (the `meta` table).
import { randomBytes } from 'node:crypto'
import type { Db } from './sql.js'

export async function getMeta(db: Db, key: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst()
  return row?.value
}

/** Kept in the database so that tokens issued before a restart stay valid after it. */
export async function tokenSecretFor(db: Db): Promise<string> {
  const existing = await getMeta(db, 'token_secret')
  if (existing) return existing
  const secret = randomBytes(32).toString('hex')
  // Two processes starting on a new database: the first secret written wins and both read it back.
  await db.kysely
    .insertInto('meta')
    .values({ key: 'token_secret', value: secret })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute()
  return (await getMeta(db, 'token_secret')) ?? secret
}

/** Access tokens carry the epoch they were issued in; bumping it retires them all at once. */
export async function accessEpoch(db: Db): Promise<number> {
  return Number((await getMeta(db, 'access_epoch')) ?? 0)
}

/** One statement, so two bumps at once both count (a read-then-write could lose one). */
export async function bumpAccessEpoch(db: Db): Promise<void> {
  await db.kysely
    .insertInto('meta')
    .values({ key: 'access_epoch', value: '1' })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet((eb) => ({ value: eb.cast<string>(eb(eb.cast<number>('meta.value', 'integer'), '+', 1), 'text') })),
    )
    .execute()
}
