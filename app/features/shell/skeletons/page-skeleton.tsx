import { Skeleton } from '~/components/ui/skeleton'
import { PageHeadingSkeleton } from './page-heading-skeleton'
import { SkeletonFrame } from './skeleton-frame'

/** A screen with a chart-sized area (health trends, devices, the admin dashboard). */
export function PageSkeleton({ still, label }: { still?: boolean; label: string }) {
  return (
    <SkeletonFrame label={label} still={still} className="grid gap-6">
      <PageHeadingSkeleton />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
      <Skeleton className="h-24 w-full" />
    </SkeletonFrame>
  )
}

/** A single-column form (change password). */
export function FormSkeleton({ still, label, fields = 3 }: { still?: boolean; label: string; fields?: number }) {
  return (
    <SkeletonFrame label={label} still={still} className="grid max-w-lg gap-6">
      <PageHeadingSkeleton />
      <div className="grid gap-5 rounded-lg border border-border p-6">
        {Array.from({ length: fields }, (_, i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
        <Skeleton className="h-10 w-40" />
      </div>
    </SkeletonFrame>
  )
}
