// How the project's own commands (npm start, npm run api, provider:seed, db:migrate) fail. A
// failure the person at the keyboard can act on from one sentence (the database is in use, a port
// is taken, the database cannot be reached) prints that sentence and exits 1: a stack trace under
// it reads as a crash and buries the sentence. Anything else is a bug, and its stack is what
// whoever fixes it needs, so it keeps it.
import { isDatabaseUnavailable } from './db/unavailable.js'

/** Thrown where the cause is known and its message says what to do. */
export class ExpectedFailure extends Error {
  override name = 'ExpectedFailure'
  /** Read across bundles and module copies, where `instanceof` may not hold. */
  readonly expected = true
}

export function isExpectedFailure(error: unknown): error is Error {
  return (
    error instanceof Error &&
    ((error as { expected?: unknown }).expected === true || isDatabaseUnavailable(error))
  )
}

/** What a command prints for a failure: the sentence alone, or the whole error with its stack. */
export function failureText(error: unknown): string {
  if (isExpectedFailure(error)) return sentenceOf(error)
  return error instanceof Error ? (error.stack ?? String(error)) : String(error)
}

/**
 * Runs a command's main function: on failure prints `prefix` and failureText and exits 1 at once,
 * so that nothing a half-done start left open (a pool, a timer) keeps the process alive.
 */
export function runCommand(prefix: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(`${prefix}${failureText(error)}`)
    process.exit(1)
  })
}

/** A refused connection on both IPv4 and IPv6 is an AggregateError with no message of its own. */
function sentenceOf(error: Error): string {
  if (error.message || !(error instanceof AggregateError)) return error.message
  return error.errors.map((part: unknown) => (part instanceof Error ? part.message : String(part))).join('; ')
}
