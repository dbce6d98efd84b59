import { Link } from '@remix-run/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { buttonVariants } from '~/components/ui/button'
import { patientsHref, type PatientsQuery } from '~/lib/admin-patients'
import { cn } from '~/lib/cn'

/** Previous / next as links (the page is in the URL), with where we are in words. */
export function Pagination({
  query,
  totalPages,
  total,
  shown,
}: {
  query: PatientsQuery
  totalPages: number
  total: number
  shown: number
}) {
  if (totalPages <= 1) return null
  const previous = query.page > 1 ? patientsHref(query, { page: query.page - 1 }) : null
  const next = query.page < totalPages ? patientsHref(query, { page: query.page + 1 }) : null
  const disabled = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'pointer-events-none opacity-50')
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {query.page} of {totalPages} · {shown} of {total} patients
      </p>
      <div className="flex gap-2">
        {previous ? (
          <Link to={previous} rel="prev" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <ChevronLeft aria-hidden />
            Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            <ChevronLeft aria-hidden />
            Previous
          </span>
        )}
        {next ? (
          <Link to={next} rel="next" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Next
            <ChevronRight aria-hidden />
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            Next
            <ChevronRight aria-hidden />
          </span>
        )}
      </div>
    </nav>
  )
}
