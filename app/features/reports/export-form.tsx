import { Form } from '@remix-run/react'
import { Download, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  BAND_OPTIONS,
  DATASET_LABELS,
  DATASETS,
  EXPORT_PATH,
  filterQuery,
  IDENTIFIED_SUPER_ADMIN_ONLY,
  MODE_LABELS,
  ONBOARDING_OPTIONS,
  PROCEDURE_OPTIONS,
  type CohortFilters,
  type ExportMode,
} from './admin-reports'
import { cn } from '~/platform/cn'

const MODE_HINTS: Record<ExportMode, string> = {
  deidentified:
    'HIPAA Safe Harbor: no names, e-mails, phone numbers or street addresses; dates as years; ZIP codes as their first three digits; ages over 89 as 90+; patients as random codes that change with every export; no free-text notes.',
  identified: 'Names, contact details, full dates and notes, for internal follow-up. Super Admin only.',
}

function Choice({
  name,
  value,
  defaultChecked,
  disabled,
  label,
  hint,
}: {
  name: string
  value: string
  defaultChecked?: boolean
  disabled?: boolean
  label: ReactNode
  hint?: string
}) {
  const id = `export-${name}-${value}`
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer gap-3 rounded-md border border-input p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        disabled={disabled}
        // The name is the label alone; the hint is its description, not part of it.
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 h-4 w-4 accent-primary"
      />
      <span className="grid gap-1">
        <span id={`${id}-label`} className="font-medium">
          {label}
        </span>
        {hint ? (
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  )
}

function describeCohort(filters: CohortFilters): string {
  const label = (options: { value: string; label: string }[], value: string | null) =>
    options.find((option) => option.value === value)?.label
  const parts = [
    label(PROCEDURE_OPTIONS, filters.procedure),
    label(BAND_OPTIONS, filters.months_since_surgery) && `${label(BAND_OPTIONS, filters.months_since_surgery)} after surgery`,
    label(ONBOARDING_OPTIONS, filters.onboarding),
    filters.surgery_from && `surgery from ${filters.surgery_from}`,
    filters.surgery_to && `surgery to ${filters.surgery_to}`,
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : 'all patients'
}

/**
 * Posted as a document request (reloadDocument), so the browser saves the CSV it answers with,
 * with or without JavaScript. The cohort filters above ride along as hidden fields.
 */
export function ExportForm({ filters, canExportIdentified }: { filters: CohortFilters; canExportIdentified: boolean }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <h2 id="export-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Download className="h-5 w-5 text-primary" aria-hidden />
          Export data
        </h2>
        <CardDescription>
          A CSV file of the cohort: <span className="font-medium text-foreground">{describeCohort(filters)}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action={EXPORT_PATH} reloadDocument aria-labelledby="export-heading" className="grid gap-5">
          {Object.entries(filterQuery(filters)).map(([key, value]) =>
            value ? <input key={key} type="hidden" name={key} value={value} /> : null,
          )}
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Data</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {DATASETS.map((dataset) => (
                <Choice
                  key={dataset}
                  name="dataset"
                  value={dataset}
                  defaultChecked={dataset === 'patients'}
                  label={DATASET_LABELS[dataset]}
                  hint={dataset === 'patients' ? 'One row per patient: profile, outcomes, alerts.' : 'One row per logged weight, sleep, meal, water or vitamins entry.'}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Mode</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <Choice name="mode" value="deidentified" defaultChecked label={MODE_LABELS.deidentified} hint={MODE_HINTS.deidentified} />
              <Choice
                name="mode"
                value="identified"
                disabled={!canExportIdentified}
                label={MODE_LABELS.identified}
                hint={canExportIdentified ? MODE_HINTS.identified : IDENTIFIED_SUPER_ADMIN_ONLY}
              />
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Entry dates</legend>
            <p id="export-range-hint" className="text-xs text-muted-foreground">
              For health log entries only. Leave empty for every date.
            </p>
            <div className="grid gap-3 sm:grid-cols-2 sm:max-w-md">
              <div className="grid gap-1.5">
                <Label htmlFor="export-from">From</Label>
                <Input id="export-from" name="from" type="date" aria-describedby="export-range-hint" />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="export-to">To</Label>
                <Input id="export-to" name="to" type="date" aria-describedby="export-range-hint" />
              </div>
            </div>
          </fieldset>
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
            Every export is recorded in the audit log: who, when, the filters, the mode and the number of rows.
          </p>
          <Button type="submit" size="lg" className="sm:justify-self-start">
            <Download aria-hidden />
            Download CSV
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}
