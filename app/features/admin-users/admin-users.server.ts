// Server side of /admin/users (Super Admin only): the admins and the audit log from the provider
// (docs/provider-api.md "Admins", "Audit events"; extensions), and the screen's form actions.
import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from '@remix-run/node'
import { API } from '~/../common/contract/endpoints'
import { FULL_NAME_MAX_LENGTH } from '~/../common/contract/profile-values'
import { inviteSchema, type InviteValues } from './invite-schema'
import {
  parseAdminId,
  USERS_PATH,
  usersTab,
  type AdminListItem,
} from './admin-users'
import { auditQuery, readAuditFilters, type AuditPage } from './audit'
import { invalidForm, providerRefusal } from '~/platform/form-replies.server'
import type { AdminContext } from '~/platform/guards.server'
import type { ProviderClient } from '~/platform/provider-client.server'
import type { ProviderResult } from '~/platform/provider-errors'
import { ADMIN_ROLES, type AdminRole } from '~/platform/roles'
import { redirectWithToast } from '~/platform/toast.server'
import { readForm } from '~/platform/form-data.server'

// ---- Provider calls -------------------------------------------------------------------------

export async function listAdmins(api: ProviderClient): Promise<ProviderResult<AdminListItem[]>> {
  return api.call(API.adminUsers.list)
}

export async function inviteAdmin(api: ProviderClient, invite: InviteValues) {
  return api.call(API.adminUsers.invite, { body: invite })
}

export async function changeRole(api: ProviderClient, id: number, role: AdminRole) {
  return api.call(API.adminUsers.role, { params: { id }, body: { role } })
}

export async function setActive(api: ProviderClient, id: number, active: boolean) {
  return api.call(active ? API.adminUsers.reactivate : API.adminUsers.deactivate, { params: { id } })
}

export async function resetMfa(api: ProviderClient, id: number) {
  return api.call(API.adminUsers.mfaReset, { params: { id } })
}

export async function listAuditEvents(
  api: ProviderClient,
  query: Record<string, string | undefined>,
): Promise<ProviderResult<AuditPage>> {
  return api.call(API.adminUsers.auditEvents, { query })
}

// ---- Loader ---------------------------------------------------------------------------------

// A 403 from any of these calls (a role changed since sign-in) is the client's /not-authorized rule.
export async function loadUsers({ request, admin, api, headers }: AdminContext) {
  const params = new URL(request.url).searchParams
  const me = admin.user?.id === undefined ? null : Number(admin.user.id)
  const base = { me, myEmail: admin.user?.email ?? null }

  if (usersTab(params) === 'audit') {
    const filters = readAuditFilters(params)
    const result = await listAuditEvents(api, auditQuery(filters))
    return data(
      {
        ...base,
        tab: 'audit' as const,
        filters,
        audit: result.ok ? result.content : null,
        admins: null,
        confirmDeactivate: null,
        confirmMfaReset: null,
        loadError: result.ok ? null : result.message,
      },
      { headers },
    )
  }

  const result = await listAdmins(api)
  const confirmId = parseAdminId(params.get('confirmDeactivate'))
  const confirmResetId = parseAdminId(params.get('confirmMfaReset'))
  const admins = result.ok ? result.content : null
  return data(
    {
      ...base,
      tab: 'admins' as const,
      filters: null,
      audit: null,
      admins,
      // Only someone who can be deactivated: never oneself, never twice.
      confirmDeactivate:
        admins?.find((a) => a.id === confirmId && a.id !== me && a.status !== 'deactivated') ?? null,
      // Only someone else who has a second factor.
      confirmMfaReset: admins?.find((a) => a.id === confirmResetId && a.id !== me && a.mfa_enabled) ?? null,
      loadError: result.ok ? null : result.message,
    },
    { headers },
  )
}

// ---- Action ---------------------------------------------------------------------------------

function nameOf(formData: FormData): string {
  const name = String(formData.get('name') ?? '')
    .trim()
    .slice(0, FULL_NAME_MAX_LENGTH)
  return name || 'The admin'
}

export async function usersAction({ request, api, headers }: AdminContext) {
  const formData = await readForm(request)
  const intent = formData.get('intent')

  if (intent === 'invite' || intent === 'resend') {
    const submission = parseWithZod(formData, { schema: inviteSchema })
    if (submission.status !== 'success') return invalidForm(submission, { headers })
    const result = await inviteAdmin(api, submission.value)
    if (!result.ok) {
      if (intent === 'resend') {
        return redirectWithToast(
          USERS_PATH,
          { title: result.message, type: 'destructive' },
          { headers },
        )
      }
      return providerRefusal(submission, result, {
        fieldNames: { email: 'email', full_name: 'full_name', role: 'role' },
        headers,
      })
    }
    return redirectWithToast(
      USERS_PATH,
      {
        title: result.status === 201 ? 'Invitation sent' : 'Invitation sent again',
        description: `${submission.value.email.trim().toLowerCase()} will get a link to create their password.`,
      },
      { headers },
    )
  }

  const id = parseAdminId(formData.get('id'))
  if (id === null) throw redirect(USERS_PATH, { headers })
  const name = nameOf(formData)
  let result: ProviderResult<unknown>
  let done: { title: string; description: string }
  if (intent === 'role') {
    const role = ADMIN_ROLES.find((known) => known === formData.get('role'))
    if (role === undefined) throw redirect(USERS_PATH, { headers })
    result = await changeRole(api, id, role)
    done = {
      title: 'Role updated',
      description: `${name} is now a ${String(role)}. They were signed out and will sign in again with the new role.`,
    }
  } else if (intent === 'deactivate' || intent === 'reactivate') {
    result = await setActive(api, id, intent === 'reactivate')
    done =
      intent === 'deactivate'
        ? { title: 'Admin deactivated', description: `${name} was signed out and can no longer sign in.` }
        : { title: 'Admin reactivated', description: `${name} can sign in again.` }
  } else if (intent === 'mfa_reset') {
    result = await resetMfa(api, id)
    done = {
      title: 'Two-factor authentication reset',
      description: `${name} was signed out and will set up two-factor authentication again.`,
    }
  } else {
    throw redirect(USERS_PATH, { headers })
  }
  if (!result.ok) {
    return redirectWithToast(
      USERS_PATH,
      { title: result.message, type: 'destructive' },
      { headers },
    )
  }
  return redirectWithToast(USERS_PATH, done, { headers })
}
