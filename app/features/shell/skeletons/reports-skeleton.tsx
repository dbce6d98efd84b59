import { Skeleton } from '~/components/ui/skeleton'
import { PageHeadingSkeleton } from './page-heading-skeleton'
import { SkeletonFrame } from './skeleton-frame'

/** Reports: a row of figures, a chart, and export actions. */
export function ReportsSkeleton({ still }: { still?: boolean }) {
  return (
    <SkeletonFrame label="reports" still={still} className="grid gap-6">
      <PageHeadingSkeleton />
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="grid gap-2 rounded-lg border border-border p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-16" />
          </div>
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
      <div className="flex flex-wrap gap-3">
        <Skeleton className="h-10 w-36" />
        <Skeleton className="h-10 w-36" />
      </div>
    </SkeletonFrame>
  )
}
