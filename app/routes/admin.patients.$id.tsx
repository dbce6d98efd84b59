import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { patientPath } from '~/features/admin-patients/admin-patients'

// The message notice e-mail links to /admin/patients/{id}?tab=messages (the API's path shape);
// the record lives at /admin/patient/{id}. Its guard runs there.
export const loader = ({ request, params }: LoaderFunctionArgs) => {
  const id = params.id ?? ''
  if (!/^\d{1,15}$/.test(id)) throw new Response('Not Found', { status: 404 })
  throw redirect(`${patientPath(id)}${new URL(request.url).search}`)
}
