// P14 slice 3: one row per patient (table patient_summaries, migration 0008) with the facts the
// admin portal's patients list, dashboard and cohorts filter, sort and count on, so those reads
// are indexed SQL paged in the database, and no read writes.
//
// One rule keeps a row true: refreshPatientSummary recomputes a patient's row from their stored
// facts (provider/patient-facts.ts) and re-evaluates their alerts. Every store write that changes a
// fact queues it with markPatientChanged, which runs it once, just before that write's transaction
// commits (however many writes the transaction made), so a summary never disagrees with committed
// data. Rules that change with the calendar alone (no data for 7 days, the protein window) are
// re-evaluated by evaluateTimeBasedAlerts, once a day per patient.
import { addDays, addMonths, todayUtc } from '../admin-patients-metrics.js'
import type { PatientQuery } from '../admin-patients-query.js'
import { PROTEIN_WINDOW_DAYS, regainThresholdPercent } from '../alerts-rules.js'
import {
  baseSnapshot,
  conditionsFor,
  dayFacts,
  type CustomerAccountRow,
  type PatientFacts,
  type PatientSnapshot,
} from '../patient-facts.js'
import type { CohortCellInput } from '../patient-cohorts.js'
import type { PersonalSection } from '../profile-sections.js'
import { syncPatientAlerts } from './alerts.js'
import { beforeCommit, isTransaction } from './engine-db.js'
import { DEFAULT_TARGETS } from './entries.js'
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

