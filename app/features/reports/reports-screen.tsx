// /admin/reports: the cohort (filters in the URL), its outcome summary, and the CSV export form.
import { useLocation } from '@remix-run/react'
import { PageHeader } from '~/components/ui/page-header'
import type { CohortFilters, ReportSummary } from './admin-reports'
import { REPORTS } from '~/platform/messages'
import { CohortFiltersForm } from './cohort-filters'
import { CohortSummary } from './cohort-tables'
import { ExportForm } from './export-form'
import { LoadFailed } from '~/components/ui/load-failed'

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
        <LoadFailed title="The cohort summary could not be loaded" message={view.loadError} retryHref={`${location.pathname}${location.search}`} />
      )}
      <ExportForm filters={view.filters} canExportIdentified={view.canExportIdentified} />
    </div>
  )
}
