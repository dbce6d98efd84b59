import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { KeyRound, Mail, ShieldCheck, UserRound } from 'lucide-react'
import { PageHeader } from '~/components/ui/page-header'
import { Alert } from '~/components/ui/alert'
import { buttonVariants } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { loadPortalAdmin } from '~/features/shell/admin-portal.server'
import { requireAdmin } from '~/platform/guards.server'
import { cn } from '~/platform/cn'
import { pageTitle } from '~/features/shell/screen-kit'
import { MFA_SETUP_PATH } from '~/platform/portal'
import { ADMIN_ROLES } from '~/platform/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Profile', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request, { roles: ADMIN_ROLES })
  const user = await loadPortalAdmin(ctx)
  return data(
    { user: user ? { name: user.full_name, email: user.email } : null, role: ctx.role, mfaEnabled: user?.mfa_enabled === true },
    { headers: ctx.headers },
  )
}

export default function AdminProfile() {
  const { user, role, mfaEnabled } = useLoaderData<typeof loader>()
  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeader title="Profile" description="Your administrator account." />
      {user ? null : (
        <Alert variant="destructive">We couldn&apos;t load your profile details. Please try refreshing the page.</Alert>
      )}
      <Card>
        <CardContent className="grid gap-5 pt-6">
          <dl className="grid gap-5">
            <ProfileRow icon={<UserRound aria-hidden />} label="Name" value={user?.name || 'Not available'} />
            <ProfileRow icon={<Mail aria-hidden />} label="Email" value={user?.email || 'Not available'} />
            <ProfileRow icon={<ShieldCheck aria-hidden />} label="Role" value={role} />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <KeyRound className="h-5 w-5" aria-hidden />
            Two-factor authentication
          </h2>
          <p className="text-sm text-muted-foreground">
            {mfaEnabled
              ? 'On: each sign-in asks for a code from your authenticator app.'
              : 'Off: add a code from an authenticator app on your phone to every sign-in.'}
          </p>
          <Link to={MFA_SETUP_PATH} className={cn(buttonVariants({ variant: mfaEnabled ? 'outline' : 'default' }), 'w-full sm:w-fit')}>
            {mfaEnabled ? 'Manage two-factor authentication' : 'Set up two-factor authentication'}
          </Link>
        </CardContent>
      </Card>
    </div>
  )
}

function ProfileRow({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-muted-foreground [&_svg]:h-4 [&_svg]:w-4">
        {icon}
        {label}
      </dt>
      <dd className="break-all pl-6 font-medium">{value}</dd>
    </div>
  )
}
