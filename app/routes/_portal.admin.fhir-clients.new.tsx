import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLocation } from '@remix-run/react'
import { RegisterFhirClientScreen } from '~/features/fhir-clients/register-screen'
import { registerFhirClientAction } from '~/features/fhir-clients/fhir-clients.server'
import { requireAdmin } from '~/platform/guards.server'
import { pageTitle } from '~/features/shell/screen-kit'
import { SUPER_ADMIN } from '~/platform/roles'

export const meta: MetaFunction = ({ matches }) => pageTitle('Register a FHIR Client', matches)

// Super Admin only; anyone else goes to /not-authorized (the loader and action guard).
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { headers } = await requireAdmin(request, { roles: [SUPER_ADMIN] })
  return data(null, { headers })
}

export const action = async ({ request }: ActionFunctionArgs) => registerFhirClientAction(await requireAdmin(request, { roles: [SUPER_ADMIN] }))

export default function RegisterFhirClient() {
  return <RegisterFhirClientScreen answer={useActionData<typeof action>()} formKey={useLocation().key} />
}
