import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ProfileScreen } from '~/features/profile/profile-screen'
import { loadConnectionSummary } from '~/features/devices/devices.server'
import { requireOnboardedCustomer } from '~/platform/guards.server'
import { pageTitle } from '~/platform/meta'
import { loadPatientProfilePage, savePatientProfile } from '~/features/profile/profile.server'
import { parseProfileTab } from '~/features/profile/tabs'

export const meta: MetaFunction = ({ matches }) => pageTitle('Profile', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireOnboardedCustomer(request)
  // The Connected tab also shows the health-data connections (connected devices, extension).
  const connectedTab = parseProfileTab(new URL(request.url).searchParams.get('tab')) === 'connected'
  const [page, connections] = await Promise.all([
    loadPatientProfilePage(ctx),
    connectedTab ? loadConnectionSummary(ctx) : Promise.resolve(null),
  ])
  return data({ ...page, connections }, { headers: ctx.headers })
}

export const action = async ({ request }: ActionFunctionArgs) => savePatientProfile(await requireOnboardedCustomer(request))

export default function Profile() {
  return <ProfileScreen data={useLoaderData<typeof loader>()} />
}
