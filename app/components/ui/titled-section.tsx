import type { ReactNode } from 'react'
import { cn } from '~/platform/cn'

/** A titled card of a record page (the admin's patient record); the title is an h2 that labels the region. */
export function Section({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string
  title: string
  description?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn(
        'grid grid-cols-1 content-start gap-4 rounded-lg border border-border bg-card p-5',
        className,
      )}
    >
      <div className="grid gap-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  )
}
