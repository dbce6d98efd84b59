// The one e-mail address rule, for the app's forms and the API's readers alike: a single address
// as a browser's <input type="email"> accepts it (WHATWG "valid e-mail address": ASCII local part
// from a fixed set, ASCII domain labels), plus SPEC.md §5's dot in the domain. Nothing that a mail
// library or an SMTP server could read as a second recipient, a display name or a header passes:
// no `,` `;` `<` `>` `:` `"` `(` `)` `[` `]` `\` or space, no control character (U+0085 and the
// line separators included), nothing outside ASCII. See docs/decisions/173-one-email-rule.md.

/** SPEC.md §5's message, the app's and the API's alike. */
export const EMAIL_INVALID = 'Please enter a valid email address'

/** RFC 5321's longest path, less its angle brackets. */
export const EMAIL_MAX_LENGTH = 254

const LOCAL_PART = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

/** Whether `value` (already trimmed of ordinary spaces) is one e-mail address by the rule above. */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false
  const at = value.indexOf('@')
  if (at < 1 || at !== value.lastIndexOf('@')) return false
  const labels = value.slice(at + 1).split('.')
  return LOCAL_PART.test(value.slice(0, at)) && labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label))
}
