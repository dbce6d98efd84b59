// Bulk Data exports of the FHIR API (migration 0016): the job rows, and the pages of patients and
// health-log entries an export reads. Pages are keyset by id, a few hundred rows at a time, so an
// export of any size holds one page in memory.
import { sql, type Updateable } from 'kysely'
import type { BariatricSection, PersonalSection } from '../../common/contract/profile'
import type { EntryKind } from '../../common/contract/entries-values'
import type { FhirExportFile, FhirExportsTable, Row } from '../db/schema.js'
import type { Db } from './sql.js'

export type FhirExportRow = Row<'fhir_exports'>

export interface NewFhirExport {
  id: string
  clientId: string
  request: string
  types: readonly string[]
  since: string | null
  groupId: string | null
  createdAt: string
  expiresAt: string
}

/** Adds the export; false when the client has one still being worked (one at a time per client). */
export async function createFhirExport(db: Db, input: NewFhirExport): Promise<boolean> {
  const result = await db.kysely
    .insertInto('fhir_exports')
    .values({
      id: input.id,
      client_id: input.clientId,
      request: input.request,
      types: JSON.stringify(input.types),
      since: input.since,
      group_id: input.groupId,
      status: 'accepted',
      created_at: input.createdAt,
      expires_at: input.expiresAt,
    })
    .onConflict((oc) => oc.column('client_id').where('status', 'in', ['accepted', 'in-progress']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return result !== undefined
}

/** The export, if it belongs to this client and has not expired. */
export async function findFhirExport(
  db: Db,
  id: string,
  clientId: string,
  now: Date,
): Promise<FhirExportRow | undefined> {
  return db.kysely
    .selectFrom('fhir_exports')
    .selectAll()
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
}

/** The export by id alone, for the job that works it. */
export async function fhirExportById(db: Db, id: string): Promise<FhirExportRow | undefined> {
  return db.kysely.selectFrom('fhir_exports').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The client's export still being worked (accepted or in progress), if any. */
export async function unfinishedFhirExport(
  db: Db,
  clientId: string,
  now: Date,
): Promise<FhirExportRow | undefined> {
  return db.kysely
    .selectFrom('fhir_exports')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('status', 'in', ['accepted', 'in-progress'])
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
}

/** Deletes the client's export (a cancel, or a delete after download); false when it had none. */
export async function deleteFhirExport(db: Db, id: string, clientId: string): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('fhir_exports')
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/**
 * A run of the job begins: its start is the export's transaction time, which also tells this run
 * from an earlier one that a restart cut short (that one's writes then match no row and stop).
 */
export async function startFhirExportRun(db: Db, id: string, transactionTime: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('fhir_exports')
    .set({
      status: 'in-progress',
      transaction_time: transactionTime,
      progress: 'Starting',
      files: '[]',
      error: null,
    })
    .where('id', '=', id)
    .where('status', 'in', ['accepted', 'in-progress'])
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Records progress; false when the export was cancelled or another run has taken it over. */
export async function setFhirExportProgress(
  db: Db,
  id: string,
  transactionTime: string,
  progress: string,
): Promise<boolean> {
  return updateOwnRun(db, id, transactionTime, { progress })
}

/**
 * Updates an export's row while it is in progress and still this run's (the run that started at
 * `transactionTime`): false when it was cancelled or a later run has taken it over.
 */
async function updateOwnRun(db: Db, id: string, transactionTime: string, values: Updateable<FhirExportsTable>): Promise<boolean> {
  const result = await db.kysely
    .updateTable('fhir_exports')
    .set(values)
    .where('id', '=', id)
    .where('transaction_time', '=', transactionTime)
    .where('status', '=', 'in-progress')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function completeFhirExport(
  db: Db,
  id: string,
  transactionTime: string,
  files: FhirExportFile[],
  completedAt: string,
  expiresAt: string,
): Promise<boolean> {
  return updateOwnRun(db, id, transactionTime, {
    status: 'completed',
    progress: 'Completed',
    files: JSON.stringify(files),
    completed_at: completedAt,
    expires_at: expiresAt,
  })
}

export async function failFhirExport(
  db: Db,
  id: string,
  error: string,
  completedAt: string,
  expiresAt: string,
): Promise<void> {
  await db.kysely
    .updateTable('fhir_exports')
    .set({ status: 'failed', error, progress: null, completed_at: completedAt, expires_at: expiresAt })
    .where('id', '=', id)
    .where('status', 'in', ['accepted', 'in-progress'])
    .execute()
}

/** Deletes every expired export row; returns their ids so the caller removes their files. */
export async function deleteExpiredFhirExports(db: Db, now: Date): Promise<string[]> {
  const rows = await db.kysely
    .deleteFrom('fhir_exports')
    .where('expires_at', '<=', now.toISOString())
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** Every export id on record (the clean-up removes directories that belong to none). */
export async function fhirExportIds(db: Db): Promise<Set<string>> {
  const rows = await db.kysely.selectFrom('fhir_exports').select('id').execute()
  return new Set(rows.map((row) => row.id))
}

// ---- What an export reads -----------------------------------------------------------------------

/** Which patients an export covers, and from when. */
export interface ExportScope {
  /** Only patients whose profile names this surgery (with a surgery status of yes); null: all. */
  surgeryType: string | null
  /** ISO instant: only what changed after it; null: everything. */
  since: string | null
}

export interface ExportPatientRow {
  id: number
  email: string
  personal: PersonalSection | null
  bariatric_surgery: BariatricSection | null
  profile_updated_at: string | null
  created_at: string
}

export interface ExportEntryRow {
  id: number
  account_id: number
  kind: EntryKind
  day: string
  fields: Record<string, unknown>
  source: string
  imported_from: string | null
  /** The patient's profile height in cm, for the BMI; null when unknown. */
  height_cm: number | null
}

/** Active patients only: the customer portal's accounts, neither closed nor deactivated (`a`, `p`). */
function activePatients(scope: ExportScope) {
  const surgery =
    scope.surgeryType === null
      ? sql``
      : sql` and p.bariatric_surgery ->> 'bariatric_status' = 'yes' and p.bariatric_surgery ->> 'surgery_type' = ${scope.surgeryType}`
  return sql<boolean>`(a.portal = 'customer' and a.closed_at is null and a.deactivated_at is null${surgery})`
}

/**
 * A page of patients after `afterId`. `changed` says which change counts for `since`: the
 * patient's (the account's creation or a profile save) or the profile's alone (the surgery, the
 * height).
 */
export async function exportPatientPage(
  db: Db,
  scope: ExportScope,
  changed: 'patient' | 'profile',
  afterId: number,
  limit: number,
): Promise<ExportPatientRow[]> {
  let query = db.kysely
    .selectFrom('accounts as a')
    .leftJoin('customer_profiles as p', 'p.account_id', 'a.id')
    .select([
      'a.id',
      'a.email',
      'a.created_at',
      'p.personal',
      'p.bariatric_surgery',
      'p.updated_at as profile_updated_at',
    ])
    .where(activePatients(scope))
    .where('a.id', '>', afterId)
  const since = scope.since
  if (since !== null) {
    query =
      changed === 'profile'
        ? query.where('p.updated_at', '>', since)
        : query.where((eb) => eb.or([eb('p.updated_at', '>', since), eb('a.created_at', '>', since)]))
  }
  const rows = await query.orderBy('a.id').limit(limit).execute()
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    created_at: row.created_at,
    personal: row.personal ?? null,
    bariatric_surgery: row.bariatric_surgery ?? null,
    profile_updated_at: row.profile_updated_at ?? null,
  }))
}

/** A page of active patients' health-log entries after entry `afterId`, in id order. */
export async function exportEntryPage(
  db: Db,
  scope: ExportScope,
  afterId: number,
  limit: number,
): Promise<ExportEntryRow[]> {
  let query = db.kysely
    .selectFrom('health_entries as e')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .leftJoin('customer_profiles as p', 'p.account_id', 'a.id')
    .select([
      'e.id',
      'e.account_id',
      'e.kind',
      'e.day',
      'e.fields',
      'e.source',
      'e.imported_from',
      sql<number | null>`case when jsonb_typeof(p.personal -> 'height') = 'number'
          then cast(p.personal ->> 'height' as double precision) end`.as('height_cm'),
    ])
    .where(activePatients(scope))
    .where('e.id', '>', afterId)
  if (scope.since !== null) query = query.where('e.updated_at', '>', scope.since)
  const rows = await query.orderBy('e.id').limit(limit).execute()
  return rows.map((row) => ({ ...row, height_cm: row.height_cm === null ? null : Number(row.height_cm) }))
}
