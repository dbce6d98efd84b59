// SPEC.md §5 input filtering. The same functions run in the browser (on every keystroke) and on
// the server (on what a form without JavaScript posted), so both end up with the same value.

const isDigit = (ch: string) => ch >= '0' && ch <= '9'

/** Phone: digits only (the +1 country code is shown, never typed). */
export function filterPhone(value: string): string {
  return [...value].filter(isDigit).join('')
}

/** Feet: digits only. */
export function filterDigits(value: string): string {
  return [...value].filter(isDigit).join('')
}

/**
 * Height, weights and inches: digits and one decimal point with at most one decimal digit.
 * Extra points and further decimals are dropped, so '170.55' reads '170.5'.
 */
export function filterDecimal(value: string): string {
  let out = ''
  let seenPoint = false
  let decimals = 0
  for (const ch of value) {
    if (isDigit(ch)) {
      if (seenPoint) {
        if (decimals >= 1) continue
        decimals += 1
      }
      out += ch
    } else if (ch === '.' && !seenPoint) {
      seenPoint = true
      out += ch
    }
  }
  return out
}

// Hyphen-minus, the dashes U+2010–U+2015, the minus sign U+2212, and their small and full-width forms.
const MINUS_SIGN = /[-\u2010-\u2015\u2212\uFE63\uFF0D]/

/**
 * Whether number text carries a minus sign. The filters keep digits and a point, so '-170' would
 * read as 170: a form that can only hold zero or more asks instead (a browser never posts one, as
 * the filters run on every keystroke; a hand-made or script-free post can).
 */
export function hasMinusSign(value: string | null | undefined): boolean {
  return MINUS_SIGN.test(value ?? '')
}

/** A filtered decimal as a number; undefined when there is no digit in it. */
export function parseDecimal(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined
  const filtered = filterDecimal(value)
  if (!/\d/.test(filtered)) return undefined
  const number = Number(filtered)
  return Number.isFinite(number) ? number : undefined
}

const DATE_SEGMENT_LIMITS = [2, 2, 4] as const

/**
 * MM/DD/YYYY as it is typed: digits and slashes only, at most 2/2/4 digits per part. Typing forward
 * inserts the slash after a full month or day, so numeric keypads without '/' still work; typing
 * '1/2/1990' by hand works too. When `previous` is longer (deleting) nothing is inserted, so
 * backspace over a slash is not undone.
 */
export function maskDateInput(next: string, previous = ''): string {
  const deleting = next.length < previous.length
  const segments: string[] = ['']
  for (const ch of next) {
    const index = segments.length - 1
    if (ch === '/') {
      if (segments[index] !== '' && segments.length < DATE_SEGMENT_LIMITS.length) segments.push('')
      continue
    }
    if (!isDigit(ch)) continue
    if (segments[index]!.length >= DATE_SEGMENT_LIMITS[index]!) {
      if (segments.length === DATE_SEGMENT_LIMITS.length) continue
      segments.push('')
    }
    segments[segments.length - 1] += ch
  }
  const last = segments.length - 1
  const lastFull = segments[last]!.length === DATE_SEGMENT_LIMITS[last]
  const text = segments.join('/')
  return !deleting && last < DATE_SEGMENT_LIMITS.length - 1 && lastFull ? `${text}/` : text
}
