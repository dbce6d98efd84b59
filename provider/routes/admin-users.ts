// Extension (docs/provider-api.md, "Extensions"): admins (list, invite, change role,
// deactivate, reactivate), the audit log, and the reports' cohort summary and CSV exports.
import { ADMIN_ROLES } from '../../common/contract/auth-values'
import type { AdminRole } from '../store/accounts.js'
import { requireAdminRole, SUPER_ADMIN_ONLY } from '../admin-users-access.js'
import { resetSecondFactor } from '../admin-mfa.js'
import { inviteAdmin } from '../admin-users-invite.js'
import {
  deactivate,
  findAdmin,
  listAdmins,
  reactivate,
  setRole,
} from '../store/admins.js'
import { AUDIT_ACTIONS, auditedChange, listAuditEvents, type AuditAction } from '../store/audit.js'
import { AUDIT_ACTOR_MAX_LENGTH, AUDIT_PAGE_SIZE } from '../../common/contract/audit-values'
import { PAGE_NUMBER_MAX as MAX_PAGE } from '../../common/contract/paging-values'
import { FULL_NAME_MAX_LENGTH, FULL_NAME_REQUIRED } from '../../common/contract/profile-values'
import type { ProviderContext } from '../context.js'
import type { ItemRoute, RouterWithItems } from '../entries-router.js'
import { ApiError } from '../errors.js'
import { jsonObjectBody, type RequestInput, type Route } from '../http.js'
import { FieldReader } from '../validation.js'
import { exportRoutes } from '../exports-routes.js'
import { adminListItemSchema, adminListSchema, auditPageSchema } from '../../common/contract/admins'

export const ROLES: readonly AdminRole[] = ADMIN_ROLES
export const ADMIN_NOT_FOUND = 'Admin not found.'
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role.'
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account.'
export const LAST_SUPER_ADMIN = 'There must always be at least one active Super Admin.'
export const ADMIN_IS_DEACTIVATED = 'This admin is deactivated. Reactivate them first.'

const ROLE_PATH = /^v1\/admin\/admins\/(\d{1,15})\/role\/$/
const DEACTIVATE_PATH = /^v1\/admin\/admins\/(\d{1,15})\/deactivate\/$/
const REACTIVATE_PATH = /^v1\/admin\/admins\/(\d{1,15})\/reactivate\/$/
const MFA_RESET_PATH = /^v1\/admin\/admins\/(\d{1,15})\/mfa\/reset\/$/
export const CANNOT_RESET_OWN_MFA = 'You cannot reset your own two-factor authentication.'

export function mountAdminUsersRoutes(router: RouterWithItems, ctx: ProviderContext): void {
  router.add([...adminRoutes(ctx), auditRoute(ctx), ...exportRoutes(ctx)])
  router.addItems(adminItemRoutes(ctx))
}

function adminRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'GET',
      path: 'v1/admin/admins/',
      answer: adminListSchema,
      handler: async (req) => {
        await requireAdminRole(ctx, req, SUPER_ADMIN_ONLY)
        return { message: 'Admins loaded.', content: await listAdmins(ctx.db) }
      },
    },
    {
      method: 'POST',
      path: 'v1/admin/admins/invite/',
      answer: adminListItemSchema,
      handler: async (req) => {
        const actor = await requireAdminRole(ctx, req, SUPER_ADMIN_ONLY)
        const f = new FieldReader(jsonObjectBody(req))
        const full_name = f.text('full_name', { label: 'Full name', required: FULL_NAME_REQUIRED, max: FULL_NAME_MAX_LENGTH })
        const email = f.email()
        const role = f.choice('role', ROLES, { label: 'Role', required: 'Role is required' })
        f.done()
        // Audited in the invitation's own transaction (provider/admin-users-invite.ts).
        const { account, outcome } = await inviteAdmin(ctx, actor, { email, full_name, role: role! })
        return {
          status: outcome === 'invited' ? 201 : 200,
          message: outcome === 'invited' ? 'Invitation sent.' : 'Invitation sent again.',
          content: await findAdmin(ctx.db, account.id),
        }
      },
    },
  ]
}

/** The admin named by the path; the caller may never act on themself. */
async function targetAdmin(ctx: ProviderContext, req: RequestInput, pattern: RegExp, selfMessage: string) {
  const actor = await requireAdminRole(ctx, req, SUPER_ADMIN_ONLY)
  const id = Number(pattern.exec(req.path)?.[1])
  const target = await findAdmin(ctx.db, id)
  if (!target) throw new ApiError(404, ADMIN_NOT_FOUND)
  if (target.id === actor.id) throw new ApiError(409, selfMessage)
  return { actor, target }
}

