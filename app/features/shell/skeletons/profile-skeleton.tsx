import { Skeleton } from '~/components/ui/skeleton'
import { PROFILE_TABS } from '~/platform/profile-tabs'
import { PageHeadingSkeleton } from './page-heading-skeleton'
import { SkeletonFrame } from './skeleton-frame'

/** The patient's profile: four tabs, then a two-column form. */
export function ProfileSkeleton({ still }: { still?: boolean }) {
  return (
    <SkeletonFrame label="profile" still={still} className="grid gap-6">
      <PageHeadingSkeleton />
      {/* The same four tabs as the page (SPEC.md §2: personal, medical, preferences, connected). */}
      <div className="flex gap-2 border-b border-border pb-2">
        {PROFILE_TABS.map((tab) => (
          <Skeleton key={tab.id} data-skeleton-tab={tab.id} className="h-9 w-20 sm:w-24" />
        ))}
      </div>
      <div className="grid gap-4 rounded-lg border border-border p-6 sm:grid-cols-2">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </div>
    </SkeletonFrame>
  )
}
