import { Link } from '@remix-run/react'
import { cn } from '~/lib/cn'
import { TREND_RANGE_LABELS, TREND_RANGES, trendsHref, type TrendRange } from '~/lib/trends'

/** The ranges as plain links (a range is a URL), the current one marked for everyone. */
export function TrendRangeLinks({ baseHref, current }: { baseHref: string; current: TrendRange }) {
  return (
    <nav aria-label="Range">
      <ul className="inline-flex flex-wrap gap-1 rounded-lg border border-border bg-muted p-1">
        {TREND_RANGES.map((range) => (
          <li key={range}>
            <Link
              to={trendsHref(baseHref, range)}
              aria-current={range === current ? 'page' : undefined}
              preventScrollReset
              className={cn(
                'inline-flex h-9 min-w-[3.5rem] items-center justify-center rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
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
