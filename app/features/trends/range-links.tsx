import { Link } from '@remix-run/react'
import { cn } from '~/platform/cn'
import { TREND_RANGE_LABELS, TREND_RANGES, trendsHref, type TrendRange } from './trends-range'

/**
 * The ranges as plain links (a range is a URL), the current one marked for everyone. One row of
 * equal segments that fills a phone's width (slightly smaller type below 640 px, so it also fits
 * inside the admin record's card at 375 px); should a very narrow screen or a large text setting not
 * fit it, the row scrolls sideways inside its own box instead of wrapping 'All' onto a line alone.
 */
export function TrendRangeLinks({ baseHref, current }: { baseHref: string; current: TrendRange }) {
  return (
    <nav aria-label="Range" className="max-w-full overflow-x-auto" data-testid="trend-ranges">
      <ul className="flex w-full min-w-max gap-0.5 rounded-lg border border-border bg-muted p-1 sm:inline-flex sm:w-auto">
        {TREND_RANGES.map((range) => (
          <li key={range} className="flex-1">
            <Link
              to={trendsHref(baseHref, range)}
              aria-current={range === current ? 'page' : undefined}
              preventScrollReset
              className={cn(
                'flex h-9 items-center justify-center whitespace-nowrap rounded-md px-1.5 text-[13px] font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:px-3 sm:text-sm',
                range === current
                  ? 'bg-card text-foreground shadow-sm ring-1 ring-border'
                  : 'text-muted-foreground hover:bg-card/60 hover:text-foreground',
              )}
            >
              {TREND_RANGE_LABELS[range]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
