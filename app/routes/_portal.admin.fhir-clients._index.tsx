import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { FhirClientsScreen } from '~/features/fhir-clients/clients-screen'
import { fhirClientsAction, loadFhirClients } from '~/features/fhir-clients/fhir-clients.server'
import { requireAdmin } from '~/platform/guards.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { SUPER_ADMIN } from '~/platform/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('FHIR Clients', matches)

// Super Admin only; anyone else goes to /not-authorized (the loader and action guard).
export const loader = async ({ request }: LoaderFunctionArgs) => loadFhirClients(await requireAdmin(request, { roles: [SUPER_ADMIN] }))

export const action = async ({ request }: ActionFunctionArgs) => fhirClientsAction(await requireAdmin(request, { roles: [SUPER_ADMIN] }))

export default function FhirClients() {
  return <FhirClientsScreen view={useLoaderData<typeof loader>()} />
}
