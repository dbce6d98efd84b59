import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderScreen } from '~/components/placeholder-screen'
import { PageSkeleton } from '~/components/skeletons/page-skeleton'
import { requireAdmin } from '~/lib/guards.server'
import { pageTitle } from '~/lib/meta'
import { ADMIN_ROLES } from '~/lib/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Admin Dashboard', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, { roles: ADMIN_ROLES })
  return null
}

export default function AdminDashboard() {
  return (
    <PlaceholderScreen
      title="Dashboard"
      description="An overview of your clinic's patients."
      upcoming={[
        'How many patients are enrolled, onboarding or active this week',
        'Patients who may need attention, such as missed weekly logs',
        'Recent activity across your patients',
      ]}
      preview={<PageSkeleton label="dashboard" still />}
    />
  )
}
