import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PatientsScreen } from '~/components/admin-patients/patients-screen'
import { loadPatientsList } from '~/lib/admin-patients.server'
import { pageTitle } from '~/lib/meta'
import { requireAdmin } from '~/lib/guards.server'
import { ADMIN_ROLES } from '~/lib/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Patients', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadPatientsList(await requireAdmin(request, { roles: ADMIN_ROLES }))

export default function AdminPatients() {
  return <PatientsScreen page={useLoaderData<typeof loader>()} />
}
