import type { Db } from './db.js'
import { ApiError } from './errors.js'

export const MAX_FAILURES = 10
export const FAILURE_WINDOW_MS = 15 * 60 * 1000

/**
 * Failed sign-ins are counted per e-mail in the database, across both portals and restarts, so
 * guessing cannot be spread over the two login endpoints or over a restart.
 */
export function assertNotThrottled(db: Db, email: string): void {
  const since = Date.now() - FAILURE_WINDOW_MS
  const row = db
    .prepare('SELECT COUNT(*) AS n FROM login_failures WHERE email = ? AND at > ?')
    .get(email, since) as {
    n: number
  }
  if (row.n >= MAX_FAILURES) throw new ApiError(429, 'Too many attempts. Please try again later.')
}

export function recordFailure(db: Db, email: string): void {
  const now = Date.now()
  db.prepare('DELETE FROM login_failures WHERE at <= ?').run(now - FAILURE_WINDOW_MS)
  db.prepare('INSERT INTO login_failures (email, at) VALUES (?, ?)').run(email, now)
}

export function clearFailures(db: Db, email: string): void {
  db.prepare('DELETE FROM login_failures WHERE email = ?').run(email)
}
