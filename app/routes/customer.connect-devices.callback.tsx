// Where a health-data service sends the patient back after its consent page (`code` and `state`,
// or `error`). No screen of its own: it always redirects to Connect Devices with a message.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { connectCallback } from '~/lib/devices.server'

export const loader = ({ request }: LoaderFunctionArgs) => connectCallback(request)
