import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { YourDataScreen } from '~/features/your-data/your-data-screen'
import { requireOnboardedCustomer } from '~/platform/guards.server'
import { pageTitle } from '~/features/shell/screen-kit'

export const meta: MetaFunction = ({ matches }) => pageTitle('Your data', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireOnboardedCustomer(request)
  return data(null, { headers: ctx.headers })
}

export default function YourData() {
  return <YourDataScreen />
}
