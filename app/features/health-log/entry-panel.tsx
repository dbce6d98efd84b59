// The top of the log page: the quick-entry forms (one per kind, chosen by links so it works
// without JavaScript), or the edit form of one entry, or the confirmation before deleting one.
import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import {
  Apple,
  CircleAlert,
  Droplet,
  Loader2,
  Moon,
  Pill,
  Scale,
  Trash2,
  type LucideIcon,
} from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button, buttonVariants } from '~/components/ui/button'
import { cn } from '~/platform/cn'
import { dayLabels, ENTRY_KIND_LABELS, ENTRY_KINDS, logDataHref, mondayOf, type EntriesByKind, type EntryKind, type LogEntry, type LogPanel } from './log-entries'
import { describeEntry, editEntryFormId, newEntryFormId } from './log-entry-text'
import { entryFormDefaults, newEntryDefaults } from './log-entry-defaults'
import type { WeightUnit } from '~/platform/units'
import { EntryForm } from './entry-form'

export const KIND_ICONS: Record<EntryKind, LucideIcon> = {
  weight: Scale,
  sleep: Moon,
  meal: Apple,
  water: Droplet,
  vitamins: Pill,
}

type Answer = { formId: string; result: SubmissionResult<string[]> } | undefined

export function EntryPanel({
  panel,
  week,
  selectedDay,
  weightUnit,
  entries,
  answer,
  formKey,
}: {
  panel: LogPanel
  week: string
  selectedDay: string | null
  weightUnit: WeightUnit
  entries: EntriesByKind | null
  answer: Answer
  /** Changes after every navigation, so a saved form starts empty again. */
  formKey: string
}) {
  const back = logDataHref({ week, day: selectedDay ?? undefined })
  switch (panel.mode) {
    case 'new':
      return (
        <NewEntry
          panel={panel}
          week={week}
          selectedDay={selectedDay}
          weightUnit={weightUnit}
          entries={entries}
          answer={answer}
          formKey={formKey}
        />
      )
    case 'edit':
      return (
        <EditEntry
          entry={panel.entry}
          weightUnit={weightUnit}
          answer={answer}
          back={logDataHref({ week: mondayOf(panel.entry.date), day: panel.entry.date })}
        />
      )
    case 'confirm-delete':
      return (
        <ConfirmDelete
          entry={panel.entry}
          weightUnit={weightUnit}
          back={logDataHref({ week: mondayOf(panel.entry.date), day: panel.entry.date })}
        />
      )
    case 'missing':
      return (
        <Alert variant="destructive">
          <CircleAlert className="h-4 w-4" aria-hidden />
          <AlertTitle>This entry no longer exists</AlertTitle>
          <AlertDescription>
            <p>It may have been deleted already.</p>
            <Link to={back} className="mt-2 inline-block font-medium underline underline-offset-4">
              Back to your week
            </Link>
          </AlertDescription>
        </Alert>
      )
  }
}

function PanelCard({
  title,
  titleId,
  description,
  children,
  className,
}: {
  title: string
  titleId: string
  description?: string
  children: React.ReactNode
  className?: string
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'rounded-lg border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-6',
        className,
      )}
    >
      <div className="mb-4 grid gap-1">
        <h2 id={titleId} tabIndex={-1} className="text-lg font-semibold leading-tight focus:outline-none">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  )
}

