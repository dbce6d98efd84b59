// Extension (not in SPEC.md §7): the patient's health-log entries and daily targets in SQLite.
// Every query is scoped by account, so one patient can never reach another's rows.
import type { Db } from './db.js'
import { ENTRY_KINDS, timeOfDay, type EntryFields, type EntryKind } from './entries-fields.js'

/** An entry as the contract answers it: id, kind, then the kind's fields. */
export type Entry = { [K in EntryKind]: { id: number; kind: K; source: string } & EntryFields[K] }[EntryKind]
type AnyFields = EntryFields[EntryKind]

interface EntryRow {
  id: number
  kind: EntryKind
  day: string
  fields: string
  source: string
}

// Every kind answers its `source` (devices extension): 'manual' or the service that measured it.
function fromRow(row: EntryRow): Entry {
  return {
    id: row.id,
    kind: row.kind,
    date: row.day,
    ...(JSON.parse(row.fields) as Omit<EntryFields[EntryKind], 'date'>),
    source: row.source,
  } as Entry
}

const COLUMNS = 'id, kind, day, fields, source'

/** A weight names its own source (a device the patient read it off); anything typed is 'manual'. */
function sourceOf(kind: EntryKind, fields: AnyFields): string {
  return kind === 'weight' ? (fields as EntryFields['weight']).source : 'manual'
}

// Oldest first within a range: the order a week or a day is read in.
const ORDER = 'ORDER BY day, time_of_day, id'

export function insertEntry(db: Db, accountId: number, kind: EntryKind, fields: AnyFields): Entry {
  const now = new Date().toISOString()
  const { date, ...rest } = fields
  const source = sourceOf(kind, fields)
  const result = db
    .prepare(
      `INSERT INTO health_entries (account_id, kind, day, time_of_day, fields, source, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(accountId, kind, date, timeOfDay(kind, fields), JSON.stringify(rest), source, now, now)
  return { id: Number(result.lastInsertRowid), kind, ...fields, source } as Entry
}

/**
 * A reading imported from a connected service (devices extension). Ignored when this service
 * already gave one of this kind for the day, so syncing a day twice never duplicates it.
 * Returns true when a row was added.
 */
export function insertImported(
  db: Db,
  accountId: number,
  kind: 'weight' | 'sleep',
  fields: EntryFields['weight'] | EntryFields['sleep'],
  service: { key: string; name: string },
): boolean {
  const now = new Date().toISOString()
  const { date, ...rest } = fields
  return (
    db
      .prepare(
        `INSERT OR IGNORE INTO health_entries
           (account_id, kind, day, time_of_day, fields, source, imported_from, created_at, updated_at)
         VALUES (?, ?, ?, '', ?, ?, ?, ?, ?)`,
      )
      .run(accountId, kind, date, JSON.stringify(rest), service.name, service.key, now, now).changes > 0
  )
}

/** Whether the patient typed an entry of this kind for the day (what an import must not override). */
export function hasManualEntry(db: Db, accountId: number, kind: EntryKind, date: string): boolean {
  return (
    db
      .prepare(
        'SELECT 1 FROM health_entries WHERE account_id = ? AND kind = ? AND day = ? AND imported_from IS NULL LIMIT 1',
      )
      .get(accountId, kind, date) !== undefined
  )
}

export function findEntry(db: Db, accountId: number, kind: EntryKind, id: number): Entry | undefined {
  const row = db
    .prepare(`SELECT ${COLUMNS} FROM health_entries WHERE id = ? AND account_id = ? AND kind = ?`)
    .get(id, accountId, kind) as EntryRow | undefined
  return row && fromRow(row)
}

/** The vitamins record of a day (there is at most one per day). */
export function findVitaminsOn(db: Db, accountId: number, date: string): Entry | undefined {
  const row = db
    .prepare(`SELECT ${COLUMNS} FROM health_entries WHERE account_id = ? AND kind = 'vitamins' AND day = ?`)
    .get(accountId, date) as EntryRow | undefined
  return row && fromRow(row)
}

export function replaceEntry(
  db: Db,
  accountId: number,
  kind: EntryKind,
  id: number,
  fields: AnyFields,
): Entry {
  const { date, ...rest } = fields
  const source = sourceOf(kind, fields)
  // An imported reading the patient corrects becomes theirs: it is no longer the service's to delete.
  db.prepare(
    `UPDATE health_entries SET day = ?, time_of_day = ?, fields = ?, source = ?, imported_from = NULL,
       updated_at = ?
     WHERE id = ? AND account_id = ? AND kind = ?`,
  ).run(
    date,
    timeOfDay(kind, fields),
    JSON.stringify(rest),
    source,
    new Date().toISOString(),
    id,
    accountId,
    kind,
  )
  return { id, kind, ...fields, source } as Entry
}

/** True when a row was deleted. */
export function deleteEntry(db: Db, accountId: number, kind: EntryKind, id: number): boolean {
  return (
    db
      .prepare('DELETE FROM health_entries WHERE id = ? AND account_id = ? AND kind = ?')
      .run(id, accountId, kind).changes > 0
  )
}

export function listEntries(db: Db, accountId: number, kind: EntryKind, from: string, to: string): Entry[] {
  const rows = db
    .prepare(
      `SELECT ${COLUMNS} FROM health_entries
       WHERE account_id = ? AND kind = ? AND day BETWEEN ? AND ? ${ORDER}`,
    )
    .all(accountId, kind, from, to) as EntryRow[]
  return rows.map(fromRow)
}

export type EntriesByKind = Record<EntryKind, Entry[]>
export type LatestByKind = Record<EntryKind, Entry | null>

export function listAllEntries(db: Db, accountId: number, from: string, to: string): EntriesByKind {
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM health_entries WHERE account_id = ? AND day BETWEEN ? AND ? ${ORDER}`)
    .all(accountId, from, to) as EntryRow[]
  const byKind = Object.fromEntries(ENTRY_KINDS.map((kind) => [kind, [] as Entry[]])) as EntriesByKind
  for (const row of rows) byKind[row.kind].push(fromRow(row))
  return byKind
}

