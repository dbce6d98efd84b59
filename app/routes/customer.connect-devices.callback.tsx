// Where a health-data service sends the patient back after its consent page (`code` and `state`,
// or `error`). No screen of its own: it always redirects to Connect Devices with a message.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { connectCallback } from '~/features/devices/devices.server'
import { requireOnboardedCustomer } from '~/platform/guards.server'

export const loader = async ({ request }: LoaderFunctionArgs) => connectCallback(await requireOnboardedCustomer(request))
