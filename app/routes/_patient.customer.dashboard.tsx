import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { parseISO } from 'date-fns'
import { DashboardScreen } from '~/features/dashboard/dashboard-screen'
import { dashboardSummary } from '~/features/dashboard/dashboard'
import { loadSyncLine } from '~/features/devices/devices.server'
import { requireOnboardedCustomer } from '~/platform/guards.server'
import { healthMetrics } from '~/features/health-log/health-metrics'
import { loadHealthLog } from '~/features/health-log/log-entries.server'
import { pageTitle } from '~/platform/meta'
import { loadPatientProfile } from '~/features/shell/patient-app.server'
import { preferredUnits } from '~/features/profile/payloads'

export const meta: MetaFunction = ({ matches }) => pageTitle('Dashboard', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireOnboardedCustomer(request)
  // The health log (docs/provider-api.md, extension) is read alongside the profile.
  // So is the sync line (connected devices, extension).
  const [result, health, syncLine] = await Promise.all([loadPatientProfile(ctx), loadHealthLog(ctx), loadSyncLine(ctx)])
  const { headers } = ctx
  if (!result.ok) {
    return data({ summary: null, hasSeenTour: true, error: result.failure.message, health: null, syncLine }, { headers })
  }
  const metrics = health.log
    ? healthMetrics({ profile: result.profile, entries: health.log, latest: health.log.latest, today: health.today })
    : null
  const loggedKg = metrics?.current?.source === 'logged' ? metrics.current.kg : null
  return data(
    {
      summary: dashboardSummary(result.profile, parseISO(health.today), loggedKg),
      hasSeenTour: result.profile.profile?.has_seen_tour === true,
      error: null,
      health: { metrics, today: health.today, error: health.error, unit: preferredUnits(result.profile).weight },
      syncLine,
    },
    { headers },
  )
}

export default function Dashboard() {
  const { summary, hasSeenTour, error, health, syncLine } = useLoaderData<typeof loader>()
  return (
    <DashboardScreen summary={summary} hasSeenTour={hasSeenTour} error={error} health={health} syncLine={syncLine} />
  )
}
