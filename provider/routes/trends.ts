// Extension (docs/provider-api.md "Health trends"): a patient's entries over any range up to ten
// years in one call (GET v1/auth/entries/ stops at 366 days), starting at their first entry when no
// `from` is given. (Dev mode's POST __dev/seed-history/ lives in provider/dev/routes.ts.)
import type { ProviderContext } from '../context.js'
import { serve, type ApiRouter, type EndpointRequest } from '../endpoint-router.js'
import { firstEntryDate, listAllEntries, trendReadingsJson } from '../store/entries.js'
import { API } from '../../common/contract/endpoints'
import { TRENDS_RANGE_MAX_DAYS as MAX_TRENDS_DAYS } from '../../common/contract/entries-values'

const DAY_MS = 24 * 60 * 60 * 1000

export function mountTrendsRoutes(router: ApiRouter, ctx: ProviderContext): void {
  router.serve([
    serve(API.trends.get, (input) => trends(ctx, input)),
    serve(API.trends.readings, (input) => readings(ctx, input)),
  ])
}

function isoMinusDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) - days * DAY_MS).toISOString().slice(0, 10)
}

/** The range both calls answer, and the patient's first entry. */
async function rangeOf(ctx: ProviderContext, accountId: number, query: { to: string; from?: string | null }) {
  const { to: end, from: asked } = query
  const first = await firstEntryDate(ctx.db, accountId, end)
  const earliest = isoMinusDays(end, MAX_TRENDS_DAYS - 1)
  // Without `from`: from the first entry (at most ten years back), or just `to` when there is none.
  const from = asked ?? (first === null ? end : first < earliest ? earliest : first)
  return { from, to: end, first_date: first }
}

async function trends(ctx: ProviderContext, { caller, query }: EndpointRequest<typeof API.trends.get>) {
  const range = await rangeOf(ctx, caller.account.id, query)
  return {
    message: 'Trends loaded.',
    content: { ...range, ...(await listAllEntries(ctx.db, caller.account.id, range.from, range.to)) },
  }
}

/**
 * The same range as what the charts draw, compact (docs/provider-api.md), sent as the database
 * wrote it (store/entries.ts trendReadingsJson).
 */
async function readings(
  ctx: ProviderContext,
  { caller, query }: EndpointRequest<typeof API.trends.readings>,
) {
  // With a start (every range but "All"), the first entry comes with the readings, in one statement.
  const range = query.from
    ? { from: query.from, to: query.to }
    : await rangeOf(ctx, caller.account.id, query).then(({ from, to, first_date }) => ({ from, to, firstDate: first_date }))
  return { message: 'Trends loaded.', contentJson: await trendReadingsJson(ctx.db, caller.account.id, range) }
}
