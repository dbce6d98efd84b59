import { Skeleton } from '~/components/ui/skeleton'
import { SkeletonFrame } from './skeleton-frame'

function CardSkeleton({ rows }: { rows: number }) {
  return (
    <div className="grid content-start gap-3 rounded-lg border border-border p-5">
      <Skeleton className="h-5 w-40" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex justify-between gap-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-28" />
        </div>
      ))}
    </div>
  )
}

/** One patient (admin): name and demographics, four cards in two columns, then the trend charts. */
export function PatientDetailsSkeleton({ still }: { still?: boolean }) {
  return (
    <SkeletonFrame label="patient details" still={still} className="grid gap-6">
      <Skeleton className="h-4 w-24" />
      <div className="grid gap-2">
        <Skeleton className="h-8 w-56 max-w-full" />
        <Skeleton className="h-4 w-72 max-w-full" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <CardSkeleton rows={6} />
        <CardSkeleton rows={4} />
        <CardSkeleton rows={3} />
        <CardSkeleton rows={2} />
      </div>
      <Skeleton className="h-64 w-full" />
    </SkeletonFrame>
  )
}
