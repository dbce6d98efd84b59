// One row per patient (table patient_summaries, migration 0008) with the facts the
// admin portal's patients list, dashboard and cohorts filter, sort and count on, so those reads
// are indexed SQL paged in the database, and no read writes.
//
// The store reads the facts a row is computed from and writes the row it is given; the rules that
// compute it are the domain's (provider/patient-changes.ts), run as the last step of every unit of
// work that changed a patient (./units.ts), so a summary never disagrees with committed data.
// Rules that change with the calendar alone (no data for 7 days, the protein window) are
// re-evaluated once a day per patient, over the ids patientsDueForTimeBasedAlerts lists.
// The admin portal's reads over these rows are in patient-summary-reads.ts.
import { sql, type Insertable } from 'kysely'
import type { PatientSummariesTable } from '../db/schema.js'
import type { BariatricSection, PersonalSection } from '../../common/contract/profile'
import { addDays } from '../../common/iso-days'
import { DEFAULT_STORED_TARGETS as DEFAULT_TARGETS } from '../../common/daily-targets.js'
import { refreshAlertColumns } from './alerts.js'
import { proteinByDay } from './patients.js'
import type { Db } from './sql.js'

/** The account's row as the summary reads it (a patient's, with their profile's sections). */
export interface CustomerAccountRow {
  id: number
  email: string
  account_name: string
  email_verified: boolean
  created_at: string
  personal: PersonalSection | null
  bariatric_surgery: BariatricSection | null
  is_onboarded: boolean | null
}

/** Everything stored about one patient that the snapshot and the alert rules are computed from. */
export interface PatientFacts {
  account: CustomerAccountRow
  /** The patient's weights in the order logged; `kg` is null when unreadable. */
  weights: { day: string; kg: unknown }[]
  last_entry_day: string | null
  last_sync_at: string | null
  protein_target_g: number
  /** Protein per day with meals logged, from `proteinFrom` to `today`. */
  protein: Map<string, number>
}

/** One patient's stored facts as of `today` (protein from `proteinFrom`); undefined for an id that is not a patient's. */
export async function readPatientFacts(
  db: Db,
  accountId: number,
  today: string,
  proteinFrom: string,
): Promise<PatientFacts | undefined> {
  const account: CustomerAccountRow | undefined = await db.kysely
    .selectFrom('accounts as a')
    .leftJoin('customer_profiles as p', 'p.account_id', 'a.id')
    .select([
      'a.id',
      'a.email',
      'a.full_name as account_name',
      'a.email_verified',
      'a.created_at',
      'p.personal',
      'p.bariatric_surgery',
      'p.is_onboarded',
    ])
    .where('a.id', '=', accountId)
    .where('a.portal', '=', 'customer')
    .executeTakeFirst()
  if (!account) return undefined
  const weights = await db.kysely
    .selectFrom('health_entries')
    .select([
      'day',
      // jsonb_typeof and ->> on a jsonb field: the builder has no typed form for them.
      sql<number | null>`CASE WHEN jsonb_typeof(fields->'weight') = 'number' THEN (fields->>'weight')::float8 END`.as('kg'),
    ])
    .where('account_id', '=', accountId)
    .where('kind', '=', 'weight')
    .where('day', '<=', today)
    .orderBy('day')
    .orderBy('time_of_day')
    .orderBy('id')
    .execute()
  const last = await db.kysely
    .selectNoFrom((eb) => [
      eb
        .selectFrom('health_entries')
        .select((inner) => inner.fn.max<string | null>('day').as('day'))
        .where('account_id', '=', accountId)
        .where('day', '<=', today)
        .as('day'),
      eb
        .selectFrom('device_connections')
        .select((inner) => inner.fn.max<string | null>('last_synced_at').as('sync'))
        .where('account_id', '=', accountId)
        .as('sync'),
      eb.selectFrom('daily_targets').select('protein_target_g').where('account_id', '=', accountId).as('target'),
    ])
    .executeTakeFirst()
  const protein = await proteinByDay(db, proteinFrom, today, accountId)
  return {
    account,
    weights,
    last_entry_day: last?.day ?? null,
    last_sync_at: last?.sync ?? null,
    protein_target_g: last?.target ?? DEFAULT_TARGETS.protein_target_g,
    protein: protein.get(accountId) ?? new Map(),
  }
}

