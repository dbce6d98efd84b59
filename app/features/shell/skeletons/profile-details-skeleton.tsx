import { Skeleton } from '~/components/ui/skeleton'
import { PageHeadingSkeleton } from './page-heading-skeleton'
import { SkeletonFrame } from './skeleton-frame'

/** The admin's own profile: a card of name, e-mail and role. */
export function ProfileDetailsSkeleton({ still }: { still?: boolean }) {
  return (
    <SkeletonFrame label="profile" still={still} className="grid max-w-2xl gap-6">
      <PageHeadingSkeleton />
      <div className="grid gap-5 rounded-lg border border-border p-6">
        <div className="flex items-center gap-4">
          <Skeleton className="h-12 w-12 rounded-full" />
          <Skeleton className="h-5 w-40" />
        </div>
        {[0, 1, 2].map((i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-5 w-56" />
          </div>
        ))}
      </div>
    </SkeletonFrame>
  )
}
