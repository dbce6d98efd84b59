import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PATIENT_NAV } from '~/components/sidebar/nav-items'
import { AppShell } from '~/components/sidebar/app-shell'
import { OutletOrSkeleton } from '~/components/skeletons/pending-skeleton'
import { requireOnboardedCustomer } from '~/lib/guards.server'
import { loadPatientShell } from '~/lib/patient-app.server'
import { HOME_PATH } from '~/lib/portal'

// The guarded patient app (customer token + onboarding done). Every child calls the guard too.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireOnboardedCustomer(request)
  return data(await loadPatientShell(ctx), { headers: ctx.headers })
}

export default function PatientLayout() {
  const { fullName, sidebarExpanded } = useLoaderData<typeof loader>()
  return (
    <AppShell
      sections={PATIENT_NAV}
      navLabel="Patient"
      homePath={HOME_PATH.customer}
      sidebarExpanded={sidebarExpanded}
      userName={fullName}
      signOutAction="/customer/signout"
    >
      <OutletOrSkeleton />
    </AppShell>
  )
}
