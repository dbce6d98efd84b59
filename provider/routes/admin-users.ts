// Extension (docs/provider-api.md, "Extensions"): admins (list, invite, change role,
// deactivate, reactivate), the audit log, and the reports' cohort summary and CSV exports.
import { ADMIN_ROLES } from '../../common/contract/auth-values'
import type { AdminRole } from '../store/accounts.js'
import { resetSecondFactor } from '../admin-mfa.js'
import { inviteAdmin } from '../admin-users-invite.js'
import { deactivate, findAdmin, listAdmins, reactivate, setRole } from '../store/admins.js'
import { auditedChange, listAuditEvents } from '../store/audit.js'
import { AUDIT_PAGE_SIZE } from '../../common/contract/audit-values'
import type { ProviderContext } from '../context.js'
import { serve, type ApiRouter, type Served } from '../endpoint-router.js'
import { ApiError } from '../errors.js'
import type { Account } from '../store/accounts.js'
import { exportRoutes } from '../exports-routes.js'
import { API } from '../../common/contract/endpoints'

export const ROLES: readonly AdminRole[] = ADMIN_ROLES
export const ADMIN_NOT_FOUND = 'Admin not found.'
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role.'
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account.'
export const LAST_SUPER_ADMIN = 'There must always be at least one active Super Admin.'
export const ADMIN_IS_DEACTIVATED = 'This admin is deactivated. Reactivate them first.'

export const CANNOT_RESET_OWN_MFA = 'You cannot reset your own two-factor authentication.'

export function mountAdminUsersRoutes(router: ApiRouter, ctx: ProviderContext): void {
  router.serve([...adminRoutes(ctx), auditRoute(ctx), ...adminItemRoutes(ctx), ...exportRoutes(ctx)])
}

function adminRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.adminUsers.list, async () => ({
      message: 'Admins loaded.',
      content: await listAdmins(ctx.db),
    })),
    serve(API.adminUsers.invite, async ({ caller: { account: actor }, body }) => {
      // Audited in the invitation's own transaction (provider/admin-users-invite.ts).
      const { account, outcome } = await inviteAdmin(ctx, actor, body)
      return {
        status: outcome === 'invited' ? 201 : 200,
        message: outcome === 'invited' ? 'Invitation sent.' : 'Invitation sent again.',
        content: await adminNow(ctx, account.id),
      }
    }),
  ]
}

/** An admin just found or written: admins are never deleted, so a missing one is a fault (500). */
async function adminNow(ctx: ProviderContext, id: number) {
  const admin = await findAdmin(ctx.db, id)
  if (!admin) throw new Error(`Admin ${id} vanished`)
  return admin
}

/** The admin named by the path; the caller may never act on themself. */
async function targetAdmin(ctx: ProviderContext, actor: Account, id: number, selfMessage: string) {
  const target = await findAdmin(ctx.db, id)
  if (!target) throw new ApiError(404, ADMIN_NOT_FOUND)
  if (target.id === actor.id) throw new ApiError(409, selfMessage)
  return target
}

function adminItemRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.adminUsers.role, async ({ caller: { account: actor }, params, body: { role } }) => {
      const target = await targetAdmin(ctx, actor, params.id, CANNOT_CHANGE_OWN_ROLE)
      if (target.status === 'deactivated') throw new ApiError(409, ADMIN_IS_DEACTIVATED)
      if (role === target.role) return { message: 'Role unchanged.', content: target }
      // Checked and changed in one transaction (provider/store/admins.ts), so two Super
      // Admins demoting each other at once cannot leave none; its audit row is in it too.
      const changed = await auditedChange(
        ctx.db,
        (tx) => setRole(tx, target.id, role),
        (done) =>
          done
            ? {
                actor,
                action: 'role_change',
                targetAccountId: target.id,
                details: { from: target.role, to: role },
              }
            : null,
      )
      if (!changed) throw new ApiError(409, LAST_SUPER_ADMIN)
      return { message: 'Role updated.', content: await adminNow(ctx, target.id) }
    }),
    serve(API.adminUsers.deactivate, async ({ caller: { account: actor }, params }) => {
      const target = await targetAdmin(ctx, actor, params.id, CANNOT_DEACTIVATE_SELF)
      // Asking twice (a double submit) is not an error; it is recorded once.
      if (target.status === 'deactivated') return { message: 'Admin deactivated.', content: target }
      const changed = await auditedChange(
        ctx.db,
        (tx) => deactivate(tx, target.id),
        (done) => (done ? { actor, action: 'admin_deactivate', targetAccountId: target.id } : null),
      )
      if (!changed) throw new ApiError(409, LAST_SUPER_ADMIN)
      return { message: 'Admin deactivated.', content: await adminNow(ctx, target.id) }
    }),
    serve(API.adminUsers.reactivate, async ({ caller: { account: actor }, params }) => {
      const target = await targetAdmin(ctx, actor, params.id, CANNOT_DEACTIVATE_SELF)
      if (target.status !== 'deactivated') return { message: 'Admin reactivated.', content: target }
      await auditedChange(
        ctx.db,
        (tx) => reactivate(tx, target.id),
        () => ({ actor, action: 'admin_reactivate', targetAccountId: target.id }),
      )
      return { message: 'Admin reactivated.', content: await adminNow(ctx, target.id) }
    }),
    // The admin lost their authenticator; they sign in again and enroll anew.
    serve(API.adminUsers.mfaReset, async ({ caller: { account: actor }, params }) => {
      const target = await targetAdmin(ctx, actor, params.id, CANNOT_RESET_OWN_MFA)
      await resetSecondFactor(ctx, actor, target)
      return { message: 'Two-factor authentication reset.', content: await adminNow(ctx, target.id) }
    }),
  ]
}

function auditRoute(ctx: ProviderContext): Served {
  return serve(
    API.adminUsers.auditEvents,
    async ({ query: { action, actor, from, to, target_account_id, page } }) => {
      const { events, total } = await listAuditEvents(
        ctx.db,
        { action, actor, from, to, targetAccountId: target_account_id },
        page,
      )
      return {
        message: 'Audit events loaded.',
        content: {
          events,
          page,
          page_size: AUDIT_PAGE_SIZE,
          total,
          pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
        },
      }
    },
  )
}
