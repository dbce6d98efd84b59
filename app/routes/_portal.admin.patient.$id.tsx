import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PlaceholderScreen } from '~/components/placeholder-screen'
import { PatientDetailsSkeleton } from '~/components/skeletons/patient-details-skeleton'
import { requireAdmin } from '~/lib/guards.server'
import { pageTitle } from '~/lib/meta'
import { ADMIN_ROLES } from '~/lib/roles'

// Patient ids are opaque to us; anything longer than this is not one, and must not be echoed.
const MAX_ID_LENGTH = 64

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, { roles: ADMIN_ROLES })
  const id = params.id ?? ''
  if (id === '' || id.length > MAX_ID_LENGTH) throw new Response('Not Found', { status: 404 })
  return { id }
}

// SPEC.md §2: patient detail paths have their own title.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(data ? `Patient ${data.id}` : 'Patient Details', matches)

export default function AdminPatientDetails() {
  const { id } = useLoaderData<typeof loader>()
  return (
    <PlaceholderScreen
      title="Patient Details"
      description={
        <>
          Patient <span className="font-mono">{id}</span>
        </>
      }
      upcoming={[
        "The patient's profile: personal details, medical history and surgery",
        'Their weekly logs of weight, sleep and meals',
        'Their health trends and connected devices',
      ]}
      preview={<PatientDetailsSkeleton still />}
    />
  )
}
