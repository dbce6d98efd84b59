import type { LoaderFunctionArgs } from '@remix-run/node'
import { loadTrendsCsv } from '~/lib/trends.server'

// Resource route: /customer/health-trends.csv?range=… downloads the range's entries.
export const loader = ({ request }: LoaderFunctionArgs) => loadTrendsCsv(request)
