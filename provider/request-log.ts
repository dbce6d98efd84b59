import type { Portal } from './tokens.js'

export interface LoggedRequest {
  id: number
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  auth: Portal | null
  /** Who the bearer token names (tests tell their own calls apart on a shared provider). */
  account_id: number | null
  status: number
  at: string
}

const SECRET_KEYS = new Set([
  'password',
  'new_password',
  'conf_password',
  'old_password',
  'refresh',
  'token',
  'access_token',
  'refresh_token',
])
export const MASK = '***'
const CAPACITY = 500
const MAX_DEPTH = 20

/** Replaces the value of every secret key, at any depth, by "***"; the keys themselves stay. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return MASK
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1))
  if (typeof value !== 'object' || value === null) return value
  const masked: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    // defineProperty, because a plain assignment to "__proto__" would set the prototype instead.
    Object.defineProperty(masked, key, {
      value: SECRET_KEYS.has(key) ? MASK : maskSecrets(item, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return masked
}

/** The last requests in memory, newest first, for GET __dev/requests/. */
export class RequestLog {
  private entries: LoggedRequest[] = []
  private nextId = 1

  record(
    entry: Omit<LoggedRequest, 'id' | 'query' | 'body'> & { query: URLSearchParams; body: unknown },
  ): void {
    const query: Record<string, string> = {}
    for (const [key, value] of entry.query) query[key] = value
    this.entries.unshift({
      id: this.nextId++,
      method: entry.method,
      path: entry.path,
      query: maskSecrets(query) as Record<string, string>,
      body: maskSecrets(entry.body),
      auth: entry.auth,
      account_id: entry.account_id,
      status: entry.status,
      at: entry.at,
    })
    if (this.entries.length > CAPACITY) this.entries.length = CAPACITY
  }

  list(): LoggedRequest[] {
    return this.entries
  }
}
