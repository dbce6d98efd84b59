// Server side of /customer/dashboard: what the page shows, read from the provider in one call when
// it offers one (GET v1/auth/dashboard/, an extension), else from the three calls that answer the
// same (the profile, SPEC.md §7; the two days of the health log and the connected services, both
// extensions). Either way the same functions turn the answers into the page's data.
import { parseISO } from 'date-fns/parseISO'
import type { PatientDashboard } from '~/../common/contract/patient-dashboard'
import { API } from '~/../common/contract/endpoints'
import { syncLine, type SyncLine } from '~/features/devices/devices'
import { loadSyncLine } from '~/features/devices/devices.server'
import { healthMetrics } from '~/features/health-log/health-metrics'
import { loadHealthLog, type HealthLogSnapshot } from '~/features/health-log/log-entries.server'
import { preferredUnits } from '~/features/profile/payloads'
import { loadPatientProfile, type PatientProfileResult } from '~/features/shell/patient-app.server'
import type { CustomerContext } from '~/platform/guards.server'
import { patientTimeZone, patientToday } from '~/platform/patient-clock.server'
import type { ProviderClient } from '~/platform/provider-client.server'
import type { ProviderResult } from '~/platform/provider-errors'
import { dashboardSummary } from './dashboard'

export const DASHBOARD_CALL_PATH = API.dashboard.get.path

// A provider without the one call (SPEC.md §7 alone) is not asked again on every page view; it is
// asked again after a while, in case it has gained the call since.
const NOT_OFFERED_RETRY_MS = 10 * 60 * 1000
let notOfferedUntil = 0

/** Forgets that the provider lacked the one call; for tests. */
export function resetDashboardCallMemo(): void {
  notOfferedUntil = 0
}

/** GET v1/auth/dashboard/?today: the profile, the two days of the log and the devices at once. */
export async function getDashboard(api: ProviderClient, today: string): Promise<ProviderResult<PatientDashboard>> {
  return api.call(API.dashboard.get, { query: { today } })
}

type Parts = { profile: PatientProfileResult; health: HealthLogSnapshot; syncLine: SyncLine }

/** The three parts from the one call; null when the provider lacks it or it failed. */
async function fromOneCall(ctx: CustomerContext): Promise<Parts | null> {
  if (Date.now() < notOfferedUntil) return null
  const today = patientToday(ctx.request)
  const result = await getDashboard(ctx.api, today)
  if (!result.ok) {
    if (result.kind === 'not-offered') notOfferedUntil = Date.now() + NOT_OFFERED_RETRY_MS
    // Any other failure: the separate calls say which part failed, as they always have.
    return null
  }
  const { profile, entries, devices } = result.content
  return {
    profile: { ok: true, profile },
    health: { today, log: entries, error: null },
    syncLine: syncLine(devices, new Date(), patientTimeZone(ctx.request)),
  }
}

async function fromSeparateCalls(ctx: CustomerContext): Promise<Parts> {
  const [profile, health, line] = await Promise.all([loadPatientProfile(ctx), loadHealthLog(ctx), loadSyncLine(ctx)])
  return { profile, health, syncLine: line }
}

export async function loadDashboard(ctx: CustomerContext) {
  const { profile: result, health, syncLine: line } = (await fromOneCall(ctx)) ?? (await fromSeparateCalls(ctx))
  if (!result.ok) return { summary: null, hasSeenTour: true, error: result.failure.message, health: null, syncLine: line }
  const metrics = health.log
    ? healthMetrics({ profile: result.profile, entries: health.log, latest: health.log.latest, today: health.today })
    : null
  const loggedKg = metrics?.current?.source === 'logged' ? metrics.current.kg : null
  return {
    summary: dashboardSummary(result.profile, parseISO(health.today), loggedKg),
    hasSeenTour: result.profile.profile?.has_seen_tour === true,
    error: null,
    health: { metrics, today: health.today, error: health.error, unit: preferredUnits(result.profile).weight },
    syncLine: line,
  }
}
