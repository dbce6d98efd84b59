// Extension (not in SPEC.md §7): the patient's health-log entries and daily targets.
// Every query is scoped by account, so one patient can never reach another's rows.
import type { Db } from './sql.js'
import { changingPatient } from './patient-summaries.js'
import { ENTRY_KINDS, timeOfDay, type EntryFields, type EntryKind } from '../entries-fields.js'
import { DEFAULT_STORED_TARGETS, type StoredTargets } from '../../common/daily-targets.js'

/** An entry as the contract answers it: id, kind, then the kind's fields. */
export type Entry = { [K in EntryKind]: { id: number; kind: K; source: string } & EntryFields[K] }[EntryKind]
type AnyFields = EntryFields[EntryKind]

interface EntryRow {
  id: number
  kind: EntryKind
  day: string
  fields: Record<string, unknown>
  source: string
}

// Every kind answers its `source` (devices extension): 'manual' or the service that measured it.
function fromRow(row: EntryRow): Entry {
  return {
    id: row.id,
    kind: row.kind,
    date: row.day,
    ...(row.fields as Omit<EntryFields[EntryKind], 'date'>),
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

export async function insertEntry(db: Db, accountId: number, kind: EntryKind, fields: AnyFields): Promise<Entry> {
  const now = new Date().toISOString()
  const { date, ...rest } = fields
  const source = sourceOf(kind, fields)
  const inserted = await changingPatient(db, accountId, (tx) =>
    tx.get<{ id: number }>(
    `INSERT INTO health_entries (account_id, kind, day, time_of_day, fields, source, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     RETURNING id`,
    [accountId, kind, date, timeOfDay(kind, fields), JSON.stringify(rest), source, now, now],
    ),
  )
  if (!inserted) throw new Error('entry was not inserted')
  return { id: inserted.id, kind, ...fields, source } as Entry
}

/**
 * A reading imported from a connected service (devices extension). Ignored when this service
 * already gave one of this kind for the day, so syncing a day twice never duplicates it.
 * Returns true when a row was added.
 */
export async function insertImported(
  db: Db,
  accountId: number,
  kind: 'weight' | 'sleep',
  fields: EntryFields['weight'] | EntryFields['sleep'],
  service: { key: string; name: string },
): Promise<boolean> {
  const now = new Date().toISOString()
  const { date, ...rest } = fields
  // The unique index on (account, kind, day, service) decides, not a prior SELECT: two syncs of
  // the same day racing (two tabs, two processes) insert one row and the loser changes nothing.
  const result = await changingPatient(db, accountId, (tx) =>
    tx.run(
      `INSERT INTO health_entries
         (account_id, kind, day, time_of_day, fields, source, imported_from, created_at, updated_at)
       VALUES (?, ?, ?, '', ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
      [accountId, kind, date, JSON.stringify(rest), service.name, service.key, now, now],
    ),
  )
  return result.changes > 0
}

/**
 * A service's reading for a day, replacing that service's earlier reading of the day when it
 * differs (a later weighing, a night re-scored): 'inserted', 'updated' or 'unchanged'. Only the
 * service's own row is touched; the unique index keeps one per kind, day and service.
 */
export async function upsertImported(
  db: Db,
  accountId: number,
  kind: 'weight' | 'sleep',
  fields: EntryFields['weight'] | EntryFields['sleep'],
  service: { key: string; name: string },
): Promise<'inserted' | 'updated' | 'unchanged'> {
  const now = new Date().toISOString()
  const { date, ...rest } = fields
  const row = await changingPatient(db, accountId, (tx) =>
    tx.get<{ inserted: boolean }>(
      `INSERT INTO health_entries
         (account_id, kind, day, time_of_day, fields, source, imported_from, created_at, updated_at)
       VALUES (?, ?, ?, '', ?, ?, ?, ?, ?)
       ON CONFLICT (account_id, kind, day, imported_from) WHERE imported_from IS NOT NULL
       DO UPDATE SET fields = excluded.fields, source = excluded.source, updated_at = excluded.updated_at
         WHERE health_entries.fields IS DISTINCT FROM excluded.fields
       RETURNING (xmax = 0) AS inserted`,
      [accountId, kind, date, JSON.stringify(rest), service.name, service.key, now, now],
    ),
  )
  if (!row) return 'unchanged'
  return row.inserted ? 'inserted' : 'updated'
}

/** Whether the patient typed an entry of this kind for the day (what an import must not override). */
export async function hasManualEntry(db: Db, accountId: number, kind: EntryKind, date: string): Promise<boolean> {
  const row = await db.get(
    'SELECT 1 FROM health_entries WHERE account_id = ? AND kind = ? AND day = ? AND imported_from IS NULL LIMIT 1',
    [accountId, kind, date],
  )
  return row !== undefined
}

export async function hasEntries(db: Db, accountId: number): Promise<boolean> {
  return (await db.get('SELECT 1 FROM health_entries WHERE account_id = ? LIMIT 1', [accountId])) !== undefined
}

export async function findEntry(db: Db, accountId: number, kind: EntryKind, id: number): Promise<Entry | undefined> {
  const row = await db.get<EntryRow>(
    `SELECT ${COLUMNS} FROM health_entries WHERE id = ? AND account_id = ? AND kind = ?`,
    [id, accountId, kind],
  )
  return row && fromRow(row)
}

/** The vitamins record of a day (there is at most one per day). */
export async function findVitaminsOn(db: Db, accountId: number, date: string): Promise<Entry | undefined> {
  const row = await db.get<EntryRow>(
    `SELECT ${COLUMNS} FROM health_entries WHERE account_id = ? AND kind = 'vitamins' AND day = ?`,
    [accountId, date],
  )
  return row && fromRow(row)
}

export async function replaceEntry(
  db: Db,
  accountId: number,
  kind: EntryKind,
  id: number,
  fields: AnyFields,
): Promise<Entry> {
  const { date, ...rest } = fields
  const source = sourceOf(kind, fields)
  // An imported reading the patient corrects becomes theirs: it is no longer the service's to delete.
  await changingPatient(db, accountId, (tx) =>
    tx.run(
      `UPDATE health_entries SET day = ?, time_of_day = ?, fields = ?, source = ?, imported_from = NULL,
         updated_at = ?
       WHERE id = ? AND account_id = ? AND kind = ?`,
      [date, timeOfDay(kind, fields), JSON.stringify(rest), source, new Date().toISOString(), id, accountId, kind],
    ),
  )
  return { id, kind, ...fields, source } as Entry
}

/** True when a row was deleted. */
export async function deleteEntry(db: Db, accountId: number, kind: EntryKind, id: number): Promise<boolean> {
  const result = await changingPatient(db, accountId, (tx) =>
    tx.run('DELETE FROM health_entries WHERE id = ? AND account_id = ? AND kind = ?', [id, accountId, kind]),
  )
  return result.changes > 0
}

/** Removes the patient's entries in [from, to] (the generated history replaces its window). */
export async function deleteEntriesBetween(db: Db, accountId: number, from: string, to: string): Promise<number> {
  const result = await changingPatient(db, accountId, (tx) =>
    tx.run('DELETE FROM health_entries WHERE account_id = ? AND day BETWEEN ? AND ?', [accountId, from, to]),
  )
  return result.changes
}

export async function listEntries(
  db: Db,
  accountId: number,
  kind: EntryKind,
  from: string,
  to: string,
): Promise<Entry[]> {
  const rows = await db.all<EntryRow>(
    `SELECT ${COLUMNS} FROM health_entries
     WHERE account_id = ? AND kind = ? AND day BETWEEN ? AND ? ${ORDER}`,
    [accountId, kind, from, to],
  )
  return rows.map(fromRow)
}

export type EntriesByKind = Record<EntryKind, Entry[]>
export type LatestByKind = Record<EntryKind, Entry | null>

export async function listAllEntries(db: Db, accountId: number, from: string, to: string): Promise<EntriesByKind> {
  const rows = await db.all<EntryRow>(
    `SELECT ${COLUMNS} FROM health_entries WHERE account_id = ? AND day BETWEEN ? AND ? ${ORDER}`,
    [accountId, from, to],
  )
  const byKind = Object.fromEntries(ENTRY_KINDS.map((kind) => [kind, [] as Entry[]])) as EntriesByKind
  for (const row of rows) byKind[row.kind].push(fromRow(row))
  return byKind
}

/** The newest entry of each kind dated on or before `onOrBefore`, however long ago. */
export async function latestEntries(db: Db, accountId: number, onOrBefore: string): Promise<LatestByKind> {
  // One statement (a lateral lookup per kind, each one index probe) instead of one per kind:
  // on the embedded engine every statement costs a round trip through PGlite.
  const rows = await db.all<EntryRow>(
    `SELECT e.id, e.kind, e.day, e.fields, e.source
     FROM (VALUES ${ENTRY_KINDS.map(() => '(?)').join(', ')}) AS k (kind)
     CROSS JOIN LATERAL (
       SELECT ${COLUMNS} FROM health_entries
       WHERE account_id = ? AND kind = k.kind AND day <= ?
       ORDER BY day DESC, time_of_day DESC, id DESC LIMIT 1
     ) AS e`,
    [...ENTRY_KINDS, accountId, onOrBefore],
  )
  const latest = Object.fromEntries(ENTRY_KINDS.map((kind) => [kind, null])) as LatestByKind
  for (const row of rows) latest[row.kind] = fromRow(row)
  return latest
}

/** The date of the patient's first entry of any kind on or before `onOrBefore`, or null. */
export async function firstEntryDate(db: Db, accountId: number, onOrBefore: string): Promise<string | null> {
  const row = await db.get<{ day: string | null }>(
    'SELECT MIN(day) AS day FROM health_entries WHERE account_id = ? AND day <= ?',
    [accountId, onOrBefore],
  )
  return row?.day ?? null
}

// ---- Daily targets (the profile's preferences section) ----------------------------------------

// One default for the app and the API (common/daily-targets.ts).
export type DailyTargets = StoredTargets
export const DEFAULT_TARGETS: DailyTargets = DEFAULT_STORED_TARGETS

export async function readTargets(db: Db, accountId: number): Promise<DailyTargets> {
  const row = await db.get<DailyTargets>(
    'SELECT protein_target_g, water_target_ml, sleep_target_h FROM daily_targets WHERE account_id = ?',
    [accountId],
  )
  return row ?? { ...DEFAULT_TARGETS }
}

export async function saveTargets(db: Db, accountId: number, targets: DailyTargets): Promise<void> {
  // The protein target decides the low-protein alert.
  await changingPatient(db, accountId, (tx) => tx.run(
    `INSERT INTO daily_targets (account_id, protein_target_g, water_target_ml, sleep_target_h, updated_at)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (account_id) DO UPDATE SET protein_target_g = excluded.protein_target_g,
       water_target_ml = excluded.water_target_ml, sleep_target_h = excluded.sleep_target_h,
       updated_at = excluded.updated_at`,
    [accountId, targets.protein_target_g, targets.water_target_ml, targets.sleep_target_h, new Date().toISOString()],
  ))
}
