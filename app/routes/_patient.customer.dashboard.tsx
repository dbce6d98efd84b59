import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { parseISO } from 'date-fns'
import { DashboardScreen } from '~/components/dashboard/dashboard-screen'
import { dashboardSummary } from '~/lib/dashboard'
import { loadSyncLine } from '~/lib/devices.server'
import { healthMetrics } from '~/lib/health-metrics'
import { loadHealthLog } from '~/lib/log-entries.server'
import { pageTitle } from '~/lib/meta'
import { loadPatientProfile } from '~/lib/patient-app.server'
import { preferredUnits } from '~/lib/profile-payloads'
import { combineHeaders } from '~/lib/toast.server'

export const meta: MetaFunction = ({ matches }) => pageTitle('Dashboard', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  // The health log (docs/provider-api.md, extension) is read alongside the profile.
  // So is the sync line (connected devices, extension).
  const [result, health, devices] = await Promise.all([
    loadPatientProfile(request),
    loadHealthLog(request),
    loadSyncLine(request),
  ])
  const headers = combineHeaders(combineHeaders(result.api.headers, health.headers), devices.headers)
  if (!result.ok) {
    return data(
      { summary: null, hasSeenTour: true, error: result.failure.message, health: null, syncLine: devices.line },
      { headers },
    )
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
      syncLine: devices.line,
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
