import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { patientNav } from '~/features/shell/nav-items'
import { AppShell } from '~/features/shell/app-shell'
import { OutletOrSkeleton } from '~/features/shell/skeletons/pending-skeleton'
import { requireOnboardedCustomer } from '~/platform/guards.server'
import { unreadCount } from '~/features/messages/care-messages.server'
import { loadPatientShell } from '~/features/shell/patient-app.server'
import { HOME_PATH, MESSAGES_PATH } from '~/platform/portal'

// The guarded patient app (customer token + onboarding done). Every child calls the guard too.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireOnboardedCustomer(request)
  // Messages marks them read as it loads, in parallel with this: no badge beside it while open.
  const onMessages = new URL(request.url).pathname.replace(/\.data$/, '') === MESSAGES_PATH
  const [shell, unreadMessages] = await Promise.all([
    loadPatientShell(ctx),
    onMessages ? Promise.resolve(null) : unreadCount(ctx, 'customer'),
  ])
  return data({ ...shell, unreadMessages }, { headers: ctx.headers })
}

export default function PatientLayout() {
  const { fullName, sidebarExpanded, unreadMessages } = useLoaderData<typeof loader>()
  return (
    <AppShell
      sections={patientNav(unreadMessages)}
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
