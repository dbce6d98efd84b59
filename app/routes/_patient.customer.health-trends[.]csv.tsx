import type { LoaderFunctionArgs } from '@remix-run/node'
import { loadTrendsCsv } from '~/features/trends/trends.server'
import { requireOnboardedCustomer } from '~/platform/guards.server'

// Resource route: /customer/health-trends.csv?range=… downloads the range's entries.
export const loader = async ({ request }: LoaderFunctionArgs) => loadTrendsCsv(await requireOnboardedCustomer(request))
