// The admin portal's reads over patient_summaries (patient-summaries.ts keeps the rows true): every
// patient's snapshot, the patients list's filtered and sorted page, the dashboard's counts and the
// cohort cells, all indexed SQL paged in the database.
import { sql, type Expression, type ExpressionBuilder, type OrderByItemBuilder, type SqlBool } from 'kysely'
import type { AlertTier } from '../../common/contract/alerts-values'
import type { Database } from '../db/schema.js'
import { addDays, addMonths } from '../admin-patients-metrics.js'
import type {
  OnboardingState,
  PatientAlertFilter,
  PatientSort,
  SortDirection,
} from '../../common/contract/admin-patients-values'
import type { NO_PROCEDURE } from '../../common/contract/admin-patients-values'
import type { SurgeryType } from '../../common/contract/profile-values'
import { monthDay } from './patient-summaries.js'
import type { Db } from './sql.js'

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


type Summaries = Database & { s: Database['patient_summaries'] }

/** The stored facts of `patient_summaries as s`, as a patient's snapshot names them. */
function summaryColumns(eb: ExpressionBuilder<Summaries, 's'>) {
  return [
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
  ] as const
}

/** A patient's stored summary (the domain derives a snapshot's calendar facts from it). */
export type StoredSummary = Awaited<ReturnType<typeof allPatientSummaries>>[number]

/**
 * Every patient's stored summary and personal section, for the exports and reports (which cover
 * whole cohorts anyway); provider/patient-snapshots.ts makes the snapshots.
 */
export async function allPatientSummaries(db: Db) {
  return db.kysely
    .selectFrom('patient_summaries as s')
    .leftJoin('customer_profiles as p', 'p.account_id', 's.account_id')
    .select((eb) => [...summaryColumns(eb), 'p.personal'])
    .orderBy('s.account_id')
    .execute()
}

const SORT_COLUMNS = {
  name: 's.name_sort',
  surgery_date: 's.surgery_date',
  last_data: 's.last_entry_day',
  twl: 's.twl_percent',
} as const satisfies Record<PatientQuery['sort'], `s.${keyof Database['patient_summaries']}`>

const ALERT_TIER_OF = { tier1: 1, tier2: 2, tier3: 3 } as const satisfies Record<'tier1' | 'tier2' | 'tier3', AlertTier>

// Date arithmetic (date + days, + an interval, make_interval) has no builder form: raw SQL.
/** The follow-ups after surgery that are a fixed number of days or months away (yearly ones apart). */
const FIXED_MILESTONES = [
  sql<string>`s.surgery_date + 14`,
  sql<string>`s.surgery_date + 42`,
  sql<string>`(s.surgery_date + interval '3 months')::date`,
  sql<string>`(s.surgery_date + interval '6 months')::date`,
]

/** The yearly follow-up of surgery in `year` (never before the first). */
function anniversary(year: number) {
  return sql<string>`(s.surgery_date + make_interval(years => GREATEST(1, ${sql.lit(year)} - EXTRACT(YEAR FROM s.surgery_date)::int)))::date`
}

