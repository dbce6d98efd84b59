// Extension: role checks for the admin endpoints (docs/provider-api.md, "Admins").
import { ADMIN_ROLES } from '../common/contract/auth-values'
import type { Account, AdminRole } from './store/accounts.js'
import { isDeactivated } from './store/admins.js'
import type { ProviderContext } from './context.js'
import { ApiError, unauthorized } from './errors.js'
import type { RequestInput } from './http.js'
import { authenticateSession, type AuthenticateOptions } from './sessions.js'

export const FORBIDDEN = 'You do not have permission to perform this action.'
export const SUPER_ADMIN_ONLY: readonly AdminRole[] = ['Super Admin']
export const ANY_ADMIN: readonly AdminRole[] = ADMIN_ROLES

/**
 * A live admin token whose account holds one of `roles` now (the role is read from the database on
 * every request, so a role change applies at once). A deactivated account's tokens were retired
 * when it was deactivated; it is checked here again so that no other path can bring them back.
 */
export async function requireAdminRole(
  ctx: ProviderContext,
  req: RequestInput,
  roles: readonly AdminRole[],
  options: AuthenticateOptions = {},
): Promise<Account> {
  return (await requireAdminSession(ctx, req, roles, options)).account
}

/** requireAdminRole, with the session's id (for routes that end the admin's other sessions). */
export async function requireAdminSession(
  ctx: ProviderContext,
  req: RequestInput,
  roles: readonly AdminRole[],
  options: AuthenticateOptions = {},
): Promise<{ account: Account; sid: string }> {
  const session = await authenticateSession(ctx, req.headers.authorization, 'admin', options)
  const { account } = session
  if (await isDeactivated(ctx.db, account.id)) throw unauthorized()
  if (!account.role || !roles.includes(account.role)) throw new ApiError(403, FORBIDDEN)
  return session
}
