// The value lists of sign-in and accounts (SPEC.md §3, §6). Plain lists, no zod: client code may
// import them (common/contract/README.md).

/** The two portals; also the `portal` of forgot_password. */
export const PORTALS = ['customer', 'admin'] as const
export type Portal = (typeof PORTALS)[number]

export const STANDARD_ADMIN = 'Standard Admin'
export const SUPER_ADMIN = 'Super Admin'

/** Every admin role, from least to most privilege (SPEC.md §3 "Admin roles"). */
export const ADMIN_ROLES = [STANDARD_ADMIN, SUPER_ADMIN] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]
