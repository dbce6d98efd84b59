import { CircleAlert, CircleCheck, Unplug } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  EMPTY_VALUE,
  formatDate,
  formatDateTime,
  formatDaysAgo,
  formatPercent,
  formatWeight,
  ONBOARDING_LABELS,
} from './admin-patients'
import type { PatientDetail, PatientDevice } from './admin-patients.server'
import { cn } from '~/platform/cn'
import { remindersSummary } from '~/features/reminders/reminders'
import type { WeightUnit } from '~/platform/units'
import { Section } from '~/components/ui/titled-section'
import { formatPhone } from '~/platform/formats'
import { useClinicTimeZone } from '~/platform/use-clinic-time-zone'

const GENDERS: Record<string, string> = { M: 'Male', F: 'Female', O: 'Other', N: 'Prefer not to say' }

function Facts({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={cn('grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2', className)}>{children}</dl>
}

function Fact({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  )
}

export function PatientHeader({ detail, children }: { detail: PatientDetail; children?: ReactNode }) {
  const { patient } = detail
  const who = [
    patient.age !== null ? `${patient.age} years` : null,
    patient.gender ? (GENDERS[patient.gender] ?? patient.gender) : null,
    [patient.city, patient.state].filter(Boolean).join(', ') || null,
  ].filter(Boolean)
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {patient.full_name || patient.email}
        </h1>
        <p className="text-muted-foreground">
          {who.join(' · ')}
          {who.length ? ' · ' : ''}
          {ONBOARDING_LABELS[patient.onboarding]}
        </p>
        <p className="break-words text-sm text-muted-foreground [overflow-wrap:anywhere]">
          <a href={`mailto:${patient.email}`} className="underline-offset-4 hover:underline">
            {patient.email}
          </a>
          {patient.phone_number ? ` · ${formatPhone(patient.phone_number)}` : ''}
          {patient.date_of_birth ? ` · Born ${formatDate(patient.date_of_birth)}` : ''}
        </p>
      </div>
      {children}
    </div>
  )
}

const SURGERY_STATUS: Record<string, string> = {
  yes: 'Had surgery',
  plan: 'Planning surgery',
  no: 'No surgery planned',
}

export function ClinicalSummary({ detail, unit }: { detail: PatientDetail; unit: WeightUnit }) {
  const { surgery, measures } = detail
  return (
    <Section
      id="summary"
      title="Clinical summary"
      description="Weights are computed from the patient's own log."
    >
      <Facts>
        <Fact label="Procedure" hint={surgery.hospital_name ?? undefined}>
          {surgery.surgery_type ??
            (surgery.bariatric_status ? SURGERY_STATUS[surgery.bariatric_status] : 'Not recorded')}
        </Fact>
        <Fact
          label="Surgery date"
          hint={surgery.days_post_op !== null ? `${surgery.days_post_op} days post-op` : undefined}
        >
          {formatDate(surgery.surgery_date)}
        </Fact>
        <Fact
          label="Baseline weight"
          hint={
            measures.baseline_source === 'pre_surgery'
              ? 'Pre-surgery weight'
              : measures.baseline_source
                ? 'Starting weight'
                : undefined
          }
        >
          {formatWeight(measures.baseline_kg, unit)}
        </Fact>
        <Fact label="Ideal body weight" hint="BMI 25 at the patient's height">
          {formatWeight(measures.ideal_kg, unit)}
        </Fact>
        <Fact label="Goal weight">{formatWeight(measures.goal_kg, unit)}</Fact>
        <Fact
          label="Latest weight"
          hint={measures.current_day ? `Logged ${formatDate(measures.current_day)}` : undefined}
        >
          {formatWeight(measures.current_kg, unit)}
        </Fact>
        <Fact
          label="Lowest weight (nadir)"
          hint={measures.nadir_day ? `Logged ${formatDate(measures.nadir_day)}` : undefined}
        >
          {formatWeight(measures.nadir_kg, unit)}
        </Fact>
        <Fact label="BMI">{measures.bmi === null ? EMPTY_VALUE : measures.bmi.toFixed(1)}</Fact>
        <Fact label="Total weight loss (%TWL)">{formatPercent(measures.twl_percent)}</Fact>
        <Fact label="Excess weight loss (%EWL)">{formatPercent(measures.ewl_percent)}</Fact>
        <Fact
          label="Next follow-up"
          hint={detail.next_milestone ? formatDate(detail.next_milestone.date) : undefined}
        >
          {detail.next_milestone
            ? `${detail.next_milestone.label}, ${detail.next_milestone.days_until === 0 ? 'today' : `in ${detail.next_milestone.days_until} days`}`
            : EMPTY_VALUE}
        </Fact>
        <RemindersFact reminders={detail.reminders} />
        <Fact label="Conditions" hint={detail.allergies ? `Allergies: ${detail.allergies}` : undefined}>
          {detail.conditions.length ? detail.conditions.join(', ') : 'None recorded'}
        </Fact>
      </Facts>
    </Section>
  )
}

