// What the app does with a provider that implements SPEC.md §7 and none of our API's extensions
// (docs/provider-api.md "Extensions"): a screen that needs one says so in a sentence instead of
// failing. Pure (no zod): the design system's LoadFailed recognises the sentences.

/** The extensions, by the first path segments of their calls, and how a sentence names them. */
const FEATURES: ReadonlyArray<readonly [prefix: string, label: string]> = [
  ['v1/auth/entries/', 'the health log'],
  ['v1/auth/dashboard/', 'the dashboard in one call'],
  ['v1/auth/trends/', 'health trends'],
  ['v1/auth/devices/', 'connected devices'],
  ['v1/auth/messages/', 'messages with the care team'],
  ['v1/auth/reminders/', 'reminders'],
  ['v1/auth/profile/preferences/', 'display preferences and daily targets'],
  ['v1/auth/change_password/', 'changing the password here'],
  ['v1/admin/change_password/', 'changing the password here'],
  ['v1/admin/mfa/', 'two-factor sign-in'],
  ['v1/admin/login/mfa/', 'two-factor sign-in'],
  ['v1/admin/dashboard/', 'the admin dashboard'],
  ['v1/admin/patients/', 'the patient list'],
  ['v1/admin/alerts/', 'patient alerts'],
  ['v1/admin/messages/', 'messages with patients'],
  ['v1/admin/admins/', 'user management'],
  ['v1/admin/audit-events/', 'the audit log'],
  ['v1/admin/reports/', 'reports'],
  ['v1/admin/exports/', 'data exports'],
  ['v1/auth/logout/', 'signing out on the server'],
  ['v1/auth/record-export/', 'downloading your record'],
  ['v1/auth/close-account/', 'closing an account here'],
  ['v1/admin/account-closures/', "closing patients' accounts"],
  ['v1/admin/fhir-clients/', 'FHIR client apps'],
]

/** 'This clinic's health service does not offer the health log.' */
export function notOfferedSentence(label: string): string {
  return `This clinic's health service does not offer ${label}.`
}

const SENTENCES = new Set(FEATURES.map(([, label]) => notOfferedSentence(label)))

/** True for the sentences above: a screen shows them as information, not as a fault. */
export function isNotOfferedSentence(message: unknown): boolean {
  return typeof message === 'string' && SENTENCES.has(message)
}

/**
 * The feature a call belongs to when a 404 (or 405/501) on it means "this provider has no such
 * endpoint": a call of our API's extensions whose path names no record. A path with an id in it
 * (`v1/admin/patients/12/`) answers 404 for a record that does not exist, which stays a 404.
 */
export function extensionOf(path: string): string | null {
  const normalised = path.replace(/^\/+/, '')
  if (normalised.split('/').some((segment) => /^\d+$/.test(segment))) return null
  let best: readonly [string, string] | null = null
  for (const entry of FEATURES) {
    if (normalised.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry
  }
  return best ? best[1] : null
}
