// Admin accounts and the audit log (docs/provider-api.md "Admins, audit log, reports and exports —
// extension"): the list, an invitation, a role change, and a page of audit events. Server
// code only (zod).
import { z } from 'zod'
import { ADMIN_STATUSES } from './admins-values'
import { ADMIN_ROLES } from './auth-values'
import { FULL_NAME_MAX_LENGTH, FULL_NAME_REQUIRED, FULL_NAME_TOO_LONG } from './profile-values'

/** POST v1/admin/admins/invite/ */
export const inviteBodySchema = z.object({
  email: z.string(),
  full_name: z.string().trim().min(1, FULL_NAME_REQUIRED).max(FULL_NAME_MAX_LENGTH, FULL_NAME_TOO_LONG),
  role: z.enum(ADMIN_ROLES),
})
export type InviteBody = z.input<typeof inviteBodySchema>

/** PUT v1/admin/admins/{id}/role/ */
export const roleBodySchema = z.object({ role: z.enum(ADMIN_ROLES) })

export const adminListItemSchema = z.object({
  id: z.number(),
  email: z.string(),
  full_name: z.string().catch(''),
  role: z.enum(ADMIN_ROLES).nullable().catch(null),
  status: z.enum(ADMIN_STATUSES),
  created_at: z.string().catch(''),
  invited_at: z.string().nullable().catch(null),
  invited_by_email: z.string().nullable().catch(null),
  deactivated_at: z.string().nullable().catch(null),
  last_sign_in_at: z.string().nullable().catch(null),
  /** The admin has a confirmed second factor. */
  mfa_enabled: z.boolean().catch(false),
})
export type AdminListItem = z.output<typeof adminListItemSchema>

/** GET v1/admin/admins/ */
export const adminListSchema = z.array(adminListItemSchema)

export const auditEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  actor_account_id: z.number().nullable().catch(null),
  actor_email: z.string(),
  // A string rather than AUDIT_ACTIONS: an action a newer API writes still lists, unlabelled.
  action: z.string(),
  target_account_id: z.number().nullable().catch(null),
  target_email: z.string().nullable().catch(null),
  details: z.record(z.unknown()).catch({}),
})
export type AuditEvent = z.output<typeof auditEventSchema>

/** GET v1/admin/audit-events/ */
export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  page: z.number(),
  page_size: z.number(),
  total: z.number(),
  pages: z.number(),
})
export type AuditPage = z.output<typeof auditPageSchema>
