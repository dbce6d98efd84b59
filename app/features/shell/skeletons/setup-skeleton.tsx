import { Skeleton } from '~/components/ui/skeleton'

/** Placeholder for a wizard step while the next one loads (SPEC.md §2: a setup-page skeleton). */
export function SetupSkeleton() {
  return (
    <div role="status" aria-live="polite" className="rounded-lg border border-border bg-card p-6 shadow-sm">
      <span className="sr-only">Loading the next step…</span>
      <div className="grid gap-2">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="grid gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </div>
      <div className="mt-8 flex justify-between">
        <Skeleton className="h-10 w-24" />
        <Skeleton className="h-10 w-32" />
      </div>
    </div>
  )
}
