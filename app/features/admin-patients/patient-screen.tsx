import { Link } from '@remix-run/react'
import { ArrowLeft, Download, MessagesSquare } from 'lucide-react'
import { AuthToast } from '~/features/auth/auth-toast'
import { TrendRangeLinks } from '~/features/trends/range-links'
import { TrendsCharts } from '~/features/trends/trends-charts'
import { buttonVariants } from '~/components/ui/button'
import { PATIENTS_PATH, patientPath } from './admin-patients'
import type { AcknowledgeAnswer, PatientPage } from './admin-patients.server'
import { RecordMessagesSection } from '~/features/messages/record-messages'
import { recordMessagesHref } from '~/features/messages/care-messages'
import type { MessageFormAnswer } from '~/features/messages/care-messages.server'
import { trendsHref } from '~/features/trends/trends-range'
import type { WeightUnit } from '~/platform/units'
import { PatientAlerts } from './patient-alerts'
import { Adherence, ClinicalSummary, Devices, PatientHeader } from './patient-sections'
import { Section } from '~/components/ui/titled-section'
import { UnitSwitch } from './unit-switch'
import { LoadFailed } from '~/components/ui/load-failed'
import { adminRecordZipPath } from '~/features/your-data/your-data'
import { AccountClosedNotice, ClosePatientForm } from '~/features/account-closure/close-patient-form'

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
      <LoadFailed title="This patient's record could not be loaded" message={message} />
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

/** The record's two tabs, as links (the tab is in the URL, so they work without JavaScript). */
function RecordTabs({ patientId, current }: { patientId: number; current: PatientPage['tab'] }) {
  const tabs = [
    { tab: 'overview', label: 'Overview', href: patientPath(patientId) },
    { tab: 'messages', label: 'Messages', href: recordMessagesHref(patientId) },
  ] as const
  return (
    <nav aria-label="Patient record" className="flex gap-1 border-b border-border">
      {tabs.map((item) => (
        <Link
          key={item.tab}
          to={item.href}
          prefetch={item.tab === 'messages' ? 'none' : 'intent'}
          aria-current={current === item.tab ? 'page' : undefined}
          className="-mb-px inline-flex items-center gap-2 rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:border-primary aria-[current=page]:text-foreground"
        >
          {item.tab === 'messages' ? <MessagesSquare className="h-4 w-4" aria-hidden /> : null}
          {item.label}
        </Link>
      ))}
      {/* The whole record as a ZIP, as the patient downloads it (an attachment; the API audits it). No
          `download` attribute, so that a refusal shows this page with its sentence, not a saved file. */}
      <a
        href={adminRecordZipPath(patientId)}
        className="mb-1 ml-auto inline-flex items-center gap-1.5 self-center whitespace-nowrap rounded-md px-2 py-1.5 text-sm font-medium text-primary sm:px-3 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        {/* No icon on a phone: the two tabs and the link just fit in 375 px. */}
        <Download className="hidden h-4 w-4 sm:block" aria-hidden />
        Download record
      </a>
    </nav>
  )
}

export function PatientScreen({
  page,
  answer,
}: {
  page: PatientPage
  answer: AcknowledgeAnswer | MessageFormAnswer | undefined
}) {
  const { detail, unit } = page
  const base = patientPath(detail.patient.id)
  const acknowledgeAnswer = answer && 'formId' in answer ? answer : undefined
  const messageAnswer = answer && !('formId' in answer) ? answer : undefined
  const closure = detail.closure
  const closedNotice = closure ? <AccountClosedNotice closure={closure} /> : null
  if (page.tab === 'messages' && page.messages) {
    return (
      <div className="grid grid-cols-1 gap-6 [&>*]:min-w-0">
        <BackLink />
        <PatientHeader detail={detail} />
        {closedNotice}
        <RecordTabs patientId={detail.patient.id} current="messages" />
        <RecordMessagesSection
          messages={page.messages}
          patientName={detail.patient.full_name}
          alerts={detail.alerts}
          answer={messageAnswer}
          readOnly={closure !== null}
        />
      </div>
    )
  }
  const withUnit = (href: string, next: WeightUnit) =>
    next === 'kg' ? href : `${href}${href.includes('?') ? '&' : '?'}unit=${next}`
  const trendsBase = withUnit(base, unit)
  return (
    <div className="grid grid-cols-1 gap-6 [&>*]:min-w-0">
      <BackLink />
      <AuthToast toast={acknowledgeAnswer?.toast} />
      <PatientHeader detail={detail}>
        <UnitSwitch current={unit} hrefFor={(next) => withUnit(trendsHref(base, page.range), next)} />
      </PatientHeader>
      {closedNotice}
      <RecordTabs patientId={detail.patient.id} current="overview" />
      {/* The summary on the left; alerts, adherence and devices stacked beside it, each as tall as
          its content (in a 2 x 2 grid an alert-free Alerts card stretched into an empty box). */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start [&>*]:min-w-0">
        <div className="grid lg:row-span-3">
          <ClinicalSummary detail={detail} unit={unit} />
        </div>
        <PatientAlerts alerts={detail.alerts} answer={acknowledgeAnswer} patientId={detail.patient.id} readOnly={closure !== null} />
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
          <LoadFailed title="The trends could not be loaded" message={page.trendsError} />
        )}
      </Section>
      {page.canCloseAccount && !closure ? (
        <ClosePatientForm patientName={detail.patient.full_name} answer={acknowledgeAnswer} />
      ) : null}
    </div>
  )
}
