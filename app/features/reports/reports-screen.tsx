// /admin/reports: the cohort (filters in the URL), its outcome summary, and the CSV export form.
import { Link, useLocation } from '@remix-run/react'
import { CircleAlert } from 'lucide-react'
import { PageHeader } from '~/components/ui/page-header'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import type { CohortFilters, ReportSummary } from './admin-reports'
import { REPORTS } from '~/platform/messages'
import { CohortFiltersForm } from './cohort-filters'
import { CohortSummary } from './cohort-tables'
import { ExportForm } from './export-form'

export type ReportsView = {
  filters: CohortFilters
  canExportIdentified: boolean
  summary: ReportSummary | null
  loadError: string | null
}

export function ReportsScreen({ view }: { view: ReportsView }) {
  const location = useLocation()
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <PageHeader title={REPORTS.title} description={REPORTS.description} />
      <CohortFiltersForm filters={view.filters} />
      {view.summary ? (
        <CohortSummary summary={view.summary} />
      ) : (
        <Alert variant="destructive">
          <CircleAlert className="h-4 w-4" aria-hidden />
          <AlertTitle>The cohort summary could not be loaded</AlertTitle>
          <AlertDescription>
            <p>{view.loadError}</p>
            <Link to={`${location.pathname}${location.search}`} reloadDocument className="mt-2 inline-block font-medium underline underline-offset-4">
              Try again
            </Link>
          </AlertDescription>
        </Alert>
      )}
      <ExportForm filters={view.filters} canExportIdentified={view.canExportIdentified} />
    </div>
  )
}
