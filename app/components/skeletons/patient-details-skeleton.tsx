import { Skeleton } from '~/components/ui/skeleton'
import { SkeletonFrame } from './skeleton-frame'

/** One patient: identity header, then sections of label/value pairs beside a chart area. */
export function PatientDetailsSkeleton({ still }: { still?: boolean }) {
  return (
    <SkeletonFrame label="patient details" still={still} className="grid gap-6">
      <div className="flex items-center gap-4">
        <Skeleton className="h-14 w-14 rounded-full" />
        <div className="grid gap-2">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-64 max-w-full" />
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="grid gap-3 rounded-lg border border-border p-5 lg:col-span-1">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="flex justify-between gap-4">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-4 w-28" />
            </div>
          ))}
        </div>
        <Skeleton className="h-64 w-full lg:col-span-2" />
      </div>
    </SkeletonFrame>
  )
}
