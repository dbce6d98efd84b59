import { Form, Link, useSubmit } from '@remix-run/react'
import { Search } from 'lucide-react'
import { useId, type ChangeEvent } from 'react'
import { Button, buttonVariants } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  ALERT_OPTIONS,
  hasFilters,
  MILESTONE_OPTIONS,
  ONBOARDING_OPTIONS,
  PATIENTS_PATH,
  patientsHref,
  PROCEDURE_OPTIONS,
  type PatientsQuery,
} from './admin-patients'
import { cn } from '~/platform/cn'

const selectClasses =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background'

function FilterSelect({
  name,
  label,
  value,
  options,
  anyLabel,
  onChange,
}: {
  name: string
  label: string
  value: string | null
  options: ReadonlyArray<{ value: string; label: string }>
  anyLabel: string
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
}) {
  const id = useId()
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} name={name} defaultValue={value ?? ''} onChange={onChange} className={selectClasses}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * A GET form: the URL is the state, so it works without JavaScript (Apply), and with it a changed
 * filter applies at once. Sorting and the unit ride along; the page starts again at 1.
 */
export function PatientsFilters({ query }: { query: PatientsQuery }) {
  const submit = useSubmit()
  const searchId = useId()
  const applyNow = (event: ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.form) submit(event.currentTarget.form, { replace: true })
  }
  return (
    <Form
      method="get"
      action={PATIENTS_PATH}
      role="search"
      aria-label="Search and filter patients"
      className="grid gap-4"
    >
      {query.sort !== 'name' || query.dir !== 'asc' ? (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
        </>
      ) : null}
      {query.unit !== 'kg' ? <input type="hidden" name="unit" value={query.unit} /> : null}
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>Search by name or e-mail</Label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Search
              className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={searchId}
              type="search"
              name="q"
              defaultValue={query.q}
              maxLength={100}
              autoComplete="off"
              className="pl-9"
            />
          </div>
          <Button type="submit">Search</Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FilterSelect
          name="procedure"
          label="Procedure"
          value={query.procedure}
          options={PROCEDURE_OPTIONS}
          anyLabel="All procedures"
          onChange={applyNow}
        />
        <FilterSelect
          name="onboarding"
          label="Onboarding"
          value={query.onboarding}
          options={ONBOARDING_OPTIONS}
          anyLabel="All states"
          onChange={applyNow}
        />
        <FilterSelect
          name="milestone"
          label="Next follow-up"
          value={query.milestone}
          options={MILESTONE_OPTIONS}
          anyLabel="Any time"
          onChange={applyNow}
        />
        <FilterSelect
          name="alert"
          label="Alerts"
          value={query.alert}
          options={ALERT_OPTIONS}
          anyLabel="All patients"
          onChange={applyNow}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="outline" size="sm">
          Apply filters
        </Button>
        {hasFilters(query) ? (
          <Link
            to={patientsHref({
              ...query,
              q: '',
              procedure: null,
              onboarding: null,
              milestone: null,
              alert: null,
              page: 1,
            })}
            className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }))}
          >
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  )
}
