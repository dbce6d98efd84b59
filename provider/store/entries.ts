// Extension (not in SPEC.md §7): the patient's health-log entries and daily targets.
// Every query is scoped by account, so one patient can never reach another's rows.
import { sql } from 'kysely'
import type { Row } from '../db/schema.js'
import type { Db } from './sql.js'
import { changed } from './units.js'
import { ENTRY_KINDS, timeOfDay, type EntryFields, type EntryKind } from '../entries-fields.js'
import { DEFAULT_STORED_TARGETS, type StoredTargets } from '../../common/daily-targets.js'
import type { TrendReadingsAnswer } from '../../common/contract/entries.js'
import type { JsonText } from '../http.js'

/** An entry as the contract answers it: id, kind, then the kind's fields. */
export type Entry = { [K in EntryKind]: { id: number; kind: K; source: string } & EntryFields[K] }[EntryKind]
type AnyFields = EntryFields[EntryKind]

type EntryRow = Pick<Row<'health_entries'>, 'id' | 'kind' | 'day' | 'fields' | 'source'>

// Every kind answers its `source` (devices extension): 'manual' or the service that measured it.
// The casts: the jsonb `fields` column is one type for every kind; provider/entries-fields.ts
// checked the kind's fields on the way in, so the row's kind says which shape they have.
function fromRow(row: EntryRow): Entry {
  return {
    id: row.id,
    kind: row.kind,
    date: row.day,
    ...(row.fields as Omit<EntryFields[EntryKind], 'date'>),
    source: row.source,
  } as Entry
}

const COLUMNS = ['id', 'kind', 'day', 'fields', 'source'] as const

/** A weight names its own source (a device the patient read it off); anything typed is 'manual'. */
function sourceOf(kind: EntryKind, fields: AnyFields): string {
  // The kind says the shape (checked on the way in): a weight's fields carry its source.
  return kind === 'weight' ? (fields as EntryFields['weight']).source : 'manual'
}


