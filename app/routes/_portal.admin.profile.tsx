import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Mail, ShieldCheck, UserRound } from 'lucide-react'
import { PageHeader } from '~/components/placeholder-screen'
import { Alert } from '~/components/ui/alert'
import { Card, CardContent } from '~/components/ui/card'
import { requirePortalAdmin } from '~/lib/admin-portal.server'
import { pageTitle } from '~/lib/meta'

export const meta: MetaFunction = ({ matches }) => pageTitle('Profile', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, role, headers } = await requirePortalAdmin(request)
  return data(
    { user: user ? { name: user.full_name, email: user.email } : null, role },
    { headers },
  )
}

export default function AdminProfile() {
  const { user, role } = useLoaderData<typeof loader>()
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
