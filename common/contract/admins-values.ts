// Admin accounts (docs/provider-api.md "Admins, audit log, reports and exports — extension (P13)"):
// roles and an account's statuses. Plain values, no zod.

export const ADMIN_ROLES = ['Standard Admin', 'Super Admin'] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]
export const SUPER_ADMIN: AdminRole = 'Super Admin'

/** active, invited (password not created yet), deactivated. */
export const ADMIN_STATUSES = ['active', 'invited', 'deactivated'] as const
export type AdminStatus = (typeof ADMIN_STATUSES)[number]
