import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { PlaceholderScreen } from '~/components/placeholder-screen'
import { PageSkeleton } from '~/components/skeletons/page-skeleton'
import { requireOnboardedCustomer } from '~/lib/guards.server'
import { pageTitle } from '~/lib/meta'

export const meta: MetaFunction = ({ matches }) => pageTitle('Connect Devices', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOnboardedCustomer(request)
  return null
}

export default function ConnectDevices() {
  return (
    <PlaceholderScreen
      title="Connect Devices"
      description="Link your wearable so your health data syncs on its own."
      upcoming={[
        'Connecting your wearable through its health-data provider',
        'The status of each connection and when it last synced',
      ]}
      preview={<PageSkeleton label="devices" still />}
    >
      <p className="text-sm">
        The device you told us about during setup is on your{' '}
        <Link to="/customer/profile?tab=connected" className="font-medium text-primary underline-offset-4 hover:underline">
          profile
        </Link>
        .
      </p>
    </PlaceholderScreen>
  )
}
