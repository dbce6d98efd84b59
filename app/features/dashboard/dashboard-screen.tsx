// The patient's dashboard (/customer/dashboard): the health overview, the surgery countdown, the
// quick actions, the device and profile cards and the guided tour; or, when the profile could not be
// read, the error with a way to try again. The route's loader supplies everything.
import { Link } from '@remix-run/react'
import {
  ArrowRight,
  ClipboardList,
  Stethoscope,
  TrendingUp,
  UserRound,
  Watch,
  type LucideIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { HealthOverview } from './health-overview'
import { SyncLineText } from './sync-line'
import { TimeZoneSync } from '~/features/health-log/time-zone-sync'
import { PageHeader } from '~/components/ui/page-header'
import { DashboardTour } from './dashboard-tour'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { buttonVariants } from '~/components/ui/button'
import { cn } from '~/platform/cn'
import { pluralDays, type DashboardSummary } from './dashboard'
import type { SyncLine } from '~/features/devices/devices'
import type { HealthMetrics } from '~/features/health-log/health-metrics'
import { TOASTS } from '~/platform/messages'
import { TOUR_TARGETS } from './tour'
import type { WeightUnit } from '~/platform/units'

export type DashboardScreenProps = {
  summary: DashboardSummary | null
  hasSeenTour: boolean
  error: string | null
  health: (HealthView & { today: string }) | null
  syncLine: SyncLine
}

export function DashboardScreen({ summary, hasSeenTour, error, health, syncLine }: DashboardScreenProps) {
  if (!summary || !health) {
    return (
      <div className="grid gap-6">
        <PageHeader title="Dashboard" />
        <Alert variant="destructive">
          <AlertTitle>{TOASTS.profileLoadFailed.title}</AlertTitle>
          <AlertDescription>
            <p>{error}</p>
            <Link to="." reloadDocument className="mt-2 inline-block font-medium underline underline-offset-4">
              Try again
            </Link>
          </AlertDescription>
        </Alert>
      </div>
    )
  }
  return (
    <>
      <TimeZoneSync serverToday={health.today} />
      <DashboardContent summary={summary} health={health} syncLine={syncLine} />
      <DashboardTour profileHasSeenTour={hasSeenTour} />
    </>
  )
}

const PROFILE_TAB = {
  personal: '/customer/profile?tab=personal',
  medical: '/customer/profile?tab=medical',
  connected: '/customer/profile?tab=connected',
} as const

type HealthView = { metrics: HealthMetrics | null; error: string | null; unit: WeightUnit }

function DashboardContent({
  summary,
  health,
  syncLine,
}: {
  summary: DashboardSummary
  health: HealthView
  syncLine: SyncLine
}) {
  return (
    <div className="grid gap-8">
      <PageHeader
        title={summary.firstName ? `Hello, ${summary.firstName}` : 'Hello'}
        description="Your dashboard: a summary of what your profile and your health log tell us so far."
      />
      <HealthOverview
        metrics={health.metrics}
        unit={health.unit}
        summary={summary}
        loadError={health.error}
        tourTarget={TOUR_TARGETS.overview}
      />
      <section aria-labelledby="summary-heading" className="grid gap-3">
        <h2 id="summary-heading" className="sr-only">
          Your summary
        </h2>
        {/* Weight and BMI live in the weight card above: each figure is shown once. Two columns
            where there is room: not at md, where the sidebar leaves about 500 px. */}
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start md:grid-cols-1 lg:grid-cols-2">
          <SurgeryCard surgery={summary.surgery} />
          <DeviceCard device={summary.device} syncLine={syncLine} />
        </div>
      </section>
      <section aria-labelledby="next-heading" className="grid gap-3">
        <h2 id="next-heading" className="text-lg font-semibold">
          Keep going
        </h2>
        <div className="grid gap-4 lg:grid-cols-3">
          <ActionCard
            tour={TOUR_TARGETS.logData}
            to="/customer/log-data"
            icon={ClipboardList}
            title="Log Data"
            text="Record your weekly weight, your sleep and your meals."
          />
          <ActionCard
            tour={TOUR_TARGETS.healthTrends}
            to="/customer/health-trends"
            icon={TrendingUp}
            title="Health Trends"
            text="See how your weight, sleep and meals change over time."
          />
          <ActionCard
            tour={TOUR_TARGETS.devices}
            to="/customer/connect-devices"
            icon={Watch}
            title="Connect Devices"
            text="Link your wearable so your data syncs on its own."
          />
        </div>
      </section>
      <ProfileCard summary={summary} />
    </div>
  )
}

function SummaryCard({
  icon: Icon,
  title,
  testId,
  children,
}: {
  icon: LucideIcon
  title: string
  testId: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Icon className="h-4 w-4 text-primary" aria-hidden />
        <h3 id={`${testId}-title`}>{title}</h3>
      </div>
      {children}
    </section>
  )
}

function Missing({ children, to, action }: { children: ReactNode; to: string; action: string }) {
  return (
    <p className="text-sm text-muted-foreground">
      {children}{' '}
      <Link to={to} className="font-medium text-primary underline-offset-4 hover:underline">
        {action}
      </Link>
    </p>
  )
}

function Figure({ value, label, testId }: { value: string; label: string; testId?: string }) {
  return (
    <div>
      <p className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </p>
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  )
}

function SurgeryCard({ surgery }: { surgery: DashboardSummary['surgery'] }) {
  return (
    <SummaryCard icon={Stethoscope} title="Surgery" testId="surgery-summary">
      {surgery.status === null ? (
        <Missing to={PROFILE_TAB.medical} action="Add it in your profile.">
          No surgery information yet.
        </Missing>
      ) : (
        <>
          <p className="font-medium">{surgery.statusLabel}</p>
          {surgery.status === 'yes' ? (
            <>
              {surgery.daysSince !== null ? (
                <Figure value={pluralDays(surgery.daysSince)} label="since your surgery" testId="surgery-days" />
              ) : surgery.daysUntil !== null ? (
                <Figure value={pluralDays(surgery.daysUntil)} label="until your surgery" testId="surgery-days" />
              ) : null}
              <dl className="grid gap-1 text-sm">
                <DetailRow label="Type" value={surgery.type} />
                <DetailRow label="Date" value={surgery.date} />
                {surgery.hospital ? <DetailRow label="Hospital" value={surgery.hospital} /> : null}
              </dl>
              {surgery.type === null || surgery.date === null ? (
                <Missing to={PROFILE_TAB.medical} action="Complete your surgery details.">
                  Some details are missing.
                </Missing>
              ) : null}
            </>
          ) : surgery.status === 'plan' ? (
            <Missing to={PROFILE_TAB.medical} action="Update your profile.">
              After your surgery, add its details here.
            </Missing>
          ) : null}
        </>
      )}
    </SummaryCard>
  )
}

function DetailRow({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('text-right font-medium', value === null && 'font-normal text-muted-foreground')}>
        {value ?? 'Not recorded'}
      </dd>
    </div>
  )
}

