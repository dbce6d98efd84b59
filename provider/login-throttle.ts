import { ApiError } from './errors.js'
import { countAttemptsBefore, deleteAttempt, deleteAttempts, insertAttempt } from './store/login-failures.js'
import type { Db } from './store/sql.js'

export const MAX_FAILURES = 10
export const FAILURE_WINDOW_MS = 15 * 60 * 1000

const TOO_MANY = 'Too many attempts. Please try again later.'

/**
 * Failed sign-ins are counted per e-mail in the database, across both portals and restarts, so
 * guessing cannot be spread over the two login endpoints or over a restart.
 *
 * Every attempt is written as a row *before* its password is checked, and only the attempts
 * written before it count against it. Checking a count first and writing the failure later would
 * let parallel guesses (or two processes) all pass a count of 9; this way the 11th of any number
 * of simultaneous guesses sees 10 rows ahead of it. The row is the failure if the password is
 * wrong; otherwise it is removed (or cleared with the rest on success).
 */
export async function beginAttempt(db: Db, email: string): Promise<{ id: number }> {
  const now = Date.now()
  const since = now - FAILURE_WINDOW_MS
  const id = await insertAttempt(db, email, now, since)
  if ((await countAttemptsBefore(db, email, since, id)) >= MAX_FAILURES) {
    // A throttled attempt is refused before any password check, so it is not a failure itself.
    await deleteAttempt(db, id)
    throw new ApiError(429, TOO_MANY)
  }
  return { id }
}

/** The attempt ended without a wrong password (wrong portal, unverified…): it is not a failure. */
export function abandonAttempt(db: Db, attempt: { id: number }): Promise<void> {
  return deleteAttempt(db, attempt.id)
}

/** A successful sign-in forgives earlier failures. */
export function clearFailures(db: Db, email: string): Promise<void> {
  return deleteAttempts(db, email)
}
