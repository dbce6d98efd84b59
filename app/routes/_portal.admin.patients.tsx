import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PatientsScreen } from '~/components/admin-patients/patients-screen'
import { loadPatientsList } from '~/lib/admin-patients.server'
import { pageTitle } from '~/lib/meta'

export const meta: MetaFunction = ({ matches }) => pageTitle('Patients', matches)

export const loader = ({ request }: LoaderFunctionArgs) => loadPatientsList(request)

export default function AdminPatients() {
  return <PatientsScreen page={useLoaderData<typeof loader>()} />
}
