import { Link } from '@remix-run/react'
import { ArrowLeft, CircleAlert } from 'lucide-react'
import { AuthToast } from '~/components/auth-toast'
import { TrendRangeLinks } from '~/components/trends/range-links'
import { TrendsCharts } from '~/components/trends/trends-charts'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { buttonVariants } from '~/components/ui/button'
import { PATIENTS_PATH, patientPath } from '~/lib/admin-patients'
import type { AcknowledgeAnswer, PatientPage } from '~/lib/admin-patients.server'
import { trendsHref } from '~/lib/trends-range'
import type { WeightUnit } from '~/lib/units'
import { PatientAlerts } from './patient-alerts'
import { Adherence, ClinicalSummary, Devices, PatientHeader } from './patient-sections'
import { Section } from './section'
import { UnitSwitch } from './unit-switch'

function BackLink() {
  return (
    <Link
      to={PATIENTS_PATH}
      className="inline-flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      All patients
    </Link>
  )
}

export function PatientLoadError({ message }: { message: string }) {
  return (
    <div className="grid gap-6">
      <BackLink />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Patient Details</h1>
      <Alert variant="destructive">
        <CircleAlert className="h-4 w-4" aria-hidden />
        <AlertTitle>This patient's record could not be loaded</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </Alert>
    </div>
  )
}

/** A patient id that is no patient (or none at all): said inside the portal, status 404. */
export function PatientNotFound() {
  return (
    <div className="grid gap-6">
      <BackLink />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Patient not found</h1>
      <p className="max-w-prose text-muted-foreground">
        There is no patient with this id. They may have been removed, or the address is mistyped. Find them in the
        patients list instead.
      </p>
      <div>
        <Link to={PATIENTS_PATH} className={buttonVariants()}>
          Go to Patients
        </Link>
      </div>
    </div>
  )
}

export function PatientScreen({
  page,
  answer,
}: {
  page: PatientPage
  answer: AcknowledgeAnswer | undefined
}) {
  const { detail, unit } = page
  const base = patientPath(detail.patient.id)
  const withUnit = (href: string, next: WeightUnit) =>
    next === 'kg' ? href : `${href}${href.includes('?') ? '&' : '?'}unit=${next}`
  const trendsBase = withUnit(base, unit)
  return (
    <div className="grid grid-cols-1 gap-6 [&>*]:min-w-0">
      <BackLink />
      <AuthToast toast={answer?.toast} />
      <PatientHeader detail={detail}>
        <UnitSwitch current={unit} hrefFor={(next) => withUnit(trendsHref(base, page.range), next)} />
      </PatientHeader>
      {/* The summary on the left; alerts, adherence and devices stacked beside it, each as tall as
          its content (in a 2 x 2 grid an alert-free Alerts card stretched into an empty box). */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start [&>*]:min-w-0">
        <div className="grid lg:row-span-3">
          <ClinicalSummary detail={detail} unit={unit} />
        </div>
        <PatientAlerts alerts={detail.alerts} answer={answer} />
        <Adherence detail={detail} unit={unit} />
        <Devices detail={detail} />
      </div>
      {/* Narrower side padding on a phone: the charts' own cards sit inside this one. */}
      <Section
        id="trends"
        title="Trends"
        description="The patient's log over time, as they see it."
        className="px-3 sm:px-5"
      >
        <TrendRangeLinks baseHref={trendsBase} current={page.range} />
        {page.trends?.neverLogged ? (
          // The charts' own empty state speaks to the patient ("your trends"); this page is the admin's.
          <p className="text-sm text-muted-foreground">This patient has not logged anything yet.</p>
        ) : page.trends ? (
          <TrendsCharts model={page.trends} baseHref={trendsBase} />
        ) : (
          <Alert variant="destructive">
            <CircleAlert className="h-4 w-4" aria-hidden />
            <AlertTitle>The trends could not be loaded</AlertTitle>
            <AlertDescription>{page.trendsError}</AlertDescription>
          </Alert>
        )}
      </Section>
    </div>
  )
}
