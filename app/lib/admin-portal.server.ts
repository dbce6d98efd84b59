// Server side of the admin portal's shell: who is signed in, with which role.
import { requireAdmin, type AdminContext } from './guards.server'
import { getAdminProfile } from './provider-api.server'
import { createProviderClient } from './provider-client.server'
import type { AdminUser } from './provider-types'
import { ADMIN_ROLES, type AdminRole } from './roles'
import { updateAdmin } from './session.server'

export type PortalAdmin = AdminContext & { user: AdminUser | null; headers: Headers }

/**
 * Guard (both roles unless told otherwise), then the admin's profile: the stored admin user, or
 * — when none is stored (SPEC.md §4) — GET v1/admin/profile/, stored for the next requests.
 * A failed fetch leaves `user` null; the screens still work with the role from the sign-in.
 *
 * `verify` asks the provider even when a user is stored. The portal layout does this on every
 * navigation so that a deactivated (or re-roled) admin's session ends at their next request, on
 * every screen: the provider refuses the token, and the client's 401 rule signs them out.
 */
export async function requirePortalAdmin(
  request: Request,
  roles: readonly AdminRole[] = ADMIN_ROLES,
  { verify = false }: { verify?: boolean } = {},
): Promise<PortalAdmin> {
  const context = await requireAdmin(request, { roles })
  const stored = context.admin.user
  if (stored && !verify) return { ...context, user: stored, headers: new Headers() }
  const api = await createProviderClient(request, { session: context.session })
  const result = await getAdminProfile(api)
  if (!result.ok || !result.content) return { ...context, user: stored ?? null, headers: api.headers }
  if (stored && JSON.stringify(stored) === JSON.stringify(result.content))
    return { ...context, user: stored, headers: api.headers }
  updateAdmin(context.session, { user: result.content })
  return { ...context, user: result.content, headers: await api.commit() }
}
