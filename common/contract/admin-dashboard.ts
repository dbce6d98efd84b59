// GET v1/admin/dashboard/ (docs/provider-api.md "Admin dashboard, …") and the cohort rows it shares
// with the reports' summary. Server code only (zod).
import { z } from 'zod'

/** One cohort of `cohortSummary()`: a procedure or a months-since-surgery bracket. */
export const cohortRowSchema = z.object({
  cohort: z.string(),
  patients: z.number(),
  mean_twl_percent: z.number().nullable().catch(null),
  mean_ewl_percent: z.number().nullable().catch(null),
})
export type CohortRow = z.output<typeof cohortRowSchema>

export const dashboardSchema = z.object({
  today: z.string(),
  patients: z.object({
    total: z.number(),
    onboarded: z.number(),
    active: z.number(),
    no_recent_data: z.number(),
  }),
  funnel: z.object({ signed_up: z.number(), verified: z.number(), onboarded: z.number() }),
  open_alerts_by_tier: z.object({ '1': z.number(), '2': z.number(), '3': z.number() }),
  cohorts: z.object({
    by_procedure: z.array(cohortRowSchema),
    by_months_since_surgery: z.array(cohortRowSchema),
  }),
  active_within_days: z.number().catch(30),
  no_data_days: z.number().catch(7),
})
export type AdminDashboard = z.output<typeof dashboardSchema>
