import { Skeleton } from '~/components/ui/skeleton'
import { cn } from '~/lib/cn'
import { SkeletonFrame } from './skeleton-frame'

/** The sidebar while the signed-in shell is on its way (e.g. right after signing in). */
export function SidebarSkeleton({ still, className }: { still?: boolean; className?: string }) {
  return (
    <SkeletonFrame
      label="navigation"
      still={still}
      className={cn('hidden h-screen w-sidebar shrink-0 flex-col gap-6 border-r border-border bg-sidebar p-4 md:flex', className)}
    >
      <Skeleton className="h-7 w-32" />
      {[3, 2].map((count, section) => (
        <div key={section} className="grid gap-2">
          <Skeleton className="h-3 w-16" />
          {Array.from({ length: count }, (_, i) => (
            <div key={i} className="flex items-center gap-3">
              <Skeleton className="h-4 w-4" />
              <Skeleton className="h-4 w-32" />
            </div>
          ))}
        </div>
      ))}
    </SkeletonFrame>
  )
}
