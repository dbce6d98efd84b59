import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDashboardScreen } from '~/components/admin-dashboard/dashboard-screen'
import { loadAdminDashboard } from '~/lib/admin-dashboard.server'
import { pageTitle } from '~/lib/meta'
import { requireAdmin } from '~/lib/guards.server'
import { ADMIN_ROLES } from '~/lib/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Admin Dashboard', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadAdminDashboard(await requireAdmin(request, { roles: ADMIN_ROLES }))

export default function AdminDashboard() {
  const { dashboard, error } = useLoaderData<typeof loader>()
  return <AdminDashboardScreen dashboard={dashboard} error={error} />
}
