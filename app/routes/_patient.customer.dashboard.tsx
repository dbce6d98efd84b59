import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DashboardScreen } from '~/features/dashboard/dashboard-screen'
import { loadDashboard } from '~/features/dashboard/dashboard.server'
import { requireOnboardedCustomer } from '~/platform/guards.server'
import { pageTitle } from '~/features/shell/screen-kit'

export const meta: MetaFunction = ({ matches }) => pageTitle('Dashboard', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireOnboardedCustomer(request)
  // After the provider calls: a refreshed token's cookie is in ctx.headers by then.
  const page = await loadDashboard(ctx)
  return data(page, { headers: ctx.headers })
}

export default function Dashboard() {
  const { summary, hasSeenTour, error, health, syncLine } = useLoaderData<typeof loader>()
  return (
    <DashboardScreen summary={summary} hasSeenTour={hasSeenTour} error={error} health={health} syncLine={syncLine} />
  )
}
