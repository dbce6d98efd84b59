import { Link, useLocation, useNavigation } from '@remix-run/react'
import { Users } from 'lucide-react'
import { PageHeader } from '~/components/ui/page-header'
import {
  ariaSort,
  hasFilters,
  PATIENT_SORTS,
  PATIENTS_PATH,
  patientsHref,
  sortHref,
  type PatientsQuery,
} from './admin-patients'
import type { PatientsPage } from './admin-patients.server'
import { cn } from '~/platform/cn'
import { PatientsFilters } from './patients-filters'
import { PatientsCards, PatientsTable } from './patients-table'
import { Pagination } from './pagination'
import { UnitSwitch } from './unit-switch'
import { LoadFailed } from '~/components/ui/load-failed'

const SORT_NAMES = {
  name: 'Name',
  surgery_date: 'Surgery date',
  last_data: 'Last data',
  twl: '%TWL',
} as const

/** Below 1024 px there are no column headers to click: the same sort links as a row. */
function SortLinks({ query }: { query: PatientsQuery }) {
  return (
    <nav aria-label="Sort patients" className="flex flex-wrap items-center gap-2 text-sm lg:hidden">
      <span className="text-muted-foreground">Sort by</span>
      {PATIENT_SORTS.map((sort) => {
        const current = ariaSort(query, sort)
        return (
          <Link
            key={sort}
            to={sortHref(query, sort)}
            aria-current={current ? 'true' : undefined}
            className={cn(
              'rounded-md border px-2.5 py-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              current
                ? 'border-primary bg-primary/10 font-medium text-foreground'
                : 'border-border text-muted-foreground',
            )}
          >
            {SORT_NAMES[sort]}
            {current ? <span aria-hidden>{current === 'ascending' ? ' ↑' : ' ↓'}</span> : null}
            {current ? <span className="sr-only"> ({current})</span> : null}
          </Link>
        )
      })}
    </nav>
  )
}

function caption(page: PatientsPage): string {
  const filtered = hasFilters(page.query) ? ' matching the search and filters' : ''
  return `Patients${filtered}, sorted by ${SORT_NAMES[page.query.sort]} ${page.query.dir === 'asc' ? 'ascending' : 'descending'}, page ${page.query.page} of ${Math.max(1, page.totalPages)}`
}

export function PatientsScreen({ page }: { page: PatientsPage }) {
  const location = useLocation()
  const navigation = useNavigation()
  // A new query of this list is loading: keep the rows, dimmed, rather than flashing a skeleton.
  const refreshing = navigation.state === 'loading' && navigation.location.pathname === PATIENTS_PATH
  const { query } = page
  return (
    <div className="grid grid-cols-1 gap-6 [&>*]:min-w-0">
      <PageHeader
        title="Patients"
        description="Everyone in your programme: search, filter and open a patient's record."
      >
        <UnitSwitch current={query.unit} hrefFor={(unit) => patientsHref(query, { unit })} />
      </PageHeader>
      <PatientsFilters key={location.search} query={query} />
      {page.error ? (
        <LoadFailed title="The patients could not be loaded" message={page.error} retryHref={patientsHref(query)} />
      ) : (
        <section
          aria-labelledby="patients-results"
          aria-busy={refreshing || undefined}
          className={cn('grid grid-cols-1 gap-4', refreshing && 'opacity-60')}
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="patients-results" className="text-lg font-semibold">
              {page.total === 1 ? '1 patient' : `${page.total} patients`}
            </h2>
            <SortLinks query={query} />
          </div>
          {page.items.length === 0 ? (
            <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-border p-10 text-center">
              <Users className="h-8 w-8 text-muted-foreground" aria-hidden />
              <p className="font-medium">
                {hasFilters(query) ? 'No patients match these filters' : 'No patients yet'}
              </p>
              <p className="text-sm text-muted-foreground">
                {hasFilters(query)
                  ? 'Try a different search, or clear the filters.'
                  : 'Patients appear here once they sign up.'}
              </p>
            </div>
          ) : (
            <>
              <PatientsTable items={page.items} query={query} caption={caption(page)} />
              <PatientsCards items={page.items} query={query} caption={caption(page)} />
            </>
          )}
          <Pagination
            query={query}
            totalPages={page.totalPages}
            total={page.total}
            shown={page.items.length}
          />
        </section>
      )}
    </div>
  )
}
