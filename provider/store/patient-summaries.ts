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
import type { Db, SqlParam } from './sql.js'

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
  const account = await db.get<CustomerAccountRow>(
    `SELECT a.id, a.email, a.full_name AS account_name, a.email_verified, a.created_at,
            p.personal, p.bariatric_surgery, p.is_onboarded
     FROM accounts a LEFT JOIN customer_profiles p ON p.account_id = a.id
     WHERE a.id = ? AND a.portal = 'customer'`,
    [accountId],
  )
  if (!account) return undefined
  const weights = await db.all<{ day: string; kg: unknown }>(
    `SELECT day, CASE WHEN jsonb_typeof(fields->'weight') = 'number' THEN (fields->>'weight')::float8 END AS kg
     FROM health_entries WHERE account_id = ? AND kind = 'weight' AND day <= ? ORDER BY day, time_of_day, id`,
    [accountId, today],
  )
  const last = await db.get<{ day: string | null; sync: string | null; target: number | null }>(
    `SELECT (SELECT MAX(day) FROM health_entries WHERE account_id = ? AND day <= ?) AS day,
            (SELECT MAX(last_synced_at) FROM device_connections WHERE account_id = ?) AS sync,
            (SELECT protein_target_g FROM daily_targets WHERE account_id = ?) AS target`,
    [accountId, today, accountId, accountId],
  )
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
    await tx.get("SELECT id FROM accounts WHERE id = ? AND portal = 'customer' FOR NO KEY UPDATE", [accountId])
    const facts = await readPatientFacts(tx, accountId, today)
    if (!facts) {
      await tx.run('DELETE FROM patient_summaries WHERE account_id = ?', [accountId])
      return
    }
    const snapshot = baseSnapshot(facts, today)
    await syncPatientAlerts(tx, accountId, conditionsFor(snapshot, facts.protein, today, regainThresholdPercent()), now)
    const columns: Record<string, SqlParam> = {
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
    const names = Object.keys(columns)
    await tx.run(
      `INSERT INTO patient_summaries (account_id, ${names.join(', ')}) VALUES (?, ${names.map(() => '?').join(', ')})
       ON CONFLICT (account_id) DO UPDATE SET ${names.map((name) => `${name} = excluded.${name}`).join(', ')}`,
      [accountId, ...Object.values(columns)],
    )
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
    const rows = await db.all<{ id: number }>(
      `SELECT a.id FROM accounts a WHERE a.portal = 'customer'
       AND NOT EXISTS (SELECT 1 FROM patient_summaries s WHERE s.account_id = a.id) ORDER BY a.id LIMIT ?`,
      [BATCH],
    )
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
    const rows = await db.all<{ account_id: number }>(
      `SELECT s.account_id FROM patient_summaries s
       WHERE s.is_onboarded AND (s.alerts_evaluated_on IS NULL OR s.alerts_evaluated_on < ?::date)
         AND NOT EXISTS (SELECT 1 FROM accounts c WHERE c.id = s.account_id AND c.closed_at IS NOT NULL)
         AND (COALESCE(s.last_entry_day, s.created_day) <= ?::date
              OR EXISTS (SELECT 1 FROM patient_alerts a WHERE a.account_id = s.account_id
                         AND a.status <> 'resolved' AND a.kind IN ('no_recent_data', 'low_protein')))
       ORDER BY s.account_id LIMIT ?`,
      [today, addDays(today, -7), BATCH],
    )
    for (const row of rows) await refreshPatientSummary(db, row.account_id, today)
    done += rows.length
    if (rows.length < BATCH) return done
  }
}
