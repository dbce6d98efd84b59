import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PlaceholderScreen } from '~/components/placeholder-screen'
import { PageSkeleton } from '~/components/skeletons/page-skeleton'
import { requireOnboardedCustomer } from '~/lib/guards.server'
import { pageTitle } from '~/lib/meta'

export const meta: MetaFunction = ({ matches }) => pageTitle('Health Trends', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOnboardedCustomer(request)
  return null
}

export default function HealthTrends() {
  return (
    <PlaceholderScreen
      title="Health Trends"
      description="How your weight, sleep and meals change over time."
      upcoming={[
        'Charts of your weight against your goal, week by week',
        'Your sleep and meal patterns over the weeks',
        'Data synced from your connected device',
      ]}
      preview={<PageSkeleton label="health trends" still />}
    />
  )
}
