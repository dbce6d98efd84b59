import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useMemo } from 'react'
import { Download } from 'lucide-react'
import { TimeZoneSync } from '~/features/health-log/time-zone-sync'
import { PageHeader } from '~/components/ui/page-header'
import { TrendRangeLinks } from '~/features/trends/range-links'
import { TrendsCharts } from '~/features/trends/trends-charts'
import { buttonVariants } from '~/components/ui/button'
import { pageTitle } from '~/features/shell/screen-kit'
import { trendsHref, TRENDS_PATH } from '~/features/trends/trends-range'
import { loadTrends } from '~/features/trends/trends.server'
import { fromWire } from '~/features/trends/trends-wire'
import { requireOnboardedCustomer } from '~/platform/guards.server'
import { LoadFailed } from '~/components/ui/load-failed'

export const meta: MetaFunction = ({ matches }) => pageTitle('Health Trends', matches)

export const loader = async ({ request }: LoaderFunctionArgs) => loadTrends(await requireOnboardedCustomer(request))

export default function HealthTrends() {
  const { range, today, model: packed, csvHref, error } = useLoaderData<typeof loader>()
  const model = useMemo(() => (packed ? fromWire(packed) : null), [packed])
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <TimeZoneSync serverToday={today} />
      <PageHeader
        title="Health Trends"
        description="How your weight, sleep, meals and water change over time."
      >
        {model && !model.neverLogged ? (
          // A plain link: the CSV is a file, not a page.
          <a href={csvHref} download className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden />
            Download CSV
          </a>
        ) : null}
      </PageHeader>
      <TrendRangeLinks baseHref={TRENDS_PATH} current={range} />
      {model ? (
        <TrendsCharts model={model} logHref="/customer/log-data" baseHref={TRENDS_PATH} />
      ) : (
        <LoadFailed title="Your trends could not be loaded" message={error} retryHref={trendsHref(TRENDS_PATH, range)} />
      )}
    </div>
  )
}
