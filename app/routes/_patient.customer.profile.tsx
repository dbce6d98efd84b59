import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ProfileScreen } from '~/components/profile/profile-screen'
import { loadConnectionSummary } from '~/lib/devices.server'
import { pageTitle } from '~/lib/meta'
import { loadPatientProfilePage, savePatientProfile } from '~/lib/patient-profile.server'
import { parseProfileTab } from '~/lib/profile-tabs'
import { combineHeaders } from '~/lib/toast.server'

export const meta: MetaFunction = ({ matches }) => pageTitle('Profile', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  // The Connected tab also shows the health-data connections (connected devices, extension).
  const connectedTab = parseProfileTab(new URL(request.url).searchParams.get('tab')) === 'connected'
  const [page, connections] = await Promise.all([
    loadPatientProfilePage(request),
    connectedTab ? loadConnectionSummary(request) : Promise.resolve(null),
  ])
  return data(
    { ...page.data, connections: connections && { services: connections.services, error: connections.error } },
    { ...page.init, headers: combineHeaders(page.init?.headers, connections?.headers) },
  )
}

export const action = ({ request }: ActionFunctionArgs) => savePatientProfile(request)
export default function Profile() {
  return <ProfileScreen data={useLoaderData<typeof loader>()} />
}
