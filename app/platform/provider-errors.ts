// The shape of every provider answer as the screens see it, and the user-facing texts for the
// faults that never reach the provider's own error messages. Pure: components may import it.
import { GENERIC_ERROR } from './messages'

export const PROVIDER_TIMEOUT_MESSAGE = 'The health service took too long to respond. Please try again.'
export const PROVIDER_UNREACHABLE_MESSAGE =
  "We couldn't reach the health service. Please try again in a moment."
export const PROVIDER_BAD_RESPONSE_MESSAGE =
  'The health service returned an unexpected response. Please try again.'
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.'

export type FieldErrors = Record<string, string[]>

/**
 * 'http': the provider answered with an error; 'not-offered': it has no such endpoint (an
 * extension of our API that this provider lacks, platform/extensions.ts); the others: it did not
 * answer usefully.
 */
export type ProviderFailureKind = 'http' | 'timeout' | 'network' | 'bad-response' | 'not-offered'

export type ProviderSuccess<T> = { ok: true; status: number; message: string; content: T }

export type ProviderFailure = {
  ok: false
  /** HTTP status, or 0 when no response arrived (timeout, network). */
  status: number
  /** The provider's own message; SPEC.md §8's 'Something went wrong. Please try again.' without one. */
  message: string
  /**
   * When the provider did not answer usefully (timeout, no answer, not our JSON): what happened,
   * in words, shown as a second line under `message` where there is room
   * (docs/decisions/123-spec-words-then-hint.md).
   */
  hint?: string
  fieldErrors: FieldErrors
  kind: ProviderFailureKind
}

export type ProviderResult<T> = ProviderSuccess<T> | ProviderFailure

const FAULT_MESSAGES: Record<Exclude<ProviderFailureKind, 'http' | 'not-offered'>, string> = {
  timeout: PROVIDER_TIMEOUT_MESSAGE,
  network: PROVIDER_UNREACHABLE_MESSAGE,
  'bad-response': PROVIDER_BAD_RESPONSE_MESSAGE,
}

/** SPEC.md §8: an answer without a `message` shows the generic text; what happened follows as a hint. */
export function faultResult(kind: Exclude<ProviderFailureKind, 'http' | 'not-offered'>, status = 0): ProviderFailure {
  return { ok: false, status, message: GENERIC_ERROR, hint: FAULT_MESSAGES[kind], fieldErrors: {}, kind }
}

/** The provider lacks the extension a call belongs to: the screen's sentence says so. */
export function notOfferedResult(status: number, sentence: string): ProviderFailure {
  return { ok: false, status, message: sentence, fieldErrors: {}, kind: 'not-offered' }
}

/** The message and, when there is one, the hint: the lines a form or an alert shows. */
export function failureLines(failure: Pick<ProviderFailure, 'message' | 'hint'>): string[] {
  return failure.hint && failure.hint !== failure.message ? [failure.message, failure.hint] : [failure.message]
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The provider's `data` object (field → string or string[]) as field → string[]. Anything else in
 * there (numbers, nested objects) is not something we can show under a field, so it is dropped.
 */
export function toFieldErrors(data: unknown): FieldErrors {
  if (!isRecord(data)) return {}
  const errors: FieldErrors = {}
  for (const [field, value] of Object.entries(data)) {
    const messages = (Array.isArray(value) ? value : [value]).filter(
      (m): m is string => typeof m === 'string' && m.trim() !== '',
    )
    if (messages.length > 0) errors[field] = messages
  }
  return errors
}

/** An HTTP error answer (already parsed as JSON) in our shape. */
export function httpErrorResult(status: number, body: unknown): ProviderFailure {
  const record = isRecord(body) ? body : {}
  const message =
    typeof record.message === 'string' && record.message.trim() !== '' ? record.message : GENERIC_ERROR
  return { ok: false, status, message, fieldErrors: toFieldErrors(record.data), kind: 'http' }
}

export function successResult<T>(status: number, body: unknown): ProviderSuccess<T> {
  const record = isRecord(body) ? body : {}
  return {
    ok: true,
    status,
    message: typeof record.message === 'string' ? record.message : '',
    content: ('content' in record ? record.content : null) as T,
  }
}

/**
 * The provider's error `data` as conform field errors (SPEC.md §8: each in red under its field).
 * Anything that has no field on this step is shown with the form-level message instead.
 */
export function splitProviderErrors(
  errors: FieldErrors,
  fieldNames: Set<string>,
  aliases: Record<string, string> = {},
): { fieldErrors: Record<string, string[]>; otherErrors: string[] } {
  const fieldErrors: Record<string, string[]> = {}
  const otherErrors: string[] = []
  for (const [name, messages] of Object.entries(errors)) {
    const target = aliases[name] ?? name
    if (fieldNames.has(target)) fieldErrors[target] = [...(fieldErrors[target] ?? []), ...messages]
    else otherErrors.push(...messages)
  }
  return { fieldErrors, otherErrors }
}
