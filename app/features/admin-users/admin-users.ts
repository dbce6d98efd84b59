// /admin/users (Super Admin only): the admins, the invitation form and the texts of the screen.
// Pure, shared by the route's server code and its components. Provider contract: docs/provider-api.md
// "Admins" (an extension).
import { z } from 'zod'
import { EMAIL_INVALID, isValidEmail } from '~/../common/email'
import type { AdminListItem } from '~/../common/contract/admins'
import type { AdminStatus } from '~/../common/contract/admins-values'
import { ADMIN_ROLES, type AdminRole } from '~/platform/roles'

export const USERS_PATH = '/admin/users'

export type { AdminListItem, AdminStatus }

export const STATUS_LABELS: Record<AdminStatus, string> = {
  active: 'Active',
  invited: 'Invitation pending',
  deactivated: 'Deactivated',
}

export const INVITE_FORM_ID = 'invite-admin'

export const inviteSchema = z.object({
  full_name: z
    .string({ required_error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be at most 100 characters'),
  // One message at a time: an empty field is required, not also invalid.
  email: z
    .string({ required_error: 'Email is required' })
    .trim()
    .superRefine((email, ctx) => {
      if (email === '') ctx.addIssue({ code: 'custom', message: 'Email is required' })
      else if (!isValidEmail(email)) ctx.addIssue({ code: 'custom', message: EMAIL_INVALID })
    }),
  role: z.enum(ADMIN_ROLES, {
    errorMap: (issue) => ({
      message: issue.code === 'invalid_type' ? 'Role is required' : 'Choose Standard Admin or Super Admin',
    }),
  }),
})
export type InviteValues = z.infer<typeof inviteSchema>

export const ROLE_DESCRIPTIONS: Record<AdminRole, string> = {
  'Standard Admin': 'Patients, reports and de-identified exports.',
  'Super Admin': 'Everything, plus users, identified exports and the audit log.',
}

/** Where the confirmation of a deactivation is shown: a URL, so it works without JavaScript. */
export function confirmDeactivateHref(id: number): string {
  return `${USERS_PATH}?${new URLSearchParams({ confirmDeactivate: String(id) })}`
}

/** P15: the confirmation step before a Super Admin resets another admin's second factor. */
export function confirmMfaResetHref(id: number): string {
  return `${USERS_PATH}?${new URLSearchParams({ confirmMfaReset: String(id) })}`
}

export function parseAdminId(value: unknown): number | null {
  const text = typeof value === 'string' ? value : ''
  return /^\d{1,15}$/.test(text) ? Number(text) : null
}

export const USERS_TABS = ['admins', 'audit'] as const
export type UsersTab = (typeof USERS_TABS)[number]

export function usersTab(params: URLSearchParams): UsersTab {
  return params.get('tab') === 'audit' ? 'audit' : 'admins'
}
