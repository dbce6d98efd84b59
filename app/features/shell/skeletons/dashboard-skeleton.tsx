import { Skeleton } from '~/components/ui/skeleton'
import { PageHeadingSkeleton } from './page-heading-skeleton'
import { SkeletonFrame } from './skeleton-frame'

/** The dashboard: greeting, four summary cards, three shortcut cards. */
export function DashboardSkeleton({ still }: { still?: boolean }) {
  return (
    <SkeletonFrame label="dashboard" still={still} className="grid gap-6">
      <PageHeadingSkeleton />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="grid gap-3 rounded-lg border border-border p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-32" />
            <Skeleton className="h-3 w-40" />
          </div>
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="grid gap-3 rounded-lg border border-border p-5">
            <Skeleton className="h-9 w-9 rounded-full" />
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-3 w-full" />
          </div>
        ))}
      </div>
    </SkeletonFrame>
  )
}
