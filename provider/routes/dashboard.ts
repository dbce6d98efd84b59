// Extension (docs/provider-api.md "The dashboard in one call"): everything the patient's dashboard
// shows in one answer — the profile, yesterday's and today's entries with the newest of each kind,
// and the connected services — for one authentication and one round trip instead of three. Each
// part is built by the code that answers its own endpoint, so the two ways cannot disagree.
import type { ProviderContext } from '../context.js'
import { addDays } from '../admin-patients-metrics.js'
import { serve, type ApiRouter } from '../endpoint-router.js'
import { latestEntries, listAllEntries } from '../store/entries.js'
import { profileContent } from '../store/profiles.js'
import { serviceList } from './devices.js'
import { API, type AnswerOf } from '../../common/contract/endpoints'

export function mountDashboardRoutes(router: ApiRouter, ctx: ProviderContext): void {
  router.serve([
    serve(API.dashboard.get, async ({ caller: { account }, query: { today } }) => {
      // One after the other: the embedded engine runs one statement at a time anyway.
      const profile = await profileContent(ctx.db, account)
      const entries = await listAllEntries(ctx.db, account.id, addDays(today, -1), today)
      const latest = await latestEntries(ctx.db, account.id, today)
      const devices = await serviceList(ctx, account.id)
      // The store answers `Entry` (any kind) where the schema names each list's kind; the request
      // handler checks the answer against the schema before it leaves.
      const content = { profile, entries: { from: addDays(today, -1), to: today, ...entries, latest }, devices }
      return { message: 'Dashboard loaded.', content: content as AnswerOf<typeof API.dashboard.get> }
    }),
  ])
}
