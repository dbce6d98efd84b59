import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { adminNav } from '~/features/shell/nav-items'
import { AppShell } from '~/features/shell/app-shell'
import { OutletOrSkeleton } from '~/features/shell/skeletons/pending-skeleton'
import { loadPortalAdmin } from '~/features/shell/admin-portal.server'
import { unreadCount } from '~/features/messages/care-messages.server'
import { getEnv } from '~/platform/env.server'
import { requireAdmin } from '~/platform/guards.server'
import { HOME_PATH } from '~/platform/portal'
import { ADMIN_ROLES } from '~/platform/roles'
import { getSidebarExpanded } from '~/features/shell/sidebar-state.server'

// The admin portal (admin token, Standard or Super Admin). Every child calls its guard too; the
// layout also re-checks the account with the provider, so a deactivated admin is out at once.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request, { roles: ADMIN_ROLES })
  // An admin who must set up two-factor sign-in first has nothing else to count (and the API
  // would refuse them the inbox).
  const [user, unreadMessages] = await Promise.all([
    loadPortalAdmin(ctx, { verify: true }),
    ctx.admin.mfa_setup_required ? null : unreadCount(ctx, 'admin'),
  ])
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
