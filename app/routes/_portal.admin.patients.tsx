import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PatientsScreen } from '~/features/admin-patients/patients-screen'
import { loadPatientsList } from '~/features/admin-patients/admin-patients.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { requireAdmin } from '~/platform/guards.server'
import { ADMIN_ROLES } from '~/platform/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Patients', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadPatientsList(await requireAdmin(request, { roles: ADMIN_ROLES }))

export default function AdminPatients() {
  return <PatientsScreen page={useLoaderData<typeof loader>()} />
}