function NewEntry({
  panel,
  week,
  selectedDay,
  weightUnit,
  entries,
  answer,
  formKey,
}: {
  panel: Extract<LogPanel, { mode: 'new' }>
  week: string
  selectedDay: string | null
  weightUnit: WeightUnit
  entries: EntriesByKind | null
  answer: Answer
  formKey: string
}) {
  const formId = newEntryFormId(panel.kind)
  const defaults = newEntryDefaults(panel.kind, panel.date, weightUnit, panel.time)
  // One vitamins checklist per day: start from what is already ticked for that day.
  const ticked =
    panel.kind === 'vitamins' ? entries?.vitamins.find((entry) => entry.date === panel.date) : undefined
  if (ticked) defaults.taken = [...ticked.taken]
  return (
    <PanelCard
      title="Log your day"
      titleId="entry-panel-title"
      description="Pick what to record. The date starts on today; change it to log an earlier day."
    >
      <nav aria-label="What to log" className="mb-4 flex flex-wrap gap-2">
        {ENTRY_KINDS.map((kind) => {
          const Icon = KIND_ICONS[kind]
          const current = kind === panel.kind
          return (
            <Link
              key={kind}
              to={logDataHref({ week, day: selectedDay ?? undefined, log: kind })}
              preventScrollReset
              aria-current={current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-10 shrink-0 items-center gap-2 rounded-md border px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                current
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-input bg-background hover:bg-accent hover:text-accent-foreground',
              )}
            >
              <Icon className="h-4 w-4" aria-hidden />
              {ENTRY_KIND_LABELS[kind]}
            </Link>
          )
        })}
      </nav>
      <EntryForm
        key={`${panel.kind}-${formKey}`}
        kind={panel.kind}
        editing={null}
        defaults={defaults}
        lastResult={answer?.formId === formId ? answer.result : undefined}
      />
    </PanelCard>
  )
}

function useFocusOnArrival(id: string) {
  const focused = useRef(false)
  useEffect(() => {
    if (focused.current) return
    focused.current = true
    document.getElementById(id)?.focus()
  }, [id])
}

function EditEntry({
  entry,
  weightUnit,
  answer,
  back,
}: {
  entry: LogEntry
  weightUnit: WeightUnit
  answer: Answer
  back: string
}) {
  const ref = { kind: entry.kind, id: entry.id }
  const formId = editEntryFormId(ref)
  useFocusOnArrival('entry-panel-title')
  return (
    <PanelCard
      title={`Edit ${ENTRY_KIND_LABELS[entry.kind].toLowerCase()} entry`}
      titleId="entry-panel-title"
      description={`Logged for ${dayLabels(entry.date).long}.`}
    >
      <EntryForm
        key={formId}
        kind={entry.kind}
        editing={ref}
        defaults={entryFormDefaults(entry, weightUnit)}
        lastResult={answer?.formId === formId ? answer.result : undefined}
        cancelHref={back}
      />
    </PanelCard>
  )
}

function ConfirmDelete({
  entry,
  weightUnit,
  back,
}: {
  entry: LogEntry
  weightUnit: WeightUnit
  back: string
}) {
  const navigation = useNavigation()
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'delete'
  const described = describeEntry(entry, weightUnit)
  useFocusOnArrival('entry-panel-title')
  return (
    <PanelCard title="Delete this entry?" titleId="entry-panel-title" className="border-destructive/60">
      <div
        className="mb-4 rounded-md border border-border bg-muted/40 p-3 text-sm"
        data-testid="delete-subject"
      >
        <p className="font-medium">
          {described.title}: {described.value}
        </p>
        <p className="text-muted-foreground">
          {[dayLabels(entry.date).long, described.detail].filter(Boolean).join(' · ')}
        </p>
      </div>
      <p className="mb-4 text-sm text-muted-foreground">This cannot be undone.</p>
      <Form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="kind" value={entry.kind} />
        <input type="hidden" name="id" value={entry.id} />
        <input type="hidden" name="week" value={mondayOf(entry.date)} />
        <input type="hidden" name="day" value={entry.date} />
        <Button
          type="submit"
          variant="destructive"
          aria-disabled={deleting || undefined}
          onClick={(event) => deleting && event.preventDefault()}
        >
          {deleting ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
          {deleting ? 'Deleting...' : 'Delete entry'}
        </Button>
        <Link to={back} className={buttonVariants({ variant: 'outline' })}>
          Cancel
        </Link>
      </Form>
    </PanelCard>
  )
}
