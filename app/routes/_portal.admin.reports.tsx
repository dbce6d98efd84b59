import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ReportsScreen } from '~/features/reports/reports-screen'
import { loadReports } from '~/features/reports/admin-reports.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { requireAdmin } from '~/platform/guards.server'
import { ADMIN_ROLES } from '~/platform/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Reports', matches)

// Both admin roles; what each may export is checked by the export route and by the provider.
export const loader = async ({ request }: LoaderFunctionArgs) => loadReports(await requireAdmin(request, { roles: ADMIN_ROLES }))

export default function AdminReports() {
  return <ReportsScreen view={useLoaderData<typeof loader>()} />
}
