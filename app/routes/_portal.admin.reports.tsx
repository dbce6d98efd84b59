import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderScreen } from '~/components/placeholder-screen'
import { ReportsSkeleton } from '~/components/skeletons/reports-skeleton'
import { requireAdmin } from '~/lib/guards.server'
import { pageTitle } from '~/lib/meta'
import { REPORTS } from '~/lib/messages'
import { ADMIN_ROLES } from '~/lib/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Reports', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, { roles: ADMIN_ROLES })
  return null
}

export default function AdminReports() {
  return (
    <PlaceholderScreen
      title={REPORTS.title}
      description={REPORTS.description}
      upcoming={[
        'Figures on enrolment, onboarding and logging across your patients',
        'Charts of outcomes over time',
        'Exports of the data for internal analysis',
      ]}
      preview={<ReportsSkeleton still />}
    />
  )
}
