// One row per patient (table patient_summaries, migration 0008) with the facts the
// admin portal's patients list, dashboard and cohorts filter, sort and count on, so those reads
// are indexed SQL paged in the database, and no read writes.
//
// One rule keeps a row true: refreshPatientSummary recomputes a patient's row from their stored
// facts (provider/patient-facts.ts) and re-evaluates their alerts. Every store write that changes a
// fact queues it with markPatientChanged, which runs it once, just before that write's transaction
// commits (however many writes the transaction made), so a summary never disagrees with committed
// data. Rules that change with the calendar alone (no data for 7 days, the protein window) are
// re-evaluated by evaluateTimeBasedAlerts, once a day per patient.
// The admin portal's reads over these rows are in patient-summary-reads.ts.
import { addDays, todayUtc } from '../admin-patients-metrics.js'
import { PROTEIN_WINDOW_DAYS, regainThresholdPercent } from '../alerts-rules.js'
import { baseSnapshot, conditionsFor, type CustomerAccountRow, type PatientFacts } from '../patient-facts.js'
import { refreshAlertColumns, syncPatientAlerts } from './alerts.js'
import { beforeCommit, isTransaction } from './engine-db.js'
import { DEFAULT_STORED_TARGETS as DEFAULT_TARGETS } from '../../common/daily-targets.js'
import { proteinByDay } from './patients.js'
import { sql } from 'kysely'
import type { Db } from './sql.js'

/** Queues the refresh of this patient's summary before `tx` commits (once per transaction). */
export function markPatientChanged(tx: Db, accountId: number): void {
  beforeCommit(tx, `patient-summary:${accountId}`, (inner) => refreshPatientSummary(inner, accountId))
}

/** Runs a write in a transaction (a savepoint inside one) and queues the patient's summary refresh. */
export async function changingPatient<T>(db: Db, accountId: number, write: (tx: Db) => Promise<T>): Promise<T> {
  // Inside a transaction already (a device sync, a generated history): no savepoint per write.
  if (isTransaction(db)) {
    const result = await write(db)
    markPatientChanged(db, accountId)
    return result
  }
  return db.transaction(async (tx) => {
    const result = await write(tx)
    markPatientChanged(tx, accountId)
    return result
  })
}

/** One patient's stored facts as of `today`; undefined for an id that is not a patient's. */
export async function readPatientFacts(db: Db, accountId: number, today: string): Promise<PatientFacts | undefined> {
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
  const protein = await proteinByDay(db, addDays(today, -(PROTEIN_WINDOW_DAYS - 1)), today, accountId)
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
 * The one rule: recomputes the patient's summary row from their stored facts and brings their
 * alerts in line with today's conditions. Removes the row of an id that is no longer a patient's.
 */
export async function refreshPatientSummary(
  db: Db,
  accountId: number,
  today = todayUtc(),
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialises two refreshes of one patient (two writes committing at once on a server): the
    // second waits, then reads what the first committed, so the last refresh sees every write.
    // NO KEY UPDATE, not UPDATE: the writes' foreign keys hold KEY SHARE locks on this row, which
    // FOR UPDATE would wait for (two parallel writes of one patient would deadlock).
    await tx.kysely
      .selectFrom('accounts')
      .select('id')
      .where('id', '=', accountId)
      .where('portal', '=', 'customer')
      .forNoKeyUpdate()
      .execute()
    const facts = await readPatientFacts(tx, accountId, today)
    if (!facts) {
      await tx.kysely.deleteFrom('patient_summaries').where('account_id', '=', accountId).execute()
      return
    }
    const snapshot = baseSnapshot(facts, today)
    await syncPatientAlerts(tx, accountId, conditionsFor(snapshot, facts.protein, today, regainThresholdPercent()), now)
    const columns = {
      full_name: snapshot.full_name,
      name_sort: snapshot.full_name.toLocaleLowerCase('en'),
      name_lower: snapshot.full_name.toLowerCase(),
      email: snapshot.email,
      email_lower: snapshot.email.toLowerCase(),
      created_at: snapshot.created_at,
      created_day: snapshot.created_at.slice(0, 10),
      email_verified: snapshot.email_verified,
      is_onboarded: snapshot.is_onboarded,
      onboarding: snapshot.onboarding,
      bariatric_status: snapshot.bariatric_status,
      surgery_type: snapshot.surgery_type,
      surgery_date: snapshot.surgery_date,
      surgery_md: snapshot.surgery_date ? monthDay(snapshot.surgery_date) : null,
      baseline_kg: snapshot.baseline_kg,
      height_cm: snapshot.height_cm,
      goal_kg: snapshot.goal_kg,
      current_kg: snapshot.current_kg,
      current_day: snapshot.current_day,
      nadir_kg: snapshot.nadir_kg,
      nadir_day: snapshot.nadir_day,
      twl_percent: snapshot.twl_percent,
      ewl_percent: snapshot.ewl_percent,
      last_entry_day: snapshot.last_entry_day,
      protein_target_g: snapshot.protein_target_g,
      alerts_evaluated_on: today,
      refreshed_at: now.toISOString(),
    }
    // The update sets the same values again (as `excluded.*` would): every column but the key.
    await tx.kysely
      .insertInto('patient_summaries')
      .values({ account_id: accountId, ...columns })
      .onConflict((conflict) => conflict.column('account_id').doUpdateSet(columns))
      .execute()
    await refreshAlertColumns(tx, accountId)
  })
}

const BATCH = 500

/** A date's month and day as one number (29 February → 229), for the yearly follow-ups' index. */
export function monthDay(iso: string): number {
  return Number(iso.slice(5, 7)) * 100 + Number(iso.slice(8, 10))
}

/** Patients without a summary yet (a database from before migration 0008): filled in at start. */
export async function refreshMissingSummaries(db: Db, today = todayUtc()): Promise<number> {
  let done = 0
  for (;;) {
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
      .limit(BATCH)
      .execute()
    for (const row of rows) await refreshPatientSummary(db, row.id, today)
    done += rows.length
    if (rows.length < BATCH) return done
  }
}

/**
 * The time-based alert rules (no data for 7 days; the 7-day protein window moving on) for every
 * patient they may concern whose alerts were last evaluated before `today`: an onboarded patient
 * quiet for a week, or one with an unresolved time-based alert. The same per-patient rule as a
 * write, one transaction per patient, so it never holds many locks. Runs at API start and from
 * `POST __dev/evaluate-alerts/`, and hourly as the pg-boss job `alerts.time-based` (provider/jobs/alerts.ts).
 */
export async function evaluateTimeBasedAlerts(db: Db, today = todayUtc()): Promise<number> {
  let done = 0
  for (;;) {
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
      .limit(BATCH)
      .execute()
    for (const row of rows) await refreshPatientSummary(db, row.account_id, today)
    done += rows.length
    if (rows.length < BATCH) return done
  }
}
