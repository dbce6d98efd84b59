// Admin accounts (docs/provider-api.md "Admins, audit log, reports and exports"):
// an account's statuses. The roles are ADMIN_ROLES (auth-values.ts). Plain values, no zod.

/** active, invited (password not created yet), deactivated. */
export const ADMIN_STATUSES = ['active', 'invited', 'deactivated'] as const
export type AdminStatus = (typeof ADMIN_STATUSES)[number]
