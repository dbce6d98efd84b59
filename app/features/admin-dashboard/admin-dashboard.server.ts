// Server side of /admin/dashboard: GET v1/admin/dashboard/ (docs/provider-api.md "Extensions"),
// checked before use; a provider failure is a message on the page, not an error screen.
import { data } from '@remix-run/node'
import { z } from 'zod'
import type { AdminContext } from '~/platform/guards.server'
import { faultResult } from '~/platform/provider-errors'

const cohortRow = z.object({
  cohort: z.string(),
  patients: z.number(),
  mean_twl_percent: z.number().nullable().catch(null),
  mean_ewl_percent: z.number().nullable().catch(null),
})

const dashboardSchema = z.object({
  today: z.string(),
  patients: z.object({
    total: z.number(),
    onboarded: z.number(),
    active: z.number(),
    no_recent_data: z.number(),
  }),
  funnel: z.object({ signed_up: z.number(), verified: z.number(), onboarded: z.number() }),
  open_alerts_by_tier: z.object({ '1': z.number(), '2': z.number(), '3': z.number() }),
  cohorts: z.object({ by_procedure: z.array(cohortRow), by_months_since_surgery: z.array(cohortRow) }),
  active_within_days: z.number().catch(30),
  no_data_days: z.number().catch(7),
})
export type AdminDashboard = z.output<typeof dashboardSchema>

export async function loadAdminDashboard({ api, headers }: AdminContext) {
  const result = await api.call('GET', 'v1/admin/dashboard/')
  if (!result.ok) return data({ dashboard: null, error: result.message }, { headers })
  const parsed = dashboardSchema.safeParse(result.content)
  return data(
    parsed.success
      ? { dashboard: parsed.data, error: null }
      : { dashboard: null, error: faultResult('bad-response').message },
    { headers },
  )
}
