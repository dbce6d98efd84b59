import { ApiError } from './errors.js'
import { attemptsBefore, deleteAttempt, deleteAttempts, insertAttempt } from './store/login-failures.js'
import type { Db } from './store/sql.js'
import { tokenNow } from './tokens.js'

/** Failures older than this are forgotten. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000
/** Failures that cost nothing: typos. */
export const FREE_FAILURES = 5
/** The wait after the first failure past the free ones; it doubles with each further failure. */
export const FIRST_DELAY_MS = 15 * 1000
/** From this many failures in the window, every attempt is refused until they age out. */
export const MAX_FAILURES = 10

const TOO_MANY = 'Too many attempts. Please try again later.'

/** How long after the latest failure the next attempt must wait, with `failures` in the window. */
export function delayAfter(failures: number): number {
  return failures < FREE_FAILURES ? 0 : FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES)
}

export function waitMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  return `Too many failed sign-ins. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`
}

/**
 * Failed sign-ins are counted per key in the database, across both portals, restarts and every
 * app instance in front of the API, so guessing cannot be spread over them. The key is the e-mail,
 * or a known browser's own (provider/known-browser.ts), so strangers' failures never make the
 * owner's browser wait. Past FREE_FAILURES the
 * next attempt waits (15 s, 30 s, 60 s, 120 s, 240 s after the latest failure), and at MAX_FAILURES
 * every attempt is refused until failures age out of the window. A refused attempt is refused
 * before its password is checked (else the wait would not slow guessing) and is not a failure, so
 * the owner who waits as told gets in, and a success clears the count.
 *
 * Every attempt is written as a row *before* its password is checked, and only the attempts
 * written before it count against it. Checking a count first and writing the failure later would
 * let parallel guesses (or two processes) all pass; this way each of any number of simultaneous
 * guesses sees the ones ahead of it. The row is the failure if the password is wrong; otherwise it
 * is removed (or cleared with the rest on success).
 */
export async function beginAttempt(db: Db, email: string): Promise<{ id: number }> {
  const now = tokenNow()
  const since = now - FAILURE_WINDOW_MS
  const id = await insertAttempt(db, email, now, since)
  const { count, latestAt } = await attemptsBefore(db, email, since, id)
  if (count >= MAX_FAILURES) {
    await deleteAttempt(db, id)
    throw new ApiError(429, TOO_MANY)
  }
  // Free attempts never wait: a parallel attempt ahead of this one may carry a later clock reading.
  const delay = delayAfter(count)
  const waitMs = delay === 0 || latestAt === null ? 0 : latestAt + delay - now
  if (waitMs > 0) {
    await deleteAttempt(db, id)
    throw new ApiError(429, waitMessage(waitMs))
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
