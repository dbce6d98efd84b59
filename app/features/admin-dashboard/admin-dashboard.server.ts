// Server side of /admin/dashboard: GET v1/admin/dashboard/ (docs/provider-api.md "Extensions"),
// checked before use; a provider failure is a message on the page, not an error screen.
import { data } from '@remix-run/node'
import { API } from '~/../common/contract/endpoints'
import type { AdminContext } from '~/platform/guards.server'

export type { AdminDashboard } from '~/../common/contract/admin-dashboard'

export async function loadAdminDashboard({ api, headers }: AdminContext) {
  const result = await api.call(API.adminPatients.dashboard)
  return data(
    result.ok ? { dashboard: result.content, error: null } : { dashboard: null, error: result.message },
    { headers },
  )
}
