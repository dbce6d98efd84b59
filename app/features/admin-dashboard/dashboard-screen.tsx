import { Link } from '@remix-run/react'
import { BellRing, HeartPulse, Moon, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { TierBadge } from '~/features/admin-patients/alert-badge'
import { PageHeader } from '~/components/ui/page-header'
import { funnelSteps, percentOrDash, shownCohorts, type CohortRow } from './admin-dashboard'
import type { AdminDashboard } from './admin-dashboard.server'
import { DEFAULT_QUERY, patientsHref, TIER_MEANINGS, type AlertTier } from '~/features/admin-patients/admin-patients'
import { LoadFailed } from '~/components/ui/load-failed'

function Stat({
  label,
  value,
  hint,
  icon,
  href,
  testId,
}: {
  label: string
  value: number
  hint: string
  icon: ReactNode
  href?: string
  testId: string
}) {
  return (
    <div className="grid gap-2 rounded-lg border border-border bg-card p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <h2 className="font-medium">{label}</h2>
        {icon}
      </div>
      <p className="text-3xl font-semibold tabular-nums">{value}</p>
      <p className="text-sm text-muted-foreground">
        {hint}
        {href ? (
          <>
            {' '}
            <Link to={href} className="font-medium text-primary underline-offset-4 hover:underline">
              View<span className="sr-only"> {label.toLowerCase()}</span>
            </Link>
          </>
        ) : null}
      </p>
    </div>
  )
}

function Funnel({ funnel }: { funnel: AdminDashboard['funnel'] }) {
  return (
    <section
      aria-labelledby="funnel-heading"
      className="grid gap-4 rounded-lg border border-border bg-card p-5"
      data-testid="funnel"
    >
      <h2 id="funnel-heading" className="text-lg font-semibold">
        Onboarding funnel
      </h2>
      <ol className="grid gap-3">
        {funnelSteps(funnel).map((step) => (
          <li key={step.label} className="grid gap-1">
            <div className="flex justify-between gap-2 text-sm">
              <span>{step.label}</span>
              <span className="tabular-nums">
                <span className="font-medium">{step.count}</span>
                <span className="text-muted-foreground"> ({step.percentOfStart}%)</span>
              </span>
            </div>
            <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
              <div className="h-full rounded-full bg-primary" style={{ width: `${step.percentOfStart}%` }} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}

function AlertsByTier({ byTier }: { byTier: AdminDashboard['open_alerts_by_tier'] }) {
  const tiers: AlertTier[] = [1, 2, 3]
  return (
    <section
      aria-labelledby="alerts-heading"
      className="grid content-start gap-4 rounded-lg border border-border bg-card p-5"
      data-testid="alerts-by-tier"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="alerts-heading" className="text-lg font-semibold">
          Open alerts by tier
        </h2>
        <BellRing className="h-4 w-4 text-muted-foreground" aria-hidden />
      </div>
      <ul className="grid gap-2">
        {tiers.map((tier) => (
          <li key={tier} className="flex items-center justify-between gap-3 text-sm">
            <span className="flex items-center gap-2">
              <TierBadge tier={tier} />
              <span className="text-muted-foreground">{TIER_MEANINGS[tier]}</span>
            </span>
            <Link
              to={patientsHref(DEFAULT_QUERY, { alert: `tier${tier}` })}
              className="font-medium tabular-nums text-primary underline-offset-4 hover:underline"
            >
              {byTier[String(tier) as '1' | '2' | '3']}
              <span className="sr-only"> open tier {tier} alerts: view patients</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">
        Tier 1: weight regain above the nadir threshold. Tier 2: no data for 7+ days. Tier 3: protein below
        target on most of the last 7 days.
      </p>
    </section>
  )
}

function CohortTable({
  id,
  title,
  firstColumn,
  rows,
}: {
  id: string
  title: string
  firstColumn: string
  rows: CohortRow[]
}) {
  const shown = shownCohorts(rows)
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid content-start gap-3 rounded-lg border border-border bg-card p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">No patients have had surgery yet.</p>
      ) : (
        // Focusable, so a keyboard can scroll it when a narrow screen makes it scroll.
        <div
          className="overflow-x-auto rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a keyboard-scrollable region (axe: scrollable-region-focusable)
          tabIndex={0}
          role="region"
          aria-labelledby={`${id}-heading`}
        >
          <table className="w-full text-sm" data-testid={id}>
            <caption className="sr-only">
              {title}: patients after surgery, mean total and excess weight loss
            </caption>
            <thead className="text-muted-foreground">
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3 text-left font-medium">
                  {firstColumn}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Patients
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Mean %TWL
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-medium">
                  Mean %EWL
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.cohort} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    {row.cohort}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{row.patients}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{percentOrDash(row.mean_twl_percent)}</td>
                  <td className="py-2 pl-3 text-right tabular-nums">{percentOrDash(row.mean_ewl_percent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

export function AdminDashboardScreen({
  dashboard,
  error,
}: {
  dashboard: AdminDashboard | null
  error: string | null
}) {
  return (
    <div className="grid grid-cols-1 gap-6 [&>*]:min-w-0">
      <PageHeader
        title="Dashboard"
        description="Your programme at a glance: who is active, who needs attention, and how cohorts are doing."
      />
      {!dashboard ? (
        <LoadFailed title="The dashboard could not be loaded" message={error} retryHref="/admin/dashboard" />
      ) : (
        <>
          {/* Not three abreast at md, where the sidebar leaves about 500 px. */}
          <div className="grid gap-4 sm:grid-cols-3 md:grid-cols-1 lg:grid-cols-3">
            <Stat
              testId="stat-active"
              label="Active patients"
              value={dashboard.patients.active}
              hint={`Onboarded and logged in the last ${dashboard.active_within_days} days, of ${dashboard.patients.onboarded} onboarded.`}
              icon={<HeartPulse className="h-4 w-4" aria-hidden />}
            />
            <Stat
              testId="stat-quiet"
              label="No data for 7+ days"
              value={dashboard.patients.no_recent_data}
              hint={`Onboarded patients with nothing logged for ${dashboard.no_data_days} days or more.`}
              icon={<Moon className="h-4 w-4" aria-hidden />}
              href={patientsHref(DEFAULT_QUERY, { alert: 'tier2' })}
            />
            <Stat
              testId="stat-total"
              label="All patients"
              value={dashboard.patients.total}
              hint="Every patient account, onboarded or not."
              icon={<Users className="h-4 w-4" aria-hidden />}
              href={patientsHref(DEFAULT_QUERY)}
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Funnel funnel={dashboard.funnel} />
            <AlertsByTier byTier={dashboard.open_alerts_by_tier} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <CohortTable
              id="cohort-months"
              title="Outcomes by months since surgery"
              firstColumn="Months since surgery"
              rows={dashboard.cohorts.by_months_since_surgery}
            />
            <CohortTable
              id="cohort-procedure"
              title="Outcomes by procedure"
              firstColumn="Procedure"
              rows={dashboard.cohorts.by_procedure}
            />
          </div>
        </>
      )}
    </div>
  )
}