export async function insertEntry(db: Db, accountId: number, kind: EntryKind, fields: AnyFields): Promise<Entry> {
  const now = new Date().toISOString()
  const { date, ...rest } = fields
  const source = sourceOf(kind, fields)
  changed(db, accountId)
  const inserted = await db.kysely
    .insertInto('health_entries')
    .values({
      account_id: accountId,
      kind,
      day: date,
      time_of_day: timeOfDay(kind, fields),
      fields: JSON.stringify(rest),
      source,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirst()
  if (!inserted) throw new Error('entry was not inserted')
  // The caller's kind and fields, checked on the way in: `kind` says which of the union's shapes this is.
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
  changed(db, accountId)
  const result = await db.kysely
    .insertInto('health_entries')
    .values({ ...importedValues(accountId, kind, date, rest, service, now) })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst()
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n
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
  changed(db, accountId)
  const row = await db.kysely
    .insertInto('health_entries')
    .values(importedValues(accountId, kind, date, rest, service, now))
    .onConflict((conflict) =>
      conflict
        .columns(['account_id', 'kind', 'day', 'imported_from'])
        .where('imported_from', 'is not', null)
        .doUpdateSet((eb) => ({
          fields: eb.ref('excluded.fields'),
          source: eb.ref('excluded.source'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where((eb) => eb('health_entries.fields', 'is distinct from', eb.ref('excluded.fields'))),
    )
    // xmax, a system column, is 0 on a row this statement inserted: not in the schema's types.
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .executeTakeFirst()
  if (!row) return 'unchanged'
  return row.inserted ? 'inserted' : 'updated'
}

function importedValues(
  accountId: number,
  kind: 'weight' | 'sleep',
  date: string,
  rest: object,
  service: { key: string; name: string },
  now: string,
) {
  return {
    account_id: accountId,
    kind,
    day: date,
    time_of_day: '',
    fields: JSON.stringify(rest),
    source: service.name,
    imported_from: service.key,
    created_at: now,
    updated_at: now,
  }
}

/** Whether the patient typed an entry of this kind for the day (what an import must not override). */
export async function hasManualEntry(db: Db, accountId: number, kind: EntryKind, date: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('health_entries')
    .select((eb) => eb.lit(1).as('one'))
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('day', '=', date)
    .where('imported_from', 'is', null)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function hasEntries(db: Db, accountId: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('health_entries')
    .select((eb) => eb.lit(1).as('one'))
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function findEntry(db: Db, accountId: number, kind: EntryKind, id: number): Promise<Entry | undefined> {
  const row = await db.kysely
    .selectFrom('health_entries')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .executeTakeFirst()
  return row && fromRow(row)
}

/** The vitamins record of a day (there is at most one per day). */
export async function findVitaminsOn(db: Db, accountId: number, date: string): Promise<Entry | undefined> {
  const row = await db.kysely
    .selectFrom('health_entries')
    .select(COLUMNS)
    .where('account_id', '=', accountId)
    .where('kind', '=', 'vitamins')
    .where('day', '=', date)
    .executeTakeFirst()
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
  changed(db, accountId)
  await db.kysely
    .updateTable('health_entries')
    .set({
      day: date,
      time_of_day: timeOfDay(kind, fields),
      fields: JSON.stringify(rest),
      source,
      imported_from: null,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .execute()
  // As insertEntry's answer: the checked kind and fields, the union picked by `kind`.
  return { id, kind, ...fields, source } as Entry
}

/** True when a row was deleted. */
export async function deleteEntry(db: Db, accountId: number, kind: EntryKind, id: number): Promise<boolean> {
  changed(db, accountId)
  const result = await db.kysely
    .deleteFrom('health_entries')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** Removes the patient's entries in [from, to] (the generated history replaces its window). */
export async function deleteEntriesBetween(db: Db, accountId: number, from: string, to: string): Promise<number> {
  changed(db, accountId)
  const result = await db.kysely
    .deleteFrom('health_entries')
    .where('account_id', '=', accountId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function listEntries(
  db: Db,
  accountId: number,
  kind: EntryKind,
  from: string,
  to: string,
): Promise<Entry[]> {
  const rows = await entriesInRange(db, accountId, from, to).where('kind', '=', kind).execute()
  return rows.map(fromRow)
}

/** A patient's entries between two days, oldest first within the range: the order a week or a day is read in. */
function entriesInRange(db: Db, accountId: number, from: string, to: string) {
  return db.kysely
    .selectFrom('health_entries')
    .select(COLUMNS)
    .where('account_id', '=', accountId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .orderBy('time_of_day')
    .orderBy('id')
}

export type EntriesByKind = Record<EntryKind, Entry[]>
export type LatestByKind = Record<EntryKind, Entry | null>

export async function listAllEntries(db: Db, accountId: number, from: string, to: string): Promise<EntriesByKind> {
  const rows = await entriesInRange(db, accountId, from, to).execute()
  const byKind = Object.fromEntries(ENTRY_KINDS.map((kind) => [kind, [] as Entry[]])) as EntriesByKind
  for (const row of rows) byKind[row.kind].push(fromRow(row))
  return byKind
}

/**
 * The range's readings answer (common/contract/entries.ts TrendReadingsAnswer) as the JSON text the
 * database builds, for the API to send as it is: a row per entry, decoded field by field, was most
 * of a year's page on the embedded engine, and parsing the text only to write it again was most of
 * what was left on the API's thread. Each kind's value is the one field its chart reads; the order
 * is entriesInRange's. `firstDate` when the caller knows it; otherwise the same statement finds it
 * (firstEntryDate's min(day) on or before `to`): on the embedded engine each statement is a round
 * trip, and the trends page asks for both on every view.
 */
export async function trendReadingsJson(
  db: Db,
  accountId: number,
  range: { from: string; to: string; firstDate?: string | null },
): Promise<JsonText<TrendReadingsAnswer>> {
  const { from, to } = range
  const order = sql`ORDER BY day, time_of_day, id`
  const readings = (kind: EntryKind, field: string) =>
    sql`coalesce(json_agg(json_build_array(day, fields -> ${field}, source) ${order}) FILTER (WHERE kind = ${kind}), '[]')`
  const firstDate =
    range.firstDate === undefined
      ? sql`(SELECT min(day) FROM health_entries WHERE account_id = ${accountId} AND day <= ${to})`
      : sql`CAST(${range.firstDate} AS date)`
  const { rows } = await sql<{ readings: string }>`
    SELECT json_build_object(
      'from', CAST(${from} AS text),
      'to', CAST(${to} AS text),
      'first_date', ${firstDate},
      'weight', ${readings('weight', 'weight')},
      'sleep', ${readings('sleep', 'hours')},
      'meal', ${readings('meal', 'protein_g')},
      'water', ${readings('water', 'ml')},
      'vitamins', coalesce(json_agg(day ${order}) FILTER (WHERE kind = 'vitamins'), '[]')
    )::text AS readings
    FROM health_entries
    WHERE account_id = ${accountId} AND day >= ${from} AND day <= ${to}`.execute(db.kysely)
  return rows[0].readings
}

/** The newest entry of each kind dated on or before `onOrBefore`, however long ago. */
export async function latestEntries(db: Db, accountId: number, onOrBefore: string): Promise<LatestByKind> {
  // One statement (a lateral lookup per kind, each one index probe) instead of one per kind:
  // on the embedded engine every statement costs a round trip through PGlite.
  // A VALUES list as a table, joined LATERAL: the builder has no VALUES table.
  const { rows } = await sql<EntryRow>`
    SELECT e.id, e.kind, e.day, e.fields, e.source
    FROM (VALUES ${sql.join(ENTRY_KINDS.map((kind) => sql`(${kind})`))}) AS k (kind)
    CROSS JOIN LATERAL (
      SELECT id, kind, day, fields, source FROM health_entries
      WHERE account_id = ${accountId} AND kind = k.kind AND day <= ${onOrBefore}
      ORDER BY day DESC, time_of_day DESC, id DESC LIMIT 1
    ) AS e`.execute(db.kysely)
  const latest = Object.fromEntries(ENTRY_KINDS.map((kind) => [kind, null])) as LatestByKind
  for (const row of rows) latest[row.kind] = fromRow(row)
  return latest
}

/** The date of the patient's first entry of any kind on or before `onOrBefore`, or null. */
export async function firstEntryDate(db: Db, accountId: number, onOrBefore: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('health_entries')
    .select((eb) => eb.fn.min<string | null>('day').as('day'))
    .where('account_id', '=', accountId)
    .where('day', '<=', onOrBefore)
    .executeTakeFirst()
  return row?.day ?? null
}

// ---- Daily targets (the profile's preferences section) ----------------------------------------

// One default for the app and the API (common/daily-targets.ts).
export type DailyTargets = StoredTargets
export const DEFAULT_TARGETS: DailyTargets = DEFAULT_STORED_TARGETS

export async function readTargets(db: Db, accountId: number): Promise<DailyTargets> {
  const row = await db.kysely
    .selectFrom('daily_targets')
    .select(['protein_target_g', 'water_target_ml', 'sleep_target_h'])
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return row ?? { ...DEFAULT_TARGETS }
}

export async function saveTargets(db: Db, accountId: number, targets: DailyTargets): Promise<void> {
  // The protein target decides the low-protein alert.
  changed(db, accountId)
  await db.kysely
    .insertInto('daily_targets')
    .values({
      account_id: accountId,
      protein_target_g: targets.protein_target_g,
      water_target_ml: targets.water_target_ml,
      sleep_target_h: targets.sleep_target_h,
      updated_at: new Date().toISOString(),
    })
    .onConflict((conflict) =>
      conflict.column('account_id').doUpdateSet((eb) => ({
        protein_target_g: eb.ref('excluded.protein_target_g'),
        water_target_ml: eb.ref('excluded.water_target_ml'),
        sleep_target_h: eb.ref('excluded.sleep_target_h'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute()
}
