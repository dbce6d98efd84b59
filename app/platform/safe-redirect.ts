// Guards `redirectTo` against open redirects. Pure, so client code may use it too.

const MAX_DECODE_ROUNDS = 3
const PROBE_ORIGIN = 'http://same-site.invalid'

function hasControlChar(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

function looksLocal(value: string): boolean {
  if (!value.startsWith('/')) return false
  // '//host' and '/\host' are protocol-relative to browsers; a backslash anywhere invites the
  // same trick after normalisation, and control characters (tab, newline) are silently dropped
  // by URL parsers, so '/\t/evil' would become '//evil'.
  if (value.startsWith('//')) return false
  if (value.includes('\\')) return false
  if (hasControlChar(value)) return false
  return true
}

// Byte-wise, so that a stray '%' (as in '?q=100%25' once decoded) cannot make it throw; the
// characters that matter here are all ASCII.
function percentDecode(value: string): string {
  return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/**
 * True only for a same-site, path-absolute URL. The value is also checked after percent-decoding
 * (up to three rounds) because an intermediary or the next page may decode it again; if it still
 * decodes further after that, it is refused rather than trusted.
 */
export function isSafeRedirect(to: string): boolean {
  let value = to
  for (let round = 0; ; round++) {
    if (!looksLocal(value)) return false
    const decoded = percentDecode(value)
    if (decoded === value) break
    if (round === MAX_DECODE_ROUNDS) return false
    value = decoded
  }
  try {
    return new URL(to, PROBE_ORIGIN).origin === PROBE_ORIGIN
  } catch {
    return false
  }
}

/** `to` when it is a safe same-site path (query string kept), else `fallback`. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || to === '') return fallback
  return isSafeRedirect(to) ? to : fallback
}