/** The open-alert count and most urgent open tier, after an alert was opened, resolved or acknowledged. */
export async function refreshAlertColumns(tx: Db, accountId: number): Promise<void> {
  await tx.run(
    `UPDATE patient_summaries SET
       open_alerts = (SELECT COUNT(*) FROM patient_alerts WHERE account_id = ? AND status = 'open'),
       alert_tier = (SELECT MIN(tier) FROM patient_alerts WHERE account_id = ? AND status = 'open')
     WHERE account_id = ?`,
    [accountId, accountId, accountId],
  )
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

/** The stored facts, as the snapshot names them (the rest of a snapshot is derived from these). */
type SummaryRow = Pick<
  PatientSnapshot,
  | 'id'
  | 'full_name'
  | 'email'
  | 'created_at'
  | 'email_verified'
  | 'is_onboarded'
  | 'onboarding'
  | 'bariatric_status'
  | 'surgery_type'
  | 'surgery_date'
  | 'baseline_kg'
  | 'height_cm'
  | 'goal_kg'
  | 'current_kg'
  | 'current_day'
  | 'nadir_kg'
  | 'nadir_day'
  | 'twl_percent'
  | 'ewl_percent'
  | 'last_entry_day'
  | 'last_sync_at'
  | 'protein_target_g'
  | 'open_alerts'
  | 'alert_tier'
>

const SUMMARY_COLUMNS = `s.account_id AS id, s.full_name, s.email, s.created_at, s.email_verified, s.is_onboarded,
  s.onboarding, s.bariatric_status, s.surgery_type, s.surgery_date, s.baseline_kg, s.height_cm, s.goal_kg,
  s.current_kg, s.current_day, s.nadir_kg, s.nadir_day, s.twl_percent, s.ewl_percent, s.last_entry_day,
  s.protein_target_g, s.open_alerts, s.alert_tier,
  (SELECT MAX(d.last_synced_at) FROM device_connections d WHERE d.account_id = s.account_id) AS last_sync_at`

function snapshotOf(row: SummaryRow & { personal?: PersonalSection | null }, today: string): PatientSnapshot {
  const personal = row.personal ?? null
  return {
    ...row,
    phone_number: personal?.phone_number ?? null,
    date_of_birth: personal?.date_of_birth ?? null,
    gender: personal?.gender ?? null,
    postal_code: personal?.postal_code ?? null,
    city: personal?.city ?? null,
    state: personal?.state ?? null,
    address_line1: personal?.address_line1 ?? null,
    address_line2: personal?.address_line2 ?? null,
    ...dayFacts(row.surgery_date, row.last_entry_day, today),
  }
}

/** Every patient's snapshot, for the exports and reports (which cover whole cohorts anyway). */
export async function allPatientSnapshots(db: Db, today: string): Promise<PatientSnapshot[]> {
  const rows = await db.all<SummaryRow & { personal: PersonalSection | null }>(
    `SELECT ${SUMMARY_COLUMNS}, p.personal FROM patient_summaries s
     LEFT JOIN customer_profiles p ON p.account_id = s.account_id ORDER BY s.account_id`,
  )
  return rows.map((row) => snapshotOf(row, today))
}

const SORT_COLUMNS: Record<PatientQuery['sort'], string> = {
  name: 'name_sort',
  surgery_date: 'surgery_date',
  last_data: 'last_entry_day',
  twl: 'twl_percent',
}

/** The follow-ups after surgery that are a fixed number of days or months away (yearly ones apart). */
const FIXED_MILESTONES = ['s.surgery_date + 14', 's.surgery_date + 42', "(s.surgery_date + interval '3 months')::date", "(s.surgery_date + interval '6 months')::date"]

/** The WHERE clause of the patients list, by the rules of provider/admin-patients-query.ts. */
function listWhere(query: PatientQuery, today: string): { sql: string; params: SqlParam[] } {
  const where: string[] = []
  const params: SqlParam[] = []
  if (query.q) {
    // LIKE '%…%' with the text's own %, _ and \ escaped: a substring match the trigram indexes serve.
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    where.push('(s.name_lower LIKE ? OR s.email_lower LIKE ?)')
    params.push(pattern, pattern)
  }
  if (query.procedure === 'none') where.push('s.surgery_type IS NULL')
  else if (query.procedure) {
    where.push('s.surgery_type = ?')
    params.push(query.procedure)
  }
  if (query.onboarding) {
    where.push('s.onboarding = ?')
    params.push(query.onboarding)
  }
  if (query.milestone !== null) {
    // The next follow-up is within N days exactly when some follow-up falls in [today, today + N]:
    // the fixed ones, and the yearly ones (every 12 months) of this calendar year and the next.
    const until = addDays(today, query.milestone)
    const year = Number(today.slice(0, 4))
    const anniversary = (offset: number) =>
      `(s.surgery_date + make_interval(years => GREATEST(1, ${year + offset} - EXTRACT(YEAR FROM s.surgery_date)::int)))::date`
    const dates = [...FIXED_MILESTONES, anniversary(0), anniversary(1)]
    // First a wider condition the indexes serve (surgery-date ranges, and the day of the year of a
    // yearly follow-up), then the exact one on the few rows it leaves.
    const around = (months: number, slackDays: number) => [
      addDays(addMonths(today, -months), -slackDays),
      addDays(addMonths(until, -months), slackDays),
    ]
    const ranges = [
      [addDays(today, -14), addDays(until, -14)],
      [addDays(today, -42), addDays(until, -42)],
      around(3, 3),
      around(6, 3),
    ]
    const [fromMd, untilMd] = [monthDay(today), monthDay(until)]
    // A 29 February surgery's yearly follow-up is on the 28th in other years.
    const lastMd = untilMd === 228 ? 229 : untilMd
    const yearly = fromMd <= lastMd ? 's.surgery_md BETWEEN ? AND ?' : '(s.surgery_md >= ? OR s.surgery_md <= ?)'
    where.push(
      `(${ranges.map(() => 's.surgery_date BETWEEN ?::date AND ?::date').join(' OR ')} OR (${yearly} AND s.surgery_date <= ?::date))`,
    )
    params.push(...ranges.flat(), fromMd, lastMd, addMonths(until, -12))
    where.push(`s.surgery_date IS NOT NULL AND (${dates.map((date) => `${date} BETWEEN ?::date AND ?::date`).join(' OR ')})`)
    for (let i = 0; i < dates.length; i++) params.push(today, until)
  }
  switch (query.alert) {
    // A most urgent tier exactly when an alert is open: the partial index on alert_tier serves both.
    case 'any':
      where.push('s.alert_tier IS NOT NULL')
      break
    case 'none':
      where.push('s.alert_tier IS NULL')
      break
    case 'tier1':
    case 'tier2':
    case 'tier3':
      where.push('s.alert_tier = ?')
      params.push(Number(query.alert.slice(4)))
      break
  }
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params }
}