/** The WHERE clause of the patients list, by the rules of provider/admin-patients-query.ts. */
function listWhere(query: PatientQuery, today: string) {
  return (eb: ExpressionBuilder<Summaries, 's'>) => {
    const day = (value: string) => eb.cast<string>(eb.val(value), 'date')
    const terms: Expression<SqlBool>[] = []
    if (query.q) {
      // LIKE '%…%' with the text's own %, _ and \ escaped: a substring match the trigram indexes serve.
      const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
      terms.push(eb.or([eb('s.name_lower', 'like', pattern), eb('s.email_lower', 'like', pattern)]))
    }
    if (query.procedure === 'none') terms.push(eb('s.surgery_type', 'is', null))
    else if (query.procedure) terms.push(eb('s.surgery_type', '=', query.procedure))
    if (query.onboarding) terms.push(eb('s.onboarding', '=', query.onboarding))
    if (query.milestone !== null) {
      // The next follow-up is within N days exactly when some follow-up falls in [today, today + N]:
      // the fixed ones, and the yearly ones (every 12 months) of this calendar year and the next.
      const until = addDays(today, query.milestone)
      const year = Number(today.slice(0, 4))
      const dates = [...FIXED_MILESTONES, anniversary(year), anniversary(year + 1)]
      // First a wider condition the indexes serve (surgery-date ranges, and the day of the year of a
      // yearly follow-up), then the exact one on the few rows it leaves.
      const around = (months: number, slackDays: number): [string, string] => [
        addDays(addMonths(today, -months), -slackDays),
        addDays(addMonths(until, -months), slackDays),
      ]
      const ranges: [string, string][] = [
        [addDays(today, -14), addDays(until, -14)],
        [addDays(today, -42), addDays(until, -42)],
        around(3, 3),
        around(6, 3),
      ]
      const [fromMd, untilMd] = [monthDay(today), monthDay(until)]
      // A 29 February surgery's yearly follow-up is on the 28th in other years.
      const lastMd = untilMd === 228 ? 229 : untilMd
      const yearly =
        fromMd <= lastMd
          ? eb.between('s.surgery_md', fromMd, lastMd)
          : eb.or([eb('s.surgery_md', '>=', fromMd), eb('s.surgery_md', '<=', lastMd)])
      terms.push(
        eb.or([
          ...ranges.map(([from, to]) => eb.between('s.surgery_date', day(from), day(to))),
          eb.and([yearly, eb('s.surgery_date', '<=', day(addMonths(until, -12)))]),
        ]),
      )
      terms.push(
        eb.and([
          eb('s.surgery_date', 'is not', null),
          eb.or(dates.map((date) => eb.between(date, day(today), day(until)))),
        ]),
      )
    }
    // A most urgent tier exactly when an alert is open: the partial index on alert_tier serves both.
    if (query.alert === 'any') terms.push(eb('s.alert_tier', 'is not', null))
    else if (query.alert === 'none') terms.push(eb('s.alert_tier', 'is', null))
    else if (query.alert) terms.push(eb('s.alert_tier', '=', ALERT_TIER_OF[query.alert]))
    return eb.and(terms)
  }
}

/** One page of the patients list (stored summaries) and the number of patients the filters match. */
export async function patientSummaryPage(db: Db, query: PatientQuery, today: string) {
  const where = listWhere(query, today)
  const column = SORT_COLUMNS[query.sort]
  // Missing values last in either direction, ties by id: the order of the sort indexes.
  const direction = (ob: OrderByItemBuilder) => {
    const directed = query.dir === 'desc' ? ob.desc() : ob.asc()
    return column === 's.name_sort' ? directed : directed.nullsLast()
  }
  // The page's ids first (an index scan that skips the earlier pages' rows without building them),
  // then their columns: a late page costs a walk along the index, not every skipped row's columns.
  const rows = await db.kysely
    .selectFrom('patient_summaries as s')
    .select((eb) => [
      ...summaryColumns(eb),
      eb
        .selectFrom('accounts as a')
        .select('a.closed_at')
        .whereRef('a.id', '=', 's.account_id')
        .as('closed_at'),
    ])
    .where('s.account_id', 'in', (eb) =>
      eb
        .selectFrom('patient_summaries as s')
        .select('s.account_id')
        .where(where)
        .orderBy(column, direction)
        .orderBy('s.account_id')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
    )
    .orderBy(column, direction)
    .orderBy('s.account_id')
    .execute()
  const count = await db.kysely
    .selectFrom('patient_summaries as s')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(where)
    .executeTakeFirst()
  return { rows, total: count?.n ?? 0 }
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
  // A CASE with one branch per bracket, highest first: the builder's case chain has no form for
  // a variable number of branches.
  const branches = bracketStarts
    .map((start, index) => sql`WHEN ${today}::date - surgery_date >= ${start} THEN ${sql.lit(index + 1)}`)
    .reverse()
  const bracket = sql<number>`CASE ${sql.join(branches, sql` `)} ELSE 0 END`
  return db.kysely
    .selectFrom((eb) =>
      eb
        .selectFrom('patient_summaries')
        .select(['surgery_type as procedure', bracket.as('bracket'), 'twl_percent', 'ewl_percent'])
        .where((inner) => inner.ref('is_onboarded'))
        .where('surgery_date', '<=', eb.cast<string>(eb.val(today), 'date'))
        .as('c'),
    )
    .select((eb) => [
      'c.procedure',
      'c.bracket',
      eb.fn.countAll<number>().as('patients'),
      eb.fn.sum<number | null>('c.twl_percent').as('twl_sum'),
      eb.fn.count<number>('c.twl_percent').as('twl_n'),
      eb.fn.sum<number | null>('c.ewl_percent').as('ewl_sum'),
      eb.fn.count<number>('c.ewl_percent').as('ewl_n'),
    ])
    .groupBy(['c.procedure', 'c.bracket'])
    .execute()
}
