import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { LogOut, RotateCw } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Brand } from '~/features/shell/brand'
import { WizardProgress } from '~/features/onboarding/wizard-progress'
import {
  BariatricStepForm,
  DeviceStepForm,
  MedicalStepForm,
  PersonalStepForm,
} from '~/features/onboarding/wizard-step-forms'
import { SetupSkeleton } from '~/features/shell/skeletons/setup-skeleton'
import { ThemeToggle } from '~/features/shell/theme-toggle'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button, buttonVariants } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { pageTitle } from '~/features/shell/screen-kit'
import { PROFILE_SETUP_PATH } from '~/platform/portal'
import { loadProfileSetup, saveProfileStep } from '~/features/onboarding/profile-setup.server'
import { useProductName } from '~/platform/use-product-name'
import { wizardStep } from '~/features/onboarding/wizard-steps'
import { requireNotOnboardedCustomer } from '~/platform/guards.server'

export const meta: MetaFunction = ({ matches }) => pageTitle('Profile Setup', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadProfileSetup(await requireNotOnboardedCustomer(request))

export const action = async ({ request }: ActionFunctionArgs) => saveProfileStep(await requireNotOnboardedCustomer(request))

export default function ProfileSetup() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <SetupHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
        <div className="mb-6 grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">Complete your health profile</h1>
          <p className="text-sm text-muted-foreground">
            Four short steps so your care team can support you. Your answers are saved after each step.
          </p>
        </div>
        {data.status === 'ok' ? <Wizard data={data} /> : <LoadFailed title={data.title} message={data.message} />}
      </main>
    </div>
  )
}

type WizardData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { status: 'ok' }>

function Wizard({ data }: { data: WizardData }) {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const location = useLocation()
  const { step, furthestStep, defaults, email } = data
  const info = wizardStep(step)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const shownStep = useRef(step)
  // After moving to another step in the page (not on the first load), start reading at its title.
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    headingRef.current?.focus()
  }, [step])
  // The action's answer belongs to the step it was posted from (not to one navigated to since).
  const answer = actionData?.step === step ? actionData : undefined
  // A plain navigation to another step (Back, the step list): show the skeleton meanwhile.
  const changingStep =
    navigation.state === 'loading' &&
    !navigation.formMethod &&
    navigation.location.pathname === PROFILE_SETUP_PATH &&
    navigation.location.search !== location.search

  return (
    <div className="grid gap-6">
      <WizardProgress step={step} furthestStep={furthestStep} />
      {changingStep ? (
        <SetupSkeleton />
      ) : (
        <Card>
          <CardHeader>
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold leading-tight tracking-tight text-foreground focus:outline-none">
              {info.title}
            </h2>
            <CardDescription>{info.description}</CardDescription>
          </CardHeader>
          <CardContent>
            {step === 1 ? (
              <PersonalStepForm key={step} defaults={defaults.personal} email={email} lastResult={answer?.result} incomplete={answer?.incomplete} />
            ) : step === 2 ? (
              <MedicalStepForm key={step} defaults={defaults.medical} lastResult={answer?.result} incomplete={answer?.incomplete} />
            ) : step === 3 ? (
              <BariatricStepForm key={step} defaults={defaults.bariatric} lastResult={answer?.result} incomplete={answer?.incomplete} />
            ) : (
              <DeviceStepForm key={step} defaults={defaults.device} lastResult={answer?.result} incomplete={answer?.incomplete} />
            )}
          </CardContent>
        </Card>
      )}
    </div>
  )
}

function SetupHeader() {
  const productName = useProductName()
  return (
    <header className="border-b border-border bg-background">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <Brand name={productName} />
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <Form method="post" action="/customer/signout">
            <Button type="submit" variant="ghost" size="sm">
              <LogOut aria-hidden />
              Sign Out
            </Button>
          </Form>
        </div>
      </div>
    </header>
  )
}

function LoadFailed({ title, message }: { title: string; message: string }) {
  return (
    <Alert variant="destructive" className="grid gap-3">
      <div>
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </div>
      <div>
        <Link to={PROFILE_SETUP_PATH} reloadDocument className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <RotateCw aria-hidden />
          Try again
        </Link>
      </div>
    </Alert>
  )
}
