import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderScreen } from '~/components/placeholder-screen'
import { PatientsListSkeleton } from '~/components/skeletons/patients-list-skeleton'
import { requireAdmin } from '~/lib/guards.server'
import { pageTitle } from '~/lib/meta'
import { ADMIN_ROLES } from '~/lib/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Patients', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, { roles: ADMIN_ROLES })
  return null
}

export default function AdminPatients() {
  return (
    <PlaceholderScreen
      title="Patients"
      description="The directory of your clinic's patients."
      upcoming={[
        'Every patient with their onboarding and surgery status',
        'Search by name or e-mail, and filters by status',
        'A link from each patient to their details',
      ]}
      preview={<PatientsListSkeleton still />}
    />
  )
}