/** The newest entry of each kind dated on or before `onOrBefore`, however long ago. */
export function latestEntries(db: Db, accountId: number, onOrBefore: string): LatestByKind {
  const statement = db.prepare(
    `SELECT ${COLUMNS} FROM health_entries WHERE account_id = ? AND kind = ? AND day <= ?
     ORDER BY day DESC, time_of_day DESC, id DESC LIMIT 1`,
  )
  const latest = Object.fromEntries(
    ENTRY_KINDS.map((kind) => {
      const row = statement.get(accountId, kind, onOrBefore) as EntryRow | undefined
      return [kind, row ? fromRow(row) : null]
    }),
  )
  return latest as LatestByKind
}

// ---- Daily targets (the profile's preferences section) ----------------------------------------

export interface DailyTargets {
  protein_target_g: number
  water_target_ml: number
  sleep_target_h: number
}

export const DEFAULT_TARGETS: DailyTargets = {
  protein_target_g: 60,
  water_target_ml: 1900,
  sleep_target_h: 7,
}

export function readTargets(db: Db, accountId: number): DailyTargets {
  const row = db
    .prepare(
      'SELECT protein_target_g, water_target_ml, sleep_target_h FROM daily_targets WHERE account_id = ?',
    )
    .get(accountId) as DailyTargets | undefined
  return row ?? { ...DEFAULT_TARGETS }
}

export function saveTargets(db: Db, accountId: number, targets: DailyTargets): void {
  db.prepare(
    `INSERT INTO daily_targets (account_id, protein_target_g, water_target_ml, sleep_target_h, updated_at)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(account_id) DO UPDATE SET protein_target_g = excluded.protein_target_g,
       water_target_ml = excluded.water_target_ml, sleep_target_h = excluded.sleep_target_h,
       updated_at = excluded.updated_at`,
  ).run(
    accountId,
    targets.protein_target_g,
    targets.water_target_ml,
    targets.sleep_target_h,
    new Date().toISOString(),
  )
}
