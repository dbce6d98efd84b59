import { Info } from 'lucide-react'
import type { ReactNode } from 'react'

/** A screen's h1 and its one-line description. */
export function PageHeader({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </div>
  )
}

/**
 * A screen whose content is not built yet: its title, a plain statement of what it will hold, and a
 * still sketch of the layout (marked as such), so nothing on it can be mistaken for real data.
 */
export function PlaceholderScreen({
  title,
  description,
  upcoming,
  preview,
  children,
}: {
  title: string
  description: ReactNode
  /** What the screen will show once it exists, one line each. */
  upcoming: string[]
  /** A still skeleton of the future layout. */
  preview: ReactNode
  children?: ReactNode
}) {
  return (
    <div className="grid gap-6">
      <PageHeader title={title} description={description} />
      <section
        aria-labelledby="coming-soon-heading"
        className="rounded-lg border border-dashed border-primary/40 bg-accent/40 p-5"
      >
        <div className="flex items-start gap-3">
          <Info className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
          <div className="grid gap-2">
            <h2 id="coming-soon-heading" className="font-semibold">
              Not available yet
            </h2>
            <p className="text-sm text-muted-foreground">
              This screen is not built yet, so it shows no data rather than made-up figures. When it is ready, you will
              find here:
            </p>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {upcoming.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {children}
          </div>
        </div>
      </section>
      <figure className="grid gap-2">
        <figcaption className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          Layout preview — no data
        </figcaption>
        <div className="pointer-events-none select-none opacity-60">{preview}</div>
      </figure>
    </div>
  )
}
