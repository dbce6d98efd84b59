import { Skeleton } from '~/components/ui/skeleton'

export function PageHeadingSkeleton() {
  return (
    <div className="grid gap-2">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-4 w-80 max-w-full" />
    </div>
  )
}
