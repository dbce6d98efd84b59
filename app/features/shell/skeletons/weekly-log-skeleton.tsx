import { Skeleton } from '~/components/ui/skeleton'
import { PageHeadingSkeleton } from './page-heading-skeleton'
import { SkeletonFrame } from './skeleton-frame'

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** A week of logs: one column per day with weight, sleep and meal rows. */
export function WeeklyLogSkeleton({ still }: { still?: boolean }) {
  return (
    <SkeletonFrame label="weekly log" still={still} className="grid gap-6">
      <PageHeadingSkeleton />
      <div className="flex items-center justify-between">
        <Skeleton className="h-9 w-9" />
        <Skeleton className="h-5 w-44" />
        <Skeleton className="h-9 w-9" />
      </div>
      <div className="grid grid-cols-7 gap-2 overflow-hidden">
        {DAYS.map((day) => (
          <div key={day} className="grid gap-2 rounded-lg border border-border p-2">
            <Skeleton className="mx-auto h-3 w-8" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </div>
    </SkeletonFrame>
  )
}
