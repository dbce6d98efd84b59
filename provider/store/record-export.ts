// Extension (docs/provider-api.md, "Record export"): what a patient's record download reads. The
// long lists (entries, messages) are read a page at a time by keyset, oldest first, so an export of
// years of daily entries holds one page in memory, never the whole history.
import type { Db } from './sql.js'
import type { EntryKind } from '../entries-fields.js'
import type { BariatricSection, DeviceSection, MedicalSection, PersonalSection } from '../../common/contract/profile'

export const EXPORT_PAGE_SIZE = 500

export interface ExportPatient {
  id: number
  email: string
  full_name: string
  created_at: string
  personal: PersonalSection | null
  medical_history: MedicalSection | null
  bariatric_surgery: BariatricSection | null
  device_information: DeviceSection | null
  /** When the profile was last saved; null before the wizard's first step. */
  profile_updated_at: string | null
}

/** The patient (a customer account) and their profile sections; undefined for any other id. */
export async function readExportPatient(db: Db, patientId: number): Promise<ExportPatient | undefined> {
  return db.kysely
    .selectFrom('accounts as a')
    .leftJoin('customer_profiles as p', 'p.account_id', 'a.id')
    .select([
      'a.id',
      'a.email',
      'a.full_name',
      'a.created_at',
      'p.personal',
      'p.medical_history',
      'p.bariatric_surgery',
      'p.device_information',
      'p.updated_at as profile_updated_at',
    ])
    .where('a.id', '=', patientId)
    .where('a.portal', '=', 'customer')
    .executeTakeFirst()
}

export interface ExportEntryRow {
  id: number
  kind: EntryKind
  day: string
  time_of_day: string
  fields: Record<string, unknown>
  source: string
  imported_from: string | null
}

/** Where the previous page ended (the last row's sort key). */
export type EntryCursor = Pick<ExportEntryRow, 'day' | 'time_of_day' | 'id'>

/**
 * One page of the patient's entries of one kind, in the order the health log reads them (day, time
 * of day, id), after `cursor`.
 */
export async function entryPage(
  db: Db,
  patientId: number,
  kind: EntryKind,
  cursor: EntryCursor | null,
  limit = EXPORT_PAGE_SIZE,
): Promise<ExportEntryRow[]> {
  let query = db.kysely
    .selectFrom('health_entries')
    .select(['id', 'kind', 'day', 'time_of_day', 'fields', 'source', 'imported_from'])
    .where('account_id', '=', patientId)
    .where('kind', '=', kind)
  if (cursor) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('day', 'time_of_day', 'id'),
        '>',
        eb.tuple(eb.cast<string>(eb.val(cursor.day), 'date'), cursor.time_of_day, cursor.id),
      ),
    )
  }
  return query.orderBy('day').orderBy('time_of_day').orderBy('id').limit(limit).execute()
}

/** Every entry of one kind, a page at a time. */
export async function* entriesOf(db: Db, patientId: number, kind: EntryKind, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportEntryRow> {
  let cursor: EntryCursor | null = null
  for (;;) {
    const page = await entryPage(db, patientId, kind, cursor, pageSize)
    for (const row of page) yield row
    if (page.length < pageSize) return
    const last = page[page.length - 1]
    cursor = { day: last.day, time_of_day: last.time_of_day, id: last.id }
  }
}

/** How many entries of each kind the patient has (for the README and the audit row). */
export async function entryCounts(db: Db, patientId: number): Promise<Record<string, number>> {
  const rows = await db.kysely
    .selectFrom('health_entries')
    .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
    .where('account_id', '=', patientId)
    .groupBy('kind')
    .execute()
  return Object.fromEntries(rows.map((row) => [row.kind, row.n]))
}

export interface ExportMessageRow {
  id: number
  created_at: string
  sender_role: 'patient' | 'admin'
  sender_name: string | null
  body: string
}

/** Every message of the patient's conversation with the care team, oldest first, a page at a time. */
export async function* messagesOf(db: Db, patientId: number, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportMessageRow> {
  let afterId = 0
  for (;;) {
    const page: ExportMessageRow[] = await db.kysely
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .leftJoin('accounts as s', 's.id', 'm.sender_id')
      .select(['m.id', 'm.created_at', 'm.sender_role', 's.full_name as sender_name', 'm.body'])
      .where('c.patient_id', '=', patientId)
      .where('m.id', '>', afterId)
      .orderBy('m.id')
      .limit(pageSize)
      .execute()
    for (const row of page) yield row
    if (page.length < pageSize) return
    afterId = page[page.length - 1].id
  }
}

/** The newest weight on record (the dashboard's "current" weight reads the same order). */
export async function latestWeight(db: Db, patientId: number): Promise<{ day: string; kg: number } | undefined> {
  const row = await db.kysely
    .selectFrom('health_entries')
    .select(['day', 'fields'])
    .where('account_id', '=', patientId)
    .where('kind', '=', 'weight')
    .orderBy('day', 'desc')
    .orderBy('time_of_day', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row && typeof row.fields.weight === 'number' ? { day: row.day, kg: row.fields.weight } : undefined
}
