import { Form, Link } from '@remix-run/react'
import { NativeSelect } from '~/components/ui/native-select'
import { Button, buttonVariants } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  BAND_OPTIONS,
  hasCohortFilters,
  ONBOARDING_OPTIONS,
  PROCEDURE_OPTIONS,
  REPORTS_PATH,
  type CohortFilters,
} from './admin-reports'

function Select({
  id,
  label,
  value,
  options,
  any,
}: {
  id: keyof CohortFilters
  label: string
  value: string | null
  options: { value: string; label: string }[]
  any: string
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`cohort-${id}`}>{label}</Label>
      <NativeSelect id={`cohort-${id}`} name={id} defaultValue={value ?? ''} key={value ?? ''}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}

/** A GET form: the cohort lives in the URL, so it works without JavaScript and can be shared. */
export function CohortFiltersForm({ filters }: { filters: CohortFilters }) {
  return (
    <Form method="get" aria-labelledby="cohort-heading" className="grid gap-4 rounded-lg border border-border bg-card p-4">
      <div className="grid gap-1">
        <h2 id="cohort-heading" className="text-lg font-semibold">
          Cohort
        </h2>
        <p className="text-sm text-muted-foreground">Choose the patients the summary and the exports cover.</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Select id="procedure" label="Procedure" value={filters.procedure} options={PROCEDURE_OPTIONS} any="All procedures" />
        <Select id="months_since_surgery" label="Months since surgery" value={filters.months_since_surgery} options={BAND_OPTIONS} any="Any time" />
        <Select id="onboarding" label="Onboarding" value={filters.onboarding} options={ONBOARDING_OPTIONS} any="All patients" />
        <div className="grid gap-1.5">
          <Label htmlFor="cohort-surgery_from">Surgery from</Label>
          <Input id="cohort-surgery_from" name="surgery_from" type="date" defaultValue={filters.surgery_from ?? ''} key={filters.surgery_from ?? ''} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="cohort-surgery_to">Surgery to</Label>
          <Input id="cohort-surgery_to" name="surgery_to" type="date" defaultValue={filters.surgery_to ?? ''} key={filters.surgery_to ?? ''} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Apply filters</Button>
        {hasCohortFilters(filters) ? (
          <Link to={REPORTS_PATH} className={buttonVariants({ variant: 'outline' })}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  )
}
