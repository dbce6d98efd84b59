import { Link } from '@remix-run/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonVariants } from './button'
import { cn } from '~/platform/cn'

/**
 * Previous / next as links (the page is in the URL, so paging works without JavaScript), with where
 * the reader is in words. A missing link shows as a disabled button, so the pair never jumps.
 */
export function PageLinks({
  label = 'Pagination',
  summary,
  previous,
  next,
}: {
  label?: string
  summary: ReactNode
  previous: string | null
  next: string | null
}) {
  const linkClass = buttonVariants({ variant: 'outline', size: 'sm' })
  const disabled = cn(linkClass, 'pointer-events-none opacity-50')
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {summary}
      </p>
      <div className="flex gap-2">
        {previous ? (
          <Link to={previous} rel="prev" className={linkClass}>
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
          <Link to={next} rel="next" className={linkClass}>
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
