// Sign-in attempts per e-mail (the rule that reads them: provider/login-throttle.ts).
import type { Db } from './sql.js'

/** Drops rows older than `before`, then records an attempt now; returns its id. */
export async function insertAttempt(db: Db, email: string, now: number, before: number): Promise<number> {
  await db.kysely.deleteFrom('login_failures').where('at', '<=', before).execute()
  const row = await db.kysely
    .insertInto('login_failures')
    .values({ email, at: now })
    .returning('id')
    .executeTakeFirstOrThrow(() => new Error('login attempt was not recorded'))
  return row.id
}

/** Attempts for this e-mail since `since` recorded before attempt `id`: how many, and the latest's time. */
export async function attemptsBefore(
  db: Db,
  email: string,
  since: number,
  id: number,
): Promise<{ count: number; latestAt: number | null }> {
  // An aggregate always answers one row; count(*) and max(bigint) read back as numbers (int8).
  const row = await db.kysely
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number | null>('at').as('latest')])
    .where('email', '=', email)
    .where('at', '>', since)
    .where('id', '<', id)
    .executeTakeFirst()
  return { count: row?.n ?? 0, latestAt: row?.latest ?? null }
}

export async function deleteAttempt(db: Db, id: number): Promise<void> {
  await db.kysely.deleteFrom('login_failures').where('id', '=', id).execute()
}

export async function deleteAttempts(db: Db, email: string): Promise<void> {
  await db.kysely.deleteFrom('login_failures').where('email', '=', email).execute()
}
