// Extension (docs/provider-api.md "Health trends"): a patient's entries over any range up to ten
// years in one call (GET v1/auth/entries/ stops at 366 days), starting at their first entry when no
// `from` is given. (Dev mode's POST __dev/seed-history/ lives in provider/dev/routes.ts.)
import type { ProviderContext } from '../context.js'
import type { RouterWithItems } from '../entries-router.js'
import { firstEntryDate, listAllEntries } from '../store/entries.js'
import type { RequestInput } from '../http.js'
import { authenticate } from '../sessions.js'
import { FieldReader } from '../validation.js'
import { trendEntriesSchema } from '../../common/contract/entries'
import { TRENDS_RANGE_MAX_DAYS as MAX_TRENDS_DAYS } from '../../common/contract/entries-values'

const DAY_MS = 24 * 60 * 60 * 1000

export function mountTrendsRoutes(router: RouterWithItems, ctx: ProviderContext): void {
  router.add([{ method: 'GET', path: 'v1/auth/trends/', answer: trendEntriesSchema, handler: (req) => trends(ctx, req) }])
}

function isoMinusDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) - days * DAY_MS).toISOString().slice(0, 10)
}

async function trends(ctx: ProviderContext, req: RequestInput) {
  const account = await authenticate(ctx, req.headers.authorization, 'customer')
  const f = new FieldReader(Object.fromEntries(req.query))
  const to = f.date('to', { label: 'To date', required: 'To date is required' })
  const asked = f.date('from', { label: 'From date' })
  if (to && asked) {
    if (to < asked) f.fail('to', 'To date must be on or after the from date')
    else if ((Date.parse(to) - Date.parse(asked)) / DAY_MS + 1 > MAX_TRENDS_DAYS) {
      f.fail('to', `A range can cover at most ${MAX_TRENDS_DAYS} days`)
    }
  }
  f.done()
  const end = to!
  const first = await firstEntryDate(ctx.db, account.id, end)
  const earliest = isoMinusDays(end, MAX_TRENDS_DAYS - 1)
  // Without `from`: from the first entry (at most ten years back), or just `to` when there is none.
  const from = asked ?? (first === null ? end : first < earliest ? earliest : first)
  return {
    message: 'Trends loaded.',
    content: { from, to: end, first_date: first, ...(await listAllEntries(ctx.db, account.id, from, end)) },
  }
}
