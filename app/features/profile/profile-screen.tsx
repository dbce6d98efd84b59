// The patient's profile (/customer/profile): four tabs (personal, medical, preferences, connected),
// each a form that saves on its own through the route's action, or the error when the profile could
// not be read.
import type { FormMetadata, SubmissionResult } from '@conform-to/react'
import type { z } from 'zod'
import { Form, Link, useActionData, useNavigation, type useLoaderData } from '@remix-run/react'
import { Loader2, Watch } from 'lucide-react'
import type { ReactNode } from 'react'
import { ConnectionsSummary } from '~/features/devices/connections-summary'
import { FormError } from '~/components/ui/forms'
import { PageHeader } from '~/components/ui/page-header'
import { BariatricFields } from './fields/bariatric-fields'
import { MedicalFields } from './fields/medical-fields'
import { PersonalFields } from './fields/personal-fields'
import { SectionFormFrame } from './fields/section-form-frame'
import { RemindersForm } from '~/features/reminders/reminders-form'
import { ThemeToggle } from '~/features/shell/theme-toggle'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { cn } from '~/platform/cn'
import type { ServiceView } from '~/features/devices/devices'
import { TOASTS, } from '~/platform/messages'
import type { DeviceAnswer, loadProfileRoute, ProfileIntent, savePatientProfile } from './profile.server'
import { HEIGHT_UNIT_OPTIONS, WEIGHT_UNIT_OPTIONS } from './options'
import { useProfileSchemaForm } from './schema-form'
import type { bariatricSchema, medicalSchema, personalSchema } from './schemas'
import type { ProfileSchemaName } from './profile-validation'
import { PROFILE_TABS, profileTabHref, type ProfileTab } from '~/platform/profile-tabs'
import { useFormErrorToastLifetime } from '~/platform/use-form-error-toast'
import { waterFromMl, waterUnitFor } from '~/platform/units'
import { YOUR_DATA_PATH } from '~/features/your-data/your-data'
// Types only (erased from the bundle): the screen draws what the route's loader and action answer.

export type LoaderData = ReturnType<typeof useLoaderData<typeof loadProfileRoute>>
type ProfileData = Extract<LoaderData, { status: 'ok' }>

