// Reads behind the admin portal's patient views that are not the summaries'
// (provider/store/patient-summaries.ts): protein per day, days with data, the exports' entries.
import { sql } from 'kysely'
import type { Db } from './sql.js'

export async function isPatient(db: Db, accountId: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select((eb) => eb.lit(1).as('one'))
    .where('id', '=', accountId)
    .where('portal', '=', 'customer')
    .executeTakeFirst()
  return row !== undefined
}

/** Protein per logged day, per patient, over [from, to]. */
export async function proteinByDay(
  db: Db,
  from: string,
  to: string,
  accountId?: number,
): Promise<Map<number, Map<string, number>>> {
  let query = db.kysely
    .selectFrom('health_entries')
    .select([
      'account_id',
      'day',
      // jsonb_typeof and ->> on a jsonb field: the builder has no typed form for them.
      sql<number | null>`SUM(CASE WHEN jsonb_typeof(fields->'protein_g') = 'number' THEN (fields->>'protein_g')::float8 END)`.as(
        'protein',
      ),
    ])
    .where('kind', '=', 'meal')
    .where('day', '>=', from)
    .where('day', '<=', to)
  if (accountId !== undefined) query = query.where('account_id', '=', accountId)
  const rows = await query.groupBy(['account_id', 'day']).execute()
  const byAccount = new Map<number, Map<string, number>>()
  for (const row of rows) {
    const days = byAccount.get(row.account_id) ?? new Map<string, number>()
    days.set(row.day, row.protein ?? 0)
    byAccount.set(row.account_id, days)
  }
  return byAccount
}

/** Days with at least one entry of any kind in [from, to]. */
export async function daysWithData(db: Db, accountId: number, from: string, to: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('health_entries')
    .select((eb) => eb.fn.count<number>('day').distinct().as('n'))
    .where('account_id', '=', accountId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst()
  return row?.n ?? 0
}

export interface ExportEntryRow {
  account_id: number
  kind: string
  day: string
  time_of_day: string
  fields: Record<string, unknown>
}

/** Ids per query: far below both engines' limits on bound parameters (PostgreSQL's is 65,535). */
const IDS_PER_QUERY = 500

/** The entries of these patients within [from, to], oldest first per patient, at most `limit`. */
export async function entriesOf(
  db: Db,
  accountIds: readonly number[],
  from: string,
  to: string,
  limit: number,
): Promise<ExportEntryRow[]> {
  // Plain IN lists (valid on both engines), a slice of ascending ids at a time: the rows come
  // ordered by account first, so the slices' answers concatenate in order.
  const ids = [...new Set(accountIds)].sort((a, b) => a - b)
  const rows: ExportEntryRow[] = []
  for (let start = 0; start < ids.length && rows.length < limit; start += IDS_PER_QUERY) {
    const slice = ids.slice(start, start + IDS_PER_QUERY)
    rows.push(
      ...(await db.kysely
        .selectFrom('health_entries')
        .select(['account_id', 'kind', 'day', 'time_of_day', 'fields'])
        .where('account_id', 'in', slice)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('account_id')
        .orderBy('day')
        .orderBy('time_of_day')
        .orderBy('id')
        .limit(limit - rows.length)
        .execute()),
    )
  }
  return rows
}
