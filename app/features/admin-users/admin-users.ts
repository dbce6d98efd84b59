// /admin/users (Super Admin only): the admins, the invitation form and the texts of the screen.
// Pure, shared by the route's server code and its components. Provider contract: docs/provider-api.md
// "Admins" (an extension).
import type { AdminListItem } from '~/../common/contract/admins'
import type { AdminStatus } from '~/../common/contract/admins-values'
import type { AdminRole } from '~/platform/roles'

export const USERS_PATH = '/admin/users'

export type { AdminListItem, AdminStatus }

export const STATUS_LABELS: Record<AdminStatus, string> = {
  active: 'Active',
  invited: 'Invitation pending',
  deactivated: 'Deactivated',
}

export const INVITE_FORM_ID = 'invite-admin'


export const ROLE_DESCRIPTIONS: Record<AdminRole, string> = {
  'Standard Admin': 'Patients, reports and de-identified exports.',
  'Super Admin': 'Everything, plus users, identified exports and the audit log.',
}

/** Where the confirmation of a deactivation is shown: a URL, so it works without JavaScript. */
export function confirmDeactivateHref(id: number): string {
  return `${USERS_PATH}?${new URLSearchParams({ confirmDeactivate: String(id) })}`
}

/** The confirmation step before a Super Admin resets another admin's second factor. */
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
