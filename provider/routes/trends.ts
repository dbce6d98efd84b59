// Extension (docs/provider-api.md "Health trends", P11): a patient's entries over any range up to ten
// years in one call (GET v1/auth/entries/ stops at 366 days), starting at their first entry when no
// `from` is given. Dev mode adds POST __dev/seed-history/ (a plausible daily history, for tests and
// demos).
import { findAccountByEmail } from '../accounts.js'
import type { ProviderContext } from '../context.js'
import type { RouterWithItems } from '../entries-router.js'
import { listAllEntries } from '../entries-store.js'
import { ApiError } from '../errors.js'
import { jsonObjectBody, type RequestInput } from '../http.js'
import { authenticate } from '../sessions.js'
import { MAX_HISTORY_DAYS, seedHistory } from '../trends-history.js'
import { firstEntryDate } from '../trends-store.js'
import { FieldReader } from '../validation.js'

/** Ten years: "all" for anyone the product has followed so far, and still one bounded answer. */
export const MAX_TRENDS_DAYS = 3660
const DAY_MS = 24 * 60 * 60 * 1000

export function mountTrendsRoutes(router: RouterWithItems, ctx: ProviderContext): void {
  router.add([
    { method: 'GET', path: 'v1/auth/trends/', handler: (req) => trends(ctx, req) },
    ...(ctx.devMode
      ? [
          {
            method: 'POST' as const,
            path: '__dev/seed-history/',
            handler: (req: RequestInput) => seed(ctx, req),
          },
        ]
      : []),
  ])
}

function isoMinusDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) - days * DAY_MS).toISOString().slice(0, 10)
}

function trends(ctx: ProviderContext, req: RequestInput) {
  const account = authenticate(ctx, req.headers.authorization, 'customer')
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
  const first = firstEntryDate(ctx.db, account.id, end)
  const earliest = isoMinusDays(end, MAX_TRENDS_DAYS - 1)
  // Without `from`: from the first entry (at most ten years back), or just `to` when there is none.
  const from = asked ?? (first === null ? end : first < earliest ? earliest : first)
  return {
    message: 'Trends loaded.',
    content: { from, to: end, first_date: first, ...listAllEntries(ctx.db, account.id, from, end) },
  }
}

function localToday(): string {
  const now = new Date()
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

function seed(ctx: ProviderContext, req: RequestInput) {
  const f = new FieldReader(jsonObjectBody(req))
  const email = f.email()
  const days = f.number('days', {
    label: 'Days',
    required: 'Days is required',
    min: 1,
    max: MAX_HISTORY_DAYS,
    unit: 'days',
  })
  const startKg = f.number('start_kg', { label: 'Start weight', min: 20, max: 500, unit: 'kg' })
  const today = f.date('today', { label: 'Today' }) ?? localToday()
  f.done()
  const account = findAccountByEmail(ctx.db, email)
  if (!account || account.portal !== 'customer') throw new ApiError(404, 'No customer with this email.')
  const written = seedHistory(ctx.db, account.id, { days: days!, today, startKg: startKg ?? undefined })
  return {
    message: 'History seeded.',
    content: { email, from: written.from, to: today, entries: written.entries },
  }
}
