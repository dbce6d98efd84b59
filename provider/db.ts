import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import { migrations } from './migrations.js'

export type Db = Database.Database

export function databasePath(dataDir: string): string {
  return join(dataDir, 'provider.sqlite')
}

/** Opens (creating if needed) `${dataDir}/provider.sqlite` and brings its schema up to date. */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true })
  const db = new Database(databasePath(dataDir))
  // First, so that the pragmas and migrations below wait for a seed script holding the same file.
  db.pragma('busy_timeout = 5000')
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  migrate(db)
  return db
}

/** IMMEDIATE, and the version read inside, so two processes opening a new file migrate it once. */
function migrate(db: Db): void {
  db.transaction(() => {
    const current = Number(db.pragma('user_version', { simple: true }))
    for (let version = current; version < migrations.length; version++) db.exec(migrations[version])
    if (current < migrations.length) db.pragma(`user_version = ${migrations.length}`)
  }).immediate()
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined
  return row?.value
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, value)
}

/** Kept in the database so that tokens issued before a restart stay valid after it. */
export function tokenSecretFor(db: Db): string {
  const existing = getMeta(db, 'token_secret')
  if (existing) return existing
  const secret = randomBytes(32).toString('hex')
  db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run('token_secret', secret)
  return getMeta(db, 'token_secret') ?? secret
}

/** Access tokens carry the epoch they were issued in; bumping it retires them all at once. */
export function accessEpoch(db: Db): number {
  return Number(getMeta(db, 'access_epoch') ?? 0)
}

export function bumpAccessEpoch(db: Db): number {
  const next = accessEpoch(db) + 1
  setMeta(db, 'access_epoch', String(next))
  return next
}
