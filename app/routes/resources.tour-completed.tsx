import { type ActionFunctionArgs } from '@remix-run/node'
import { requireOnboardedCustomer } from '~/platform/guards.server'
import { completeTour } from '~/features/dashboard/tour.server'

// The dashboard tour's fetcher posts here when the tour ends; the token stays on the server.
export async function action({ request }: ActionFunctionArgs) {
  return completeTour(await requireOnboardedCustomer(request))
}

export const loader = () => new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
