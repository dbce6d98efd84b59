// Admin accounts and the audit log (docs/provider-api.md "Admins, audit log, reports and exports —
// extension"): the list, an invitation, a role change, and a page of audit events. Server
// code only (zod).
import { z } from 'zod'
import { ADMIN_STATUSES } from './admins-values'
import { ADMIN_ROLES } from './auth-values'
import { AUDIT_ACTIONS, AUDIT_ACTOR_MAX_LENGTH } from './audit-values'
import { FULL_NAME_MAX_LENGTH, FULL_NAME_REQUIRED } from './profile-values'
import { choiceField, dateField, emailField, fields, pageNumberField, textField } from './request-fields'

const roleField = choiceField(ADMIN_ROLES, { label: 'Role', required: 'Role is required' })

/** POST v1/admin/admins/invite/ */
export const inviteBodySchema = fields({
  full_name: textField({ label: 'Full name', required: FULL_NAME_REQUIRED, max: FULL_NAME_MAX_LENGTH }),
  email: emailField,
  role: roleField,
})
export type InviteBody = z.input<typeof inviteBodySchema>

/** PUT v1/admin/admins/{id}/role/ */
export const roleBodySchema = fields({ role: roleField })

/** GET v1/admin/audit-events/: every filter optional; a page past the end is simply empty. */
export const auditQuerySchema = fields({
  action: choiceField(AUDIT_ACTIONS, { label: 'Action' }),
  actor: textField({ label: 'Actor', max: AUDIT_ACTOR_MAX_LENGTH }),
  from: dateField({ label: 'From date' }),
  to: dateField({ label: 'To date' }),
  target_account_id: textField({
    label: 'Target account',
    max: 15,
    then: { message: 'Target account must be an id', read: (text) => (/^\d+$/.test(text) ? text : null) },
  }).transform((id) => (id ? Number(id) : null)),
  page: pageNumberField,
}).superRefine(({ from, to }, ctx) => {
  if (from && to && to < from) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['to'], message: 'To date must be on or after the from date' })
})

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
