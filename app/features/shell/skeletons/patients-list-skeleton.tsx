import { Skeleton } from '~/components/ui/skeleton'
import { PageHeadingSkeleton } from './page-heading-skeleton'
import { SkeletonFrame } from './skeleton-frame'
import { TableSkeleton } from './table-skeleton'

/** The patients list (or the users list: `label`): search and filters over a table. */
export function PatientsListSkeleton({ still, label = 'patients' }: { still?: boolean; label?: string }) {
  return (
    <SkeletonFrame label={label} still={still} className="grid gap-6">
      <PageHeadingSkeleton />
      <div className="flex flex-wrap gap-3">
        <Skeleton className="h-10 w-64 max-w-full" />
        <Skeleton className="h-10 w-32" />
      </div>
      <TableSkeleton />
    </SkeletonFrame>
  )
}
