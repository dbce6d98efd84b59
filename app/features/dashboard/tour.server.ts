import type { CustomerContext } from '~/platform/guards.server'
import { completeTour as postTourCompleted } from '~/platform/provider-api.server'

/**
 * POST v1/auth/tour-completed/. SPEC.md §8: a failure is only logged — the browser already
 * remembers the tour as seen, so the patient is never bothered with it. A resource route's action
 * answers with a Response of its own: single fetch only serialises data for route modules.
 */
export async function completeTour({ api, headers }: CustomerContext) {
  const result = await postTourCompleted(api)
  if (!result.ok) console.warn(`tour-completed: provider answered ${result.status} (${result.kind})`)
  return Response.json({ ok: result.ok }, { headers })
}