function DeviceCard({ device, syncLine }: { device: DashboardSummary['device']; syncLine: SyncLine }) {
  return (
    <SummaryCard icon={Watch} title="Device" testId="device-summary">
      {device.kind === 'missing' ? (
        <Missing to={PROFILE_TAB.connected} action="Add it in your profile.">
          No device information yet.
        </Missing>
      ) : (
        <>
          <p className="font-medium" data-testid="device-name">
            {device.kind === 'has-device' ? (device.wearableType ?? 'Your wearable') : 'You asked us for a device'}
          </p>
          {device.os ? <p className="text-sm text-muted-foreground">Phone: {device.os}</p> : null}
        </>
      )}
      <SyncLineText line={syncLine} />
    </SummaryCard>
  )
}

function ActionCard({
  tour,
  to,
  icon: Icon,
  title,
  text,
}: {
  tour: string
  to: string
  icon: LucideIcon
  title: string
  text: string
}) {
  return (
    <Link
      to={to}
      data-tour={tour}
      className="group flex flex-col gap-3 rounded-lg border border-border bg-card p-5 text-card-foreground shadow-sm transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex h-10 w-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <span className="flex items-center gap-1 font-semibold">
        {title}
        <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
      </span>
      <span className="text-sm text-muted-foreground">{text}</span>
    </Link>
  )
}

function ProfileCard({ summary }: { summary: DashboardSummary }) {
  return (
    <section
      aria-labelledby="profile-card-title"
      data-tour={TOUR_TARGETS.profile}
      className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-border bg-card p-5 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <UserRound className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <h2 id="profile-card-title" className="font-semibold">
            Your profile
          </h2>
          <p className="text-sm text-muted-foreground">
            {summary.fullName ?? 'Your details'} · weights in {summary.weights.unit}
            {summary.height ? `, height in ${summary.height.unit}` : ''}
          </p>
        </div>
      </div>
      <Link to="/customer/profile" className={buttonVariants({ variant: 'outline' })}>
        View and edit your profile
      </Link>
    </section>
  )
}
