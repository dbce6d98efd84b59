// Text the database can store and every reader can decode: no NUL (PostgreSQL's text refuses it)
// and no lone UTF-16 surrogate (not a character; it cannot be written as UTF-8). The API refuses
// both anywhere in a request before any handler runs (provider/request-handler.ts); the app's
// fields that never reach the API apply the same test. See docs/decisions/174-refusing-unstorable-text.md.

/** The sentence for the request and for each field that holds such text. */
export const UNSTORABLE_TEXT = 'Text must not contain NUL characters or unpaired surrogates'

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value)
}

/**
 * Whether any string in a parsed JSON value (object keys included) is not storable. A loop over a
 * stack, not recursion: a body may nest thousands of levels deep.
 */
export function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (!isStorableText(item)) return true
    } else if (Array.isArray(item)) {
      pending.push(...item)
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (!isStorableText(key)) return true
        pending.push(inner)
      }
    }
  }
  return false
}
