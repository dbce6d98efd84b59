// The entries of the day picked in the week, each with Edit and Delete (both plain links to a
// state of this page, so they work without JavaScript; Delete asks before anything is removed).
import { Link } from '@remix-run/react'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { buttonVariants } from '~/components/ui/button'
import { cn } from '~/platform/cn'
import { dayLabels, entriesOn, ENTRY_KIND_LABELS, logDataHref, type EntriesByKind, type EntryKind } from './log-entries'
import { describeEntry } from './log-entry-text'
import type { WeightUnit } from '~/platform/units'
import { KIND_ICONS } from './entry-panel'

export function DayEntries({
  date,
  monday,
  entries,
  weightUnit,
  log,
  today,
}: {
  date: string
  monday: string
  entries: EntriesByKind
  weightUnit: WeightUnit
  log: EntryKind
  today: string
}) {
  const list = entriesOn(entries, date)
  const labels = dayLabels(date)
  return (
    <section aria-labelledby="day-entries-heading" className="grid min-w-0 gap-3" data-testid="day-entries">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="day-entries-heading" className="text-lg font-semibold">
          {date === today ? `Today, ${labels.short}` : labels.long}
        </h2>
        <Link
          to={`${logDataHref({ week: monday, day: date, log })}#entry-panel-title`}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <Plus className="h-4 w-4" aria-hidden />
          Log for this day
        </Link>
      </div>
      {list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
          Nothing logged for this day yet.
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card">
          {list.map((entry) => {
            const Icon = KIND_ICONS[entry.kind]
            const described = describeEntry(entry, weightUnit)
            const ref = { kind: entry.kind, id: entry.id }
            const name = `${ENTRY_KIND_LABELS[entry.kind].toLowerCase()} entry, ${described.value}`
            return (
              <li
                key={`${entry.kind}-${entry.id}`}
                className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap"
                data-testid={`entry-${entry.kind}-${entry.id}`}
              >
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                  <Icon className="h-4 w-4" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm">
                    <span className="font-medium">{described.title}</span>{' '}
                    <span className="font-semibold tabular-nums">{described.value}</span>
                  </p>
                  {described.detail ? (
                    <p className="text-xs text-muted-foreground">{described.detail}</p>
                  ) : null}
                </div>
                <div className="flex shrink-0 gap-2">
                  <Link
                    to={logDataHref({ week: monday, day: date, edit: ref })}
                    className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}
                    aria-label={`Edit ${name}`}
                  >
                    <Pencil aria-hidden />
                    {/* Icons alone on a phone, so the entry's own text keeps the width (the label names it). */}
                    <span className="hidden sm:inline">Edit</span>
                  </Link>
                  <Link
                    to={logDataHref({ week: monday, day: date, confirmDelete: ref })}
                    className={cn(
                      buttonVariants({ variant: 'outline', size: 'sm' }),
                      'text-destructive hover:text-destructive',
                    )}
                    aria-label={`Delete ${name}`}
                  >
                    <Trash2 aria-hidden />
                    <span className="hidden sm:inline">Delete</span>
                  </Link>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
