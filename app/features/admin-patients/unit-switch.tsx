import { Link } from '@remix-run/react'
import { cn } from '~/platform/cn'
import { WEIGHT_UNITS, type WeightUnit } from '~/platform/units'

/** kg / lbs as links (the unit is in the URL), the current one marked for everyone. */
export function UnitSwitch({
  current,
  hrefFor,
}: {
  current: WeightUnit
  hrefFor: (unit: WeightUnit) => string
}) {
  return (
    <nav aria-label="Weight unit" className="flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">Weights in</span>
      <ul className="inline-flex rounded-lg border border-border bg-muted p-1">
        {WEIGHT_UNITS.map((unit) => (
          <li key={unit}>
            <Link
              to={hrefFor(unit)}
              aria-current={unit === current ? 'true' : undefined}
              preventScrollReset
              className={cn(
                'inline-flex h-8 min-w-[3rem] items-center justify-center rounded-md px-3 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                unit === current
                  ? 'bg-card text-foreground shadow-sm ring-1 ring-border'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {unit}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
