// Reads behind the admin portal's patient views that are not the summaries'
// (provider/store/patient-summaries.ts): protein per day, days with data, the exports' entries.
import type { Db } from './sql.js'

export async function isPatient(db: Db, accountId: number): Promise<boolean> {
  return (await db.get("SELECT 1 FROM accounts WHERE id = ? AND portal = 'customer'", [accountId])) !== undefined
}

/** Protein per logged day, per patient, over [from, to]. */
export async function proteinByDay(
  db: Db,
  from: string,
  to: string,
  accountId?: number,
): Promise<Map<number, Map<string, number>>> {
  const rows = await db.all<{ account_id: number; day: string; protein: number | null }>(
    `SELECT account_id, day, SUM(CASE WHEN jsonb_typeof(fields->'protein_g') = 'number' THEN (fields->>'protein_g')::float8 END) AS protein FROM health_entries
     WHERE kind = 'meal' AND day BETWEEN ? AND ? ${accountId === undefined ? '' : 'AND account_id = ?'}
     GROUP BY account_id, day`,
    accountId === undefined ? [from, to] : [from, to, accountId],
  )
  const byAccount = new Map<number, Map<string, number>>()
  for (const row of rows) {
    const days = byAccount.get(row.account_id) ?? new Map<string, number>()
    days.set(row.day, Number(row.protein ?? 0))
    byAccount.set(row.account_id, days)
  }
  return byAccount
}

/** Days with at least one entry of any kind in [from, to]. */
export async function daysWithData(db: Db, accountId: number, from: string, to: string): Promise<number> {
  const row = await db.get<{ n: number }>(
    'SELECT COUNT(DISTINCT day) AS n FROM health_entries WHERE account_id = ? AND day BETWEEN ? AND ?',
    [accountId, from, to],
  )
  return Number(row?.n ?? 0)
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
      ...(await db.all<ExportEntryRow>(
        `SELECT account_id, kind, day, time_of_day, fields FROM health_entries
         WHERE account_id IN (${slice.map(() => '?').join(', ')}) AND day >= ? AND day <= ?
         ORDER BY account_id, day, time_of_day, id LIMIT ?`,
        [...slice, from, to, limit - rows.length],
      )),
    )
  }
  return rows
}
