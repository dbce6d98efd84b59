import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { adminNav } from '~/components/sidebar/nav-items'
import { AppShell } from '~/components/sidebar/app-shell'
import { OutletOrSkeleton } from '~/components/skeletons/pending-skeleton'
import { loadPortalAdmin } from '~/lib/admin-portal.server'
import { unreadCount } from '~/lib/care-messages.server'
import { getEnv } from '~/lib/env.server'
import { requireAdmin } from '~/lib/guards.server'
import { HOME_PATH } from '~/lib/portal'
import { ADMIN_ROLES } from '~/lib/roles'
import { getSidebarExpanded } from '~/lib/sidebar-state.server'

// The admin portal (admin token, Standard or Super Admin). Every child calls its guard too; the
// layout also re-checks the account with the provider, so a deactivated admin is out at once.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request, { roles: ADMIN_ROLES })
  const [user, unreadMessages] = await Promise.all([loadPortalAdmin(ctx, { verify: true }), unreadCount(ctx, 'admin')])
  return data(
    {
      name: user?.full_name || user?.email || null,
      role: ctx.role,
      sidebarExpanded: getSidebarExpanded(request),
      unreadMessages,
      // Read by every admin screen (useClinicTimeZone) to show times by the clinic's clock.
      clinicTimeZone: getEnv().CLINIC_TIME_ZONE,
    },
    { headers: ctx.headers },
  )
}

export default function AdminPortalLayout() {
  const { name, role, sidebarExpanded, unreadMessages } = useLoaderData<typeof loader>()
  return (
    <AppShell
      sections={adminNav(role, unreadMessages)}
      navLabel="Admin portal"
      homePath={HOME_PATH.admin}
      sidebarExpanded={sidebarExpanded}
      userName={name}
      userDetail={role}
      signOutAction="/admin/signout"
      subtitle="Admin Portal"
    >
      <OutletOrSkeleton />
    </AppShell>
  )
}
