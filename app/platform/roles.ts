// SPEC.md §6. Pure, so the UI may use it too (e.g. to hide a Super Admin link).

import { ADMIN_ROLES, STANDARD_ADMIN, SUPER_ADMIN, type AdminRole } from '~/../common/contract/auth-values'

// The roles are the API contract's (common/contract/auth-values.ts).
export { ADMIN_ROLES, STANDARD_ADMIN, SUPER_ADMIN, type AdminRole }

/**
 * The one role an admin acts with. Super Admin is checked first so that an account holding both
 * gets the wider access; any value we do not know yields no role at all (fail closed).
 */
export function resolveAdminRole(roles: readonly unknown[] | string | null | undefined): AdminRole | null {
  const list: readonly unknown[] = typeof roles === 'string' ? [roles] : (roles ?? [])
  if (list.includes(SUPER_ADMIN)) return SUPER_ADMIN
  if (list.includes(STANDARD_ADMIN)) return STANDARD_ADMIN
  return null
}

export function isRoleAllowed(role: AdminRole | null, allowed: readonly AdminRole[] = ADMIN_ROLES): boolean {
  return role !== null && allowed.includes(role)
}