/**
 * Holds the patient's account row until the transaction ends, so two refreshes of one patient
 * (two units committing at once on a server) take turns: the second reads what the first
 * committed. NO KEY UPDATE, not UPDATE: the writes' foreign keys hold KEY SHARE locks on this row,
 * which FOR UPDATE would wait for (two parallel writes of one patient would deadlock).
 */
export async function lockPatientRow(tx: Db, accountId: number): Promise<void> {
  await tx.kysely
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .where('portal', '=', 'customer')
    .forNoKeyUpdate()
    .execute()
}

/** A summary row as the rules compute it: every column but the key and the alert columns. */
export type PatientSummaryColumns = Omit<Insertable<PatientSummariesTable>, 'account_id' | 'open_alerts' | 'alert_tier'>

/** Stores the patient's summary row, then its alert columns from their stored episodes. */
export async function writePatientSummary(tx: Db, accountId: number, columns: PatientSummaryColumns): Promise<void> {
  // The update sets the same values again (as `excluded.*` would): every column but the key.
  await tx.kysely
    .insertInto('patient_summaries')
    .values({ account_id: accountId, ...columns })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet(columns))
    .execute()
  await refreshAlertColumns(tx, accountId)
}

/** Removes the summary of an id that is no longer a patient's. */
export async function deletePatientSummary(tx: Db, accountId: number): Promise<void> {
  await tx.kysely.deleteFrom('patient_summaries').where('account_id', '=', accountId).execute()
}

/** A date's month and day as one number (29 February → 229), for the yearly follow-ups' index. */
export function monthDay(iso: string): number {
  return Number(iso.slice(5, 7)) * 100 + Number(iso.slice(8, 10))
}

/** Up to `limit` patients without a summary yet (a database from before migration 0008). */
export async function patientsWithoutSummary(db: Db, limit: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('accounts as a')
    .select('a.id')
    .where('a.portal', '=', 'customer')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('patient_summaries as s')
            .select((inner) => inner.lit(1).as('one'))
            .whereRef('s.account_id', '=', 'a.id'),
        ),
      ),
    )
    .orderBy('a.id')
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

/**
 * Up to `limit` patients the time-based alert rules (no data for 7 days; the 7-day protein window
 * moving on) may concern whose alerts were last evaluated before `today`: an onboarded patient
 * quiet for a week, or one with an unresolved time-based alert.
 */
export async function patientsDueForTimeBasedAlerts(db: Db, today: string, limit: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('patient_summaries as s')
    .select('s.account_id')
    // The bare column, as the partial index `patient_summaries_quiet` states it.
    .where((eb) => eb.ref('s.is_onboarded'))
    .where((eb) =>
      eb.or([
        eb('s.alerts_evaluated_on', 'is', null),
        eb('s.alerts_evaluated_on', '<', eb.cast<string>(eb.val(today), 'date')),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb(eb.fn.coalesce('s.last_entry_day', 's.created_day'), '<=', eb.cast<string>(eb.val(addDays(today, -7)), 'date')),
        eb.exists(
          eb
            .selectFrom('patient_alerts as a')
            .select((inner) => inner.lit(1).as('one'))
            .whereRef('a.account_id', '=', 's.account_id')
            .where('a.status', '<>', 'resolved')
            .where('a.kind', 'in', ['no_recent_data', 'low_protein']),
        ),
      ]),
    )
    // A closed account's record is kept, but nobody watches over it any more.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('accounts as c')
            .select((inner) => inner.lit(1).as('one'))
            .whereRef('c.id', '=', 's.account_id')
            .where('c.closed_at', 'is not', null),
        ),
      ),
    )
    .orderBy('s.account_id')
    .limit(limit)
    .execute()
  return rows.map((row) => row.account_id)
}