/** One page of the patients list and the number of patients the filters match. */
export async function patientSummaryPage(
  db: Db,
  query: PatientQuery,
  today: string,
): Promise<{ rows: PatientSnapshot[]; total: number }> {
  const where = listWhere(query, today)
  const column = SORT_COLUMNS[query.sort]
  const direction = query.dir === 'desc' ? 'DESC' : 'ASC'
  // Missing values last in either direction, ties by id: the order of the sort indexes.
  const order = `s.${column} ${direction}${column === 'name_sort' ? '' : ' NULLS LAST'}, s.account_id`
  // The page's ids first (an index scan that skips the earlier pages' rows without building them),
  // then their columns: a late page costs a walk along the index, not every skipped row's columns.
  const rows = await db.all<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM patient_summaries s
     WHERE s.account_id IN (SELECT s.account_id FROM patient_summaries s ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?)
     ORDER BY ${order}`,
    [...where.params, query.page_size, (query.page - 1) * query.page_size],
  )
  const count = await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM patient_summaries s ${where.sql}`, where.params)
  return { rows: rows.map((row) => snapshotOf(row, today)), total: Number(count?.n ?? 0) }
}

export interface PatientCounts {
  total: number
  verified: number
  onboarded: number
  /** Onboarded, with an entry within the last `activeDays` days. */
  active: number
  /** Onboarded, nothing logged (or signed up, without entries) `quietDays` or more days ago. */
  quiet: number
}

/** The dashboard's head counts, in one pass over the summaries. */
export async function patientCounts(db: Db, today: string, activeDays: number, quietDays: number): Promise<PatientCounts> {
  const row = await db.get<PatientCounts>(
    `SELECT COUNT(*) AS total,
            COUNT(*) FILTER (WHERE email_verified) AS verified,
            COUNT(*) FILTER (WHERE is_onboarded) AS onboarded,
            COUNT(*) FILTER (WHERE is_onboarded AND last_entry_day > ?::date) AS active,
            COUNT(*) FILTER (WHERE is_onboarded AND COALESCE(last_entry_day, created_day) <= ?::date) AS quiet
     FROM patient_summaries`,
    [addDays(today, -activeDays), addDays(today, -quietDays)],
  )
  return {
    total: Number(row?.total ?? 0),
    verified: Number(row?.verified ?? 0),
    onboarded: Number(row?.onboarded ?? 0),
    active: Number(row?.active ?? 0),
    quiet: Number(row?.quiet ?? 0),
  }
}

/** One (procedure, bracket) cell as the database groups it; the domain sums the cells. */
export type CohortCell = CohortCellInput

/**
 * Onboarded patients whose surgery has happened, grouped by procedure and by bracket of days since
 * surgery (`bracketStarts`: the first day of brackets 1, 2, …; bracket 0 starts at day 0).
 */
export async function cohortCells(db: Db, today: string, bracketStarts: readonly number[]): Promise<CohortCell[]> {
  const cases = bracketStarts
    .map((_, index) => index)
    .reverse()
    .map((index) => `WHEN ?::date - surgery_date >= ? THEN ${index + 1}`)
    .join(' ')
  const caseParams = bracketStarts
    .map((start) => start)
    .reverse()
    .flatMap((start) => [today, start])
  const rows = await db.all<CohortCell>(
    `SELECT surgery_type AS procedure, CASE ${cases} ELSE 0 END AS bracket, COUNT(*) AS patients,
            SUM(twl_percent) AS twl_sum, COUNT(twl_percent) AS twl_n,
            SUM(ewl_percent) AS ewl_sum, COUNT(ewl_percent) AS ewl_n
     FROM patient_summaries WHERE is_onboarded AND surgery_date <= ?::date GROUP BY 1, 2`,
    [...caseParams, today],
  )
  return rows.map((row) => ({
    ...row,
    bracket: Number(row.bracket),
    patients: Number(row.patients),
    twl_n: Number(row.twl_n),
    ewl_n: Number(row.ewl_n),
  }))
}
