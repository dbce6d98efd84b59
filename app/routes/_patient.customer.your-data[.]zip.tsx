import type { LoaderFunctionArgs } from '@remix-run/node'
import { downloadOwnRecord } from '~/features/your-data/your-data.server'
import { requireOnboardedCustomer } from '~/platform/guards.server'

// Resource route: /customer/your-data.zip streams the patient's record ZIP from the API.
export const loader = async ({ request }: LoaderFunctionArgs) => downloadOwnRecord(await requireOnboardedCustomer(request))
