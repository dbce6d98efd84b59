// One mapping from PostgreSQL column types to JavaScript values, applied to both engines, so a
// store returns the same row shape on PGlite and on a PostgreSQL server. Left alone, `pg` gives
// int8 as a string and a `date` as a Date at *local* midnight, while PGlite gives int8 as a number
// and a `date` as a Date at UTC midnight: the same query would differ by engine and by time zone.

/** PostgreSQL type OIDs we parse ourselves (pg_catalog.pg_type). */
export const OID = {
  int8: 20,
  date: 1082,
  timestamptz: 1184,
  numeric: 1700,
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

/**
 * Instants come back as the ISO 8601 strings the API answers with ('2026-11-24T19:34:37.123Z'),
 * the same on both engines and whatever the zone: store rows stay plain JSON. The session zone is
 * UTC (below), so the text ends in '+00'; any other offset is still read correctly.
 */
export function parseTimestamptz(text: string): string {
  const iso = text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')
  const date = new Date(iso)
  // 'infinity' and friends never come from our code; keep them visible rather than as NaN dates.
  return Number.isNaN(date.getTime()) ? text : date.toISOString()
}

/** `avg()` and `sum()` over numerics: measurements, never money, so a double is enough. */
export function parseNumeric(text: string): number {
  return Number(text)
}

/** Keyed by OID, for PGlite's `parsers` option and for the `pg` pool's `types.getTypeParser`. */
export const typeParsers: Record<number, (text: string) => unknown> = {
  [OID.int8]: parseInt8,
  [OID.date]: parseDate,
  [OID.timestamptz]: parseTimestamptz,
  [OID.numeric]: parseNumeric,
}

/**
 * Every session runs in UTC on both engines, so `now()::date`, `date_trunc('day', …)` and
 * timestamptz text agree whatever the server's or the machine's zone. Days in a patient's own zone
 * are the application's business (it sends them as dates), never the session's.
 */
export const SESSION_TIME_ZONE = 'UTC'
