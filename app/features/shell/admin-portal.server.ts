// Server side of the admin portal's shell: who is signed in, with which role.
import type { AdminContext } from '~/platform/guards.server'
import { getAdminProfile } from '~/platform/provider-api.server'
import type { AdminUser } from '~/platform/provider-types'
import { updateAdmin } from '~/platform/session.server'

/**
 * The signed-in admin's profile: the stored admin user, or — when none is stored (SPEC.md §4) —
 * GET v1/admin/profile/, stored for the next requests (in `ctx.headers`). A failed fetch gives
 * null; the screens still work with the role from the sign-in.
 *
 * `verify` asks the provider even when a user is stored. The portal layout does this on every
 * navigation so that a deactivated (or re-roled) admin's session ends at their next request, on
 * every screen: the provider refuses the token, and the client's 401 rule signs them out.
 */
export async function loadPortalAdmin(
  ctx: AdminContext,
  { verify = false }: { verify?: boolean } = {},
): Promise<AdminUser | null> {
  const stored = ctx.admin.user
  if (stored && !verify) return stored
  const result = await getAdminProfile(ctx.api)
  if (!result.ok || !result.content) return stored ?? null
  if (stored && JSON.stringify(stored) === JSON.stringify(result.content)) return stored
  updateAdmin(ctx.session, { user: result.content })
  await ctx.commit()
  return result.content
}
