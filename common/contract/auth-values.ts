// The value lists of sign-in and accounts (SPEC.md §3, §6). Plain lists, no zod: client code may
// import them (common/contract/README.md).

/** A token the app hands back to the API (refresh, e-mail link, MFA challenge, known browser): at most this long. */
export const TOKEN_MAX_LENGTH = 512

/**
 * A password checked against the stored one (the current password to change it, the password to
 * close the account): at most this long, so no huge text is hashed.
 */
export const CURRENT_PASSWORD_MAX_LENGTH = 200

/** How long a browser stays known without signing in again (the API's token and the app's cookie). */
export const KNOWN_BROWSER_DAYS = 180

/** A second-factor code as typed (a TOTP or a recovery code, with spaces or dashes): at most this long. */
export const MFA_CODE_MAX_LENGTH = 32

/** The two portals; also the `portal` of forgot_password. */
export const PORTALS = ['customer', 'admin'] as const
export type Portal = (typeof PORTALS)[number]

export const STANDARD_ADMIN = 'Standard Admin'
export const SUPER_ADMIN = 'Super Admin'

/** Every admin role, from least to most privilege (SPEC.md §3 "Admin roles"). */
export const ADMIN_ROLES = [STANDARD_ADMIN, SUPER_ADMIN] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]

/**
 * ADMIN_MFA: who must have a second factor before using the admin portal. "super": Super Admins;
 * "required": every admin; "off": nobody (development and the test suites; refused in production).
 * The API enforces it and publishes its value (GET healthz `admin_mfa`); the app must agree.
 */
export const ADMIN_MFA_SETTINGS = ['super', 'required', 'off'] as const
export type AdminMfaSetting = (typeof ADMIN_MFA_SETTINGS)[number]
export const DEFAULT_ADMIN_MFA: AdminMfaSetting = 'super'
export const ADMIN_MFA_VALUES_MESSAGE = 'must be "super" (Super Admins), "required" (every admin) or "off"'

export function isAdminMfaSetting(value: unknown): value is AdminMfaSetting {
  return typeof value === 'string' && (ADMIN_MFA_SETTINGS as readonly string[]).includes(value)
}

/** Must an admin of this role have a second factor under this setting? */
export function mfaRequiredFor(role: AdminRole | null, setting: AdminMfaSetting): boolean {
  if (setting === 'off' || role === null) return false
  return setting === 'required' || role === SUPER_ADMIN
}

/** The API's 403 to an admin who must set up a second factor first, on anything else. */
export const MFA_SETUP_FIRST = 'Set up two-factor authentication to continue.'