function adminItemRoutes(ctx: ProviderContext): ItemRoute[] {
  return [
    {
      method: 'PUT',
      pattern: ROLE_PATH,
      answer: adminListItemSchema,
      handler: async (req) => {
        const { actor, target } = await targetAdmin(ctx, req, ROLE_PATH, CANNOT_CHANGE_OWN_ROLE)
        const f = new FieldReader(jsonObjectBody(req))
        const role = f.choice('role', ROLES, { label: 'Role', required: 'Role is required' })
        f.done()
        if (target.status === 'deactivated') throw new ApiError(409, ADMIN_IS_DEACTIVATED)
        if (role === target.role) return { message: 'Role unchanged.', content: target }
        // Checked and changed in one transaction (provider/store/admins.ts), so two Super
        // Admins demoting each other at once cannot leave none; its audit row is in it too.
        const changed = await auditedChange(
          ctx.db,
          (tx) => setRole(tx, target.id, role!),
          (done) => (done ? { actor, action: 'role_change', targetAccountId: target.id, details: { from: target.role, to: role } } : null),
        )
        if (!changed) throw new ApiError(409, LAST_SUPER_ADMIN)
        return { message: 'Role updated.', content: await findAdmin(ctx.db, target.id) }
      },
    },
    {
      method: 'POST',
      pattern: DEACTIVATE_PATH,
      answer: adminListItemSchema,
      handler: async (req) => {
        const { actor, target } = await targetAdmin(ctx, req, DEACTIVATE_PATH, CANNOT_DEACTIVATE_SELF)
        // Asking twice (a double submit) is not an error; it is recorded once.
        if (target.status === 'deactivated') return { message: 'Admin deactivated.', content: target }
        const changed = await auditedChange(
          ctx.db,
          (tx) => deactivate(tx, target.id),
          (done) => (done ? { actor, action: 'admin_deactivate', targetAccountId: target.id } : null),
        )
        if (!changed) throw new ApiError(409, LAST_SUPER_ADMIN)
        return { message: 'Admin deactivated.', content: await findAdmin(ctx.db, target.id) }
      },
    },
    {
      method: 'POST',
      pattern: REACTIVATE_PATH,
      answer: adminListItemSchema,
      handler: async (req) => {
        const { actor, target } = await targetAdmin(ctx, req, REACTIVATE_PATH, CANNOT_DEACTIVATE_SELF)
        if (target.status !== 'deactivated') return { message: 'Admin reactivated.', content: target }
        await auditedChange(
          ctx.db,
          (tx) => reactivate(tx, target.id),
          () => ({ actor, action: 'admin_reactivate', targetAccountId: target.id }),
        )
        return { message: 'Admin reactivated.', content: await findAdmin(ctx.db, target.id) }
      },
    },
    {
      // The admin lost their authenticator; they sign in again and enroll anew.
      method: 'POST',
      pattern: MFA_RESET_PATH,
      answer: adminListItemSchema,
      handler: async (req) => {
        const { actor, target } = await targetAdmin(ctx, req, MFA_RESET_PATH, CANNOT_RESET_OWN_MFA)
        await resetSecondFactor(ctx, actor, target)
        return { message: 'Two-factor authentication reset.', content: await findAdmin(ctx.db, target.id) }
      },
    },
  ]
}


function auditRoute(ctx: ProviderContext): Route {
  return {
    method: 'GET',
    path: 'v1/admin/audit-events/',
    answer: auditPageSchema,
    handler: async (req) => {
      await requireAdminRole(ctx, req, SUPER_ADMIN_ONLY)
      const f = new FieldReader(Object.fromEntries(req.query))
      const action = f.choice('action', AUDIT_ACTIONS, { label: 'Action' }) as AuditAction | null
      const actor = f.text('actor', { label: 'Actor', max: AUDIT_ACTOR_MAX_LENGTH })
      const from = f.date('from', { label: 'From date' })
      const to = f.date('to', { label: 'To date' })
      if (from && to && to < from) f.fail('to', 'To date must be on or after the from date')
      const target = f.text('target_account_id', { label: 'Target account', max: 15 })
      if (target && !/^\d+$/.test(target)) f.fail('target_account_id', 'Target account must be an id')
      const pageText = f.text('page', { label: 'Page', max: 10 })
      f.done()
      // A page past the end is simply empty; nonsense pages read as the first.
      const page = Math.min(Math.max(Number.parseInt(pageText, 10) || 1, 1), MAX_PAGE)
      const { events, total } = await listAuditEvents(
        ctx.db,
        { action, actor, from, to, targetAccountId: target ? Number(target) : null },
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
  }
}



