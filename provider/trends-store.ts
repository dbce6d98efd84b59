// Extension (docs/provider-api.md "Health trends", P11): the reads behind the trends endpoint.
// Every query is scoped by account, like entries-store.ts.
import type { Db } from './db.js'

/** The date of the patient's first entry of any kind on or before `onOrBefore`, or null. */
export function firstEntryDate(db: Db, accountId: number, onOrBefore: string): string | null {
  const row = db
    .prepare('SELECT MIN(day) AS day FROM health_entries WHERE account_id = ? AND day <= ?')
    .get(accountId, onOrBefore) as { day: string | null } | undefined
  return row?.day ?? null
}
