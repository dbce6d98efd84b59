// One mapping from PostgreSQL column types to JavaScript values, applied to both engines, so a
// store returns the same row shape on PGlite and on a PostgreSQL server. Left alone, `pg` gives
// int8 as a string and a `date` as a Date at *local* midnight, while PGlite gives int8 as a number
// and a `date` as a Date at UTC midnight: the same query would differ by engine and by time zone.

/** PostgreSQL type OIDs we parse ourselves (pg_catalog.pg_type). */
export const OID = {
  int8: 20,
  date: 1082,
} as const

/** `count(*)`, `sum(int)` and bigserial ids come back as numbers; beyond 2^53 is a bug, not data. */
export function parseInt8(text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`int8 value ${text} does not fit a JavaScript number`)
  }
  return value
}

/** Calendar days stay 'YYYY-MM-DD' strings, as the provider's API and the app already use them. */
export function parseDate(text: string): string {
  return text
}

/** Keyed by OID, for PGlite's `parsers` option and for the `pg` pool's `types.getTypeParser`. */
export const typeParsers: Record<number, (text: string) => unknown> = {
  [OID.int8]: parseInt8,
  [OID.date]: parseDate,
}

/**
 * Every session runs in UTC on both engines, so `now()::date`, `date_trunc('day', …)` and
 * timestamptz text agree whatever the server's or the machine's zone. Days in a patient's own zone
 * are the application's business (it sends them as dates), never the session's.
 */
export const SESSION_TIME_ZONE = 'UTC'
