// Server side of /customer/health-trends and its CSV: the trends call (docs/provider-api.md
// "Health trends", an extension), checked before use, and the two loaders. A page makes two provider
// calls in parallel: the profile (goal, height, baseline, surgery date, unit, targets) and the range's
// readings (GET v1/auth/trends/readings/: only what the charts draw, docs/decisions/220-trends-server-time.md);
// the CSV asks for the range's full entries.
import { data } from '@remix-run/node'
import type { CustomerContext } from '~/platform/guards.server'
import { API } from '~/../common/contract/endpoints'
import type { TrendEntries, TrendReadings } from '~/../common/contract/entries'
import { patientToday } from '~/platform/patient-clock.server'
import { getProfile } from '~/platform/provider-api.server'
import type { ProviderClient } from '~/platform/provider-client.server'
import type { ProviderResult } from '~/platform/provider-errors'
import { redirectWithToast } from '~/platform/toast.server'
import {
  buildTrends,
  parseTrendRange,
  TRENDS_CSV_PATH,
  TRENDS_PATH,
  trendsFacts,
  trendsHref,
  trendWindow,
  type TrendRange,
} from './trends'
import { csvFilename, entriesCsv } from './trends-csv'
import { toWire, type WireTrendsModel } from './trends-wire'

/**
 * GET v1/auth/trends/?from&to: every entry in the range; without `from`, since the first entry.
 * Checked before the charts rely on it, by hand rather than a zod walk (trendEntriesSchema;
 * docs/decisions/050-trends-provider-calls.md).
 */
export function getTrendEntries(
  api: ProviderClient,
  window: { from: string | null; to: string },
): Promise<ProviderResult<TrendEntries>> {
  return api.call(API.trends.get, { query: { from: window.from, to: window.to } })
}

/** GET v1/auth/trends/readings/?from&to: the same range as above, only the fields the charts read. */
export function getTrendReadings(
  api: ProviderClient,
  window: { from: string | null; to: string },
): Promise<ProviderResult<TrendReadings>> {
  return api.call(API.trends.readings, { query: { from: window.from, to: window.to } })
}

export type TrendsPage = {
  range: TrendRange
  today: string
  /** The model with its tables packed for the page (trends-wire.ts); the route unpacks it. */
  model: WireTrendsModel | null
  csvHref: string
  error: string | null
}

export async function loadTrends({ request, api, headers }: CustomerContext) {
  const range = parseTrendRange(new URL(request.url).searchParams.get('range'))
  const today = patientToday(request)
  const window = trendWindow(range, today)
  const [profile, readings] = await Promise.all([getProfile(api), getTrendReadings(api, window)])
  // A provider with the full trends call but not the compact one: the full one draws the same charts.
  const entries: ProviderResult<TrendReadings | TrendEntries> =
    !readings.ok && readings.kind === 'not-offered' ? await getTrendEntries(api, window) : readings
  const csvHref = `${TRENDS_CSV_PATH}?range=${range}`
  const failure = !entries.ok ? entries : !profile.ok ? profile : null
  const page: TrendsPage =
    failure || !entries.ok || !profile.ok
      ? { range, today, model: null, csvHref, error: failure?.message ?? null }
      : {
          range,
          today,
          csvHref,
          error: null,
          model: toWire(
            buildTrends({
              entries: entries.content,
              facts: trendsFacts(profile.content),
              range,
              today,
              firstEntryDate: entries.content.first_date,
            }),
          ),
        }
  return data(page, { headers })
}

/** The CSV of the range's entries; a provider failure goes back to the page with its message. */
export async function loadTrendsCsv(ctx: CustomerContext) {
  const { request, api } = ctx
  const range = parseTrendRange(new URL(request.url).searchParams.get('range'))
  const today = patientToday(request)
  const entries = await getTrendEntries(api, trendWindow(range, today))
  if (!entries.ok) {
    return redirectWithToast(
      trendsHref(TRENDS_PATH, range),
      { title: entries.message, type: 'destructive' },
      { headers: ctx.headers },
    )
  }
  const headers = new Headers(ctx.headers)
  headers.set('Content-Type', 'text/csv; charset=utf-8')
  headers.set(
    'Content-Disposition',
    `attachment; filename="${csvFilename(entries.content.from, entries.content.to)}"`,
  )
  headers.set('Cache-Control', 'private, no-store')
  return new Response(entriesCsv(entries.content), { status: 200, headers })
}
