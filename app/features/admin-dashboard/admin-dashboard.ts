// The admin dashboard's figures as shown: the onboarding funnel's step-to-step rates and cohort
// rows. Pure: the loader checks the provider's answer, the components format it.
export type CohortRow = {
  cohort: string
  patients: number
  mean_twl_percent: number | null
  mean_ewl_percent: number | null
}

export type FunnelStep = {
  label: string
  count: number
  /** of the first step, 0–100 */ percentOfStart: number
}

/** Signed up → verified → onboarded, each as a share of sign-ups (0 when nobody signed up). */
export function funnelSteps(funnel: {
  signed_up: number
  verified: number
  onboarded: number
}): FunnelStep[] {
  const start = funnel.signed_up
  const share = (count: number) => (start > 0 ? Math.round((count / start) * 100) : 0)
  return [
    { label: 'Signed up', count: funnel.signed_up, percentOfStart: share(funnel.signed_up) },
    { label: 'Verified e-mail', count: funnel.verified, percentOfStart: share(funnel.verified) },
    { label: 'Onboarded', count: funnel.onboarded, percentOfStart: share(funnel.onboarded) },
  ]
}

/** Cohorts worth a row: empty ones are left out, unless every one is empty (then the table says so). */
export function shownCohorts(rows: readonly CohortRow[]): CohortRow[] {
  return rows.filter((row) => row.patients > 0)
}

export function percentOrDash(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)}%`
}