/** Read only; only the patient can turn reminders on or off. */
function RemindersFact({ reminders }: { reminders: PatientDetail['reminders'] }) {
  const summary = reminders && remindersSummary(reminders)
  return (
    <Fact label="Reminders" hint={summary ? `By e-mail at ${summary.when}` : undefined}>
      <span data-testid="patient-reminders">{reminders === null ? EMPTY_VALUE : (summary?.kinds ?? 'None on')}</span>
    </Fact>
  )
}

function Meter({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-primary"
        style={{ width: `${max > 0 ? Math.min(100, (value / max) * 100) : 0}%` }}
      />
    </div>
  )
}

export function Adherence({ detail, unit }: { detail: PatientDetail; unit: WeightUnit }) {
  const { adherence, regain } = detail
  return (
    <Section
      id="adherence"
      title="Adherence and weight regain"
      description={`The last ${adherence.window_days} days.`}
    >
      <div className="grid gap-2">
        <p className="text-sm">
          <span className="font-medium tabular-nums">
            {adherence.days_with_data} of {adherence.window_days} days
          </span>{' '}
          with data · last data {formatDaysAgo(detail.days_since_last_data).toLowerCase()}
        </p>
        <Meter label="Days with data" value={adherence.days_with_data} max={adherence.window_days} />
      </div>
      <div className="grid gap-2">
        <p className="text-sm">
          Protein target ({adherence.protein_target_g} g) hit on{' '}
          <span className="font-medium tabular-nums">
            {adherence.protein_hit_rate === null
              ? 'no logged days'
              : `${adherence.protein_hit_rate}% of logged days (${adherence.protein_days_on_target} of ${adherence.protein_days_logged})`}
          </span>
        </p>
        <Meter label="Protein target hit rate" value={adherence.protein_hit_rate ?? 0} max={100} />
      </div>
      {regain === null ? (
        <p className="text-sm text-muted-foreground">Weight regain: no weights logged yet.</p>
      ) : regain.flagged ? (
        <p
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
          data-testid="regain-flag"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-destructive" aria-hidden />
          <span>
            <strong>Weight regain:</strong> {formatWeight(regain.kg, unit)} ({regain.percent.toFixed(1)}%)
            above the lowest logged weight, over the {regain.threshold_percent}% threshold.
          </span>
        </p>
      ) : (
        <p className="flex items-start gap-2 text-sm" data-testid="regain-flag">
          <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden />
          <span>
            No weight regain flag:{' '}
            {regain.kg > 0 ? `${formatWeight(regain.kg, unit)} (${regain.percent.toFixed(1)}%)` : 'nothing'}{' '}
            above the lowest logged weight (threshold {regain.threshold_percent}%).
          </span>
        </p>
      )}
    </Section>
  )
}

const STATUS_TEXT: Record<PatientDevice['status'], string> = {
  connected: 'Connected',
  needs_attention: 'Needs attention',
  not_connected: 'Not connected',
}

export function Devices({ detail }: { detail: PatientDetail }) {
  const zone = useClinicTimeZone()
  const linked = detail.devices.filter((device) => device.status !== 'not_connected')
  return (
    <Section
      id="devices"
      title="Connected devices"
      description={`Last sync: ${formatDateTime(detail.last_sync_at, zone)}`}
    >
      {linked.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Unplug className="h-4 w-4" aria-hidden />
          No devices connected
        </p>
      ) : (
        <ul className="grid gap-3">
          {linked.map((device) => (
            <li key={device.service} className="grid gap-1 rounded-md border border-border p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{device.service_name}</span>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-medium',
                    device.status === 'connected'
                      ? 'bg-success/15 text-foreground'
                      : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
                  )}
                >
                  {STATUS_TEXT[device.status]}
                </span>
              </div>
              <p className="text-muted-foreground">Last synced {formatDateTime(device.last_synced_at, zone)}</p>
              {device.last_error ? (
                <p className="text-destructive dark:text-red-300">{device.last_error}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
