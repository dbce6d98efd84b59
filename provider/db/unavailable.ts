// Which failures mean "the database cannot be reached right now" rather than "this request is
// wrong": the API answers those with a 503 the app can explain, never a bare 500.

/** Node network errors and PostgreSQL's connection and operator-intervention classes. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  // Refused at connect time: a misconfigured or removed database is unreachable to the user too.
  '3D000', // invalid_catalog_name (the database does not exist)
  '28000', // invalid_authorization_specification
  '28P01', // invalid_password
])

const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i, // pg pool: no connection within connectionTimeoutMillis
  /connection terminated/i,
  /the embedded database (has been closed|stayed busy)/i,
]

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true
  // AggregateError (a refused connection on both IPv4 and IPv6) carries the codes in its parts.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The health service cannot reach its database right now. Please try again in a few minutes.'
