// The admin portal's reads over patient_summaries (patient-summaries.ts keeps the rows true): every
// patient's snapshot, the patients list's filtered and sorted page, the dashboard's counts and the
// cohort cells, all indexed SQL paged in the database.
import { addDays, addMonths } from '../admin-patients-metrics.js'
import type {
  OnboardingState,
  PatientAlertFilter,
  PatientSort,
  SortDirection,
} from '../../common/contract/admin-patients-values'
import type { NO_PROCEDURE } from '../../common/contract/admin-patients-values'
import type { SurgeryType } from '../../common/contract/profile-values'
import { contactFieldsOf, dayFacts, type PatientSnapshot } from '../patient-facts.js'
import type { PersonalSection } from '../profile-sections.js'
import { monthDay } from './patient-summaries.js'
import type { Db, SqlParam } from './sql.js'

/** The patient list's query, as admin-patients-query.ts reads it from the URL. */
export interface PatientQuery {
  q: string
  procedure: SurgeryType | typeof NO_PROCEDURE | null
  onboarding: OnboardingState | null
  milestone: number | null
  alert: PatientAlertFilter | null
  sort: PatientSort
  dir: SortDirection
  page: number
  page_size: number
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
  return {
    ...row,
    ...contactFieldsOf(row.personal),
    ...dayFacts(row.surgery_date, row.last_entry_day, today),
  }
}

/** Every patient's snapshot, for the exports and reports (which cover whole cohorts anyway). */
export async function allPatientSnapshots(db: Db, today: string): Promise<PatientSnapshot[]> {
  const rows = await db.kysely
    .selectFrom('patient_summaries as s')
    .leftJoin('customer_profiles as p', 'p.account_id', 's.account_id')
    .select((eb) => [
      's.account_id as id',
      's.full_name',
      's.email',
      's.created_at',
      's.email_verified',
      's.is_onboarded',
      's.onboarding',
      's.bariatric_status',
      's.surgery_type',
      's.surgery_date',
      's.baseline_kg',
      's.height_cm',
      's.goal_kg',
      's.current_kg',
      's.current_day',
      's.nadir_kg',
      's.nadir_day',
      's.twl_percent',
      's.ewl_percent',
      's.last_entry_day',
      's.protein_target_g',
      's.open_alerts',
      's.alert_tier',
      eb
        .selectFrom('device_connections as d')
        .select((inner) => inner.fn.max<string | null>('d.last_synced_at').as('last'))
        .whereRef('d.account_id', '=', 's.account_id')
        .as('last_sync_at'),
      'p.personal',
    ])
    .orderBy('s.account_id')
    .execute()
  return rows.map((row) => snapshotOf({ ...row, last_sync_at: row.last_sync_at ?? null }, today))
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
  const row = await db.kysely
    .selectFrom('patient_summaries')
    .select((eb) => {
      const day = (value: string) => eb.cast<string>(eb.val(value), 'date')
      return [
        eb.fn.countAll<number>().as('total'),
        eb.fn.countAll<number>().filterWhere(eb.ref('email_verified')).as('verified'),
        eb.fn.countAll<number>().filterWhere(eb.ref('is_onboarded')).as('onboarded'),
        eb.fn
          .countAll<number>()
          .filterWhere(eb.and([eb.ref('is_onboarded'), eb('last_entry_day', '>', day(addDays(today, -activeDays)))]))
          .as('active'),
        eb.fn
          .countAll<number>()
          .filterWhere(
            eb.and([
              eb.ref('is_onboarded'),
              eb(eb.fn.coalesce('last_entry_day', 'created_day'), '<=', day(addDays(today, -quietDays))),
            ]),
          )
          .as('quiet'),
      ]
    })
    .executeTakeFirst()
  return row ?? { total: 0, verified: 0, onboarded: 0, active: 0, quiet: 0 }
}

/** One (procedure, bracket) cell as the database groups it; the domain sums the cells. */
export interface CohortCell {
  procedure: string | null
  bracket: number
  patients: number
  twl_sum: number | null
  twl_n: number
  ewl_sum: number | null
  ewl_n: number
}

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