export function ProfileScreen({ data }: { data: LoaderData }) {
  return (
    <div className="grid gap-6">
      <PageHeader title="Profile" description="The details you gave during setup, your display units and your theme." />
      <ProfileTabs current={data.tab} />
      <p className="-mt-3 text-sm text-muted-foreground">
        Want a copy of everything, or to leave?{' '}
        <Link to={YOUR_DATA_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
          Your data
        </Link>
        : download your record or close your account.
      </p>
      <section id="profile-panel" aria-labelledby={`profile-tab-${data.tab}`} className="grid gap-6">
        {data.status === 'ok' ? (
          <TabPanel data={data} />
        ) : (
          <Alert variant="destructive">
            <AlertTitle>{TOASTS.profileLoadFailed.title}</AlertTitle>
            <AlertDescription>{data.message}</AlertDescription>
          </Alert>
        )}
      </section>
    </div>
  )
}

function ProfileTabs({ current }: { current: ProfileTab }) {
  return (
    <nav aria-label="Profile sections" className="overflow-x-auto border-b border-border">
      <ul className="grid grid-cols-4 sm:flex sm:gap-1">
        {PROFILE_TABS.map((tab) => {
          const active = tab.id === current
          return (
            <li key={tab.id}>
              <Link
                id={`profile-tab-${tab.id}`}
                to={profileTabHref(tab.id)}
                preventScrollReset
                aria-current={active ? 'page' : undefined}
                className={cn(
                  '-mb-px flex h-10 items-center justify-center border-b-2 px-1 text-[0.8125rem] font-medium sm:px-4 sm:text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                  active
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )}
              >
                {tab.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function TabPanel({ data }: { data: ProfileData }) {
  const actionData = useActionData<typeof savePatientProfile>()
  const answer = (intent: ProfileIntent) => (actionData?.intent === intent ? actionData : undefined)
  switch (data.tab) {
    case 'personal':
      return <PersonalForm data={data} answer={answer('personal')} />
    case 'medical':
      return (
        <>
          <MedicalForm data={data} answer={answer('medical')} />
          <BariatricForm data={data} answer={answer('bariatric')} />
        </>
      )
    case 'preferences':
      return (
        <>
          <PreferencesForm units={data.units} targets={data.targets} answer={answer('preferences')} />
          <RemindersForm reminders={data.reminders} timeZones={data.timeZones} errors={answer('reminders')?.result.error ?? {}} />
        </>
      )
    case 'connected':
      return <ConnectedDevice device={data.device} connections={data.connections} />
  }
}

type Answer = { result: SubmissionResult<string[]>; incomplete: boolean } | undefined

function useProfileForm<S extends z.ZodTypeAny>(
  id: string,
  schemaName: ProfileSchemaName,
  defaults: z.input<S>,
  answer: Answer,
) {
  const form = useProfileSchemaForm<S>(id, schemaName, defaults, answer?.result)
  useFormErrorToastLifetime(form[0])
  return form
}

function PersonalForm({ data, answer }: { data: ProfileData; answer: Answer }) {
  const [form, fields] = useProfileForm<typeof personalSchema>('profile-personal', 'personal', data.defaults.personal, answer)
  return (
    <SectionCard title="Personal details" description="Your name, contact details, measurements and address.">
      <SectionForm intent="personal" form={form} incomplete={answer?.incomplete}>
        <PersonalFields fields={fields} email={data.email} />
      </SectionForm>
    </SectionCard>
  )
}

function MedicalForm({ data, answer }: { data: ProfileData; answer: Answer }) {
  const [form, fields] = useProfileForm<typeof medicalSchema>('profile-medical', 'medical', data.defaults.medical, answer)
  return (
    <SectionCard title="Medical history" description="Conditions, allergies, medications and what you have tried before.">
      <SectionForm intent="medical" form={form} incomplete={answer?.incomplete}>
        <MedicalFields fields={fields} />
      </SectionForm>
    </SectionCard>
  )
}

function BariatricForm({ data, answer }: { data: ProfileData; answer: Answer }) {
  const [form, fields] = useProfileForm<typeof bariatricSchema>('profile-bariatric', 'bariatric', data.defaults.bariatric, answer)
  return (
    <SectionCard title="Bariatric surgery" description="Your surgery, if you have had it, and your goal weight.">
      <SectionForm intent="bariatric" form={form} incomplete={answer?.incomplete}>
        <BariatricFields fields={fields} />
      </SectionForm>
    </SectionCard>
  )
}

function SectionCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

function useSaving(intent: ProfileIntent) {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
}

function SectionForm({
  intent,
  form,
  incomplete,
  children,
}: {
  intent: ProfileIntent
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any section's form
  form: FormMetadata<any, string[]>
  incomplete?: boolean
  children: ReactNode
}) {
  const saving = useSaving(intent)
  return (
    <SectionFormFrame
      form={form}
      marker={{ name: 'intent', value: intent }}
      refusedToastId={`${intent}-incomplete`}
      incomplete={incomplete}
      footer={
        <div className="flex justify-end border-t border-border pt-6">
          <SaveButton saving={saving} />
        </div>
      }
    >
      {children}
    </SectionFormFrame>
  )
}

function SaveButton({ saving }: { saving: boolean }) {
  return (
    <Button type="submit" disabled={saving}>
      {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
      {saving ? 'Saving...' : 'Save Changes'}
    </Button>
  )
}

function PreferencesForm({
  units,
  targets,
  answer,
}: {
  units: ProfileData['units']
  targets: ProfileData['targets']
  answer: Answer
}) {
  const saving = useSaving('preferences')
  const errors = answer?.result.error ?? {}
  const formErrors = errors[''] ?? []
  return (
    <>
      <SectionCard title="Display units" description="How your height and weights are shown across the app.">
        <Form method="post" className="grid gap-6">
          <input type="hidden" name="intent" value="preferences" />
          <FormError errors={formErrors} />
          <UnitChoice name="height_unit" legend="Height" options={HEIGHT_UNIT_OPTIONS} current={units.height} errors={errors.height_unit} />
          <UnitChoice name="weight_unit" legend="Weight" options={WEIGHT_UNIT_OPTIONS} current={units.weight} errors={errors.weight_unit} />
          <div className="flex justify-end border-t border-border pt-6">
            <SaveButton saving={saving} />
          </div>
        </Form>
      </SectionCard>
      {targets ? <DailyTargets targets={targets} weightUnit={units.weight} /> : null}
      <SectionCard title="Theme" description="Light, dark, or the same as your device.">
        <ThemeToggle />
        <p className="no-js-only text-sm text-muted-foreground">
          The app follows your device&apos;s light or dark setting. Turn on JavaScript to choose a theme here.
        </p>
      </SectionCard>
    </>
  )
}

/**
 * Read-only: the targets are the care team's to set (PUT v1/auth/profile/preferences/); the
 * dashboard's 'Daily targets' link lands here, so the patient sees what they are measured against.
 */
function DailyTargets({ targets, weightUnit }: { targets: NonNullable<ProfileData['targets']>; weightUnit: string }) {
  const waterUnit = waterUnitFor(weightUnit)
  const rows = [
    ['Protein', `${targets.proteinG} g a day`],
    ['Water', `${waterFromMl(targets.waterMl, waterUnit).toLocaleString('en-US')} ${waterUnit} a day`],
    ['Sleep', `${targets.sleepH} h a night`],
  ] as const
  return (
    <section id="daily-targets" aria-labelledby="daily-targets-title" className="scroll-mt-20">
      <Card>
        <CardHeader>
          <h2 id="daily-targets-title" className="text-lg font-semibold leading-tight">
            Daily targets
          </h2>
          <CardDescription>
            What your dashboard and your log compare each day with. Your care team sets them: ask them if one
            should change.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-3" data-testid="daily-targets">
            {rows.map(([label, value]) => (
              <div key={label} className="rounded-md border border-border px-3 py-2">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </section>
  )
}

function UnitChoice({
  name,
  legend,
  options,
  current,
  errors,
}: {
  name: string
  legend: string
  options: ReadonlyArray<{ value: string; label: string }>
  current: string
  errors?: string[] | null
}) {
  const errorId = `${name}-error`
  return (
    <fieldset className="grid gap-2" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 min-w-24 cursor-pointer items-center gap-3 rounded-md border border-input bg-background px-3 py-2 text-sm transition-colors hover:bg-accent/60 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === current}
              className="h-4 w-4 accent-[hsl(var(--primary))]"
            />
            {option.label}
          </label>
        ))}
      </div>
      {/* Only when there is one: an empty reserved line doubled the gap between Height and Weight. */}
      {errors?.length ? (
        <div id={errorId} className="text-sm text-destructive">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  )
}

function ConnectedDevice({
  device,
  connections,
}: {
  device: DeviceAnswer
  connections: { services: ServiceView[] | null; error: string | null } | null
}) {
  return (
    <SectionCard title="Connected device" description="What you told us about your wearable during setup.">
      {device.kind === 'missing' ? (
        <p className="text-sm text-muted-foreground">We have no device information for you yet.</p>
      ) : (
        <div className="flex items-start gap-4">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Watch className="h-5 w-5" aria-hidden />
          </span>
          <dl className="grid gap-3 text-sm" data-testid="device-answer">
            <div>
              <dt className="text-muted-foreground">Your answer</dt>
              <dd className="font-medium">
                {device.kind === 'have-device' ? 'I have a wearable device' : 'I need a device'}
              </dd>
            </div>
            {device.kind === 'have-device' ? (
              <div>
                <dt className="text-muted-foreground">Wearable</dt>
                <dd className="font-medium">{device.wearableType ?? 'Not specified'}</dd>
              </div>
            ) : null}
            <div>
              <dt className="text-muted-foreground">Phone</dt>
              <dd className="font-medium">{device.os ?? 'Not specified'}</dd>
            </div>
          </dl>
        </div>
      )}
      <div className="mt-6 border-t border-border pt-6">
        <ConnectionsSummary services={connections?.services ?? null} error={connections?.error ?? null} />
      </div>
    </SectionCard>
  )
}
