import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ProfileScreen } from '~/features/profile/profile-screen'
import { requireOnboardedCustomer } from '~/platform/guards.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { loadProfileRoute, savePatientProfile } from '~/features/profile/profile.server'

export const meta: MetaFunction = ({ matches }) => pageTitle('Profile', matches)

export async function loader({ request }: LoaderFunctionArgs) {
  return loadProfileRoute(await requireOnboardedCustomer(request))
}

export const action = async ({ request }: ActionFunctionArgs) => savePatientProfile(await requireOnboardedCustomer(request))

export default function Profile() {
  return <ProfileScreen data={useLoaderData<typeof loader>()} />
}
