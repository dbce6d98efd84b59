// Small process-wide settings kept in the database (the `meta` table).
import { randomBytes } from 'node:crypto'
import type { Db } from './sql.js'

export async function getMeta(db: Db, key: string): Promise<string | undefined> {
  const row = await db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key])
  return row?.value
}

/** Kept in the database so that tokens issued before a restart stay valid after it. */
export async function tokenSecretFor(db: Db): Promise<string> {
  const existing = await getMeta(db, 'token_secret')
  if (existing) return existing
  const secret = randomBytes(32).toString('hex')
  // Two processes starting on a new database: the first secret written wins and both read it back.
  await db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', ['token_secret', secret])
  return (await getMeta(db, 'token_secret')) ?? secret
}

/** Access tokens carry the epoch they were issued in; bumping it retires them all at once. */
export async function accessEpoch(db: Db): Promise<number> {
  return Number((await getMeta(db, 'access_epoch')) ?? 0)
}

/** One statement, so two bumps at once both count (a read-then-write could lose one). */
export async function bumpAccessEpoch(db: Db): Promise<void> {
  await db.run(
    `INSERT INTO meta (key, value) VALUES ('access_epoch', '1')
     ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)`,
  )
}
