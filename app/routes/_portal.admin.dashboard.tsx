import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDashboardScreen } from '~/features/admin-dashboard/dashboard-screen'
import { loadAdminDashboard } from '~/features/admin-dashboard/admin-dashboard.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { requireAdmin } from '~/platform/guards.server'
import { ADMIN_ROLES } from '~/platform/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Admin Dashboard', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadAdminDashboard(await requireAdmin(request, { roles: ADMIN_ROLES }))

export default function AdminDashboard() {
  const { dashboard, error } = useLoaderData<typeof loader>()
  return <AdminDashboardScreen dashboard={dashboard} error={error} />
}
