// Server side of /admin/reports: the cohort summary (GET v1/admin/reports/summary/) and the CSV
// download (POST /admin/reports/export → GET v1/admin/exports/{dataset}/), both extensions
// (docs/provider-api.md "Reports and exports"). Identified exports are refused to Standard Admins
// here and again by the provider.
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { API } from '~/../common/contract/endpoints'
import {
  DATASETS,
  EXPORT_MODES,
  exportFilename,
  filterQuery,
  IDENTIFIED_SUPER_ADMIN_ONLY,
  readCohortFilters,
  readEntryRange,
  reportsHref,
  toCsv,
  type CohortFilters,
  type Dataset,
  type EntryRange,
  type ExportMode,
  type ExportTable,
  type ReportSummary,
} from './admin-reports'
import type { AdminContext } from '~/platform/guards.server'
import { VALIDATION } from '~/platform/messages'
import type { ProviderClient } from '~/platform/provider-client.server'
import type { ProviderResult } from '~/platform/provider-errors'
import { SUPER_ADMIN } from '~/platform/roles'
import { combineHeaders } from '~/platform/headers'
import { redirectWithToast } from '~/platform/toast.server'
import { readForm } from '~/platform/form-data.server'

/** The export form: which data, in which mode; the cohort filters ride along as they are. */
const exportSchema = z.object({
  dataset: z.enum(DATASETS, { errorMap: () => ({ message: 'Choose what to export' }) }),
  mode: z.enum(EXPORT_MODES, { errorMap: () => ({ message: 'Choose de-identified or identified' }) }),
})

export async function getReportSummary(
  api: ProviderClient,
  filters: CohortFilters,
): Promise<ProviderResult<ReportSummary>> {
  return api.call(API.reports.summary, { query: filterQuery(filters) })
}

export async function getExport(
  api: ProviderClient,
  dataset: Dataset,
  mode: ExportMode,
  filters: CohortFilters,
  range: EntryRange,
): Promise<ProviderResult<ExportTable>> {
  // 'Only a Super Admin can export identified data.' (and any other refusal) is the
  // 'Export failed' toast on the reports page, not /not-authorized.
  const options = { forbidden: 'answer' } as const
  const query = { mode, ...filterQuery(filters) }
  return dataset === 'entries'
    ? api.call(API.reports.exportEntries, { query: { ...query, ...filterQuery(range) } }, options)
    : api.call(API.reports.exportPatients, { query }, options)
}

export async function loadReports({ request, role, api, headers }: AdminContext) {
  const filters = readCohortFilters(new URL(request.url).searchParams)
  const result = await getReportSummary(api, filters)
  return data(
    {
      filters,
      canExportIdentified: role === SUPER_ADMIN,
      summary: result.ok ? result.content : null,
      loadError: result.ok ? null : result.message,
    },
    { headers },
  )
}

/**
 * The export form posts here (a document request, so the browser downloads the answer with or
 * without JavaScript). Anything that stops the download goes back to the reports page, filters
 * kept, with a toast saying why.
 */
export async function exportAction({ request, role, api, headers }: AdminContext) {
  const formData = await readForm(request)
  const filters = readCohortFilters(formData)
  const back = reportsHref(filters)
  const submission = parseWithZod(formData, { schema: exportSchema })
  if (submission.status !== 'success') {
    return redirectWithToast(back, {
      title: VALIDATION.formInvalidTitle,
      description: VALIDATION.formInvalidDescription,
      type: 'destructive',
    })
  }
  const { dataset, mode } = submission.value
  if (mode === 'identified' && role !== SUPER_ADMIN) {
    return redirectWithToast(back, { title: IDENTIFIED_SUPER_ADMIN_ONLY, type: 'destructive' })
  }
  const result = await getExport(api, dataset, mode, filters, readEntryRange(formData))
  if (!result.ok) {
    return redirectWithToast(
      back,
      { title: 'Export failed', description: result.message, type: 'destructive' },
      { headers },
    )
  }
  const table = result.content
  return new Response(toCsv(table.columns, table.rows), {
    status: 200,
    headers: combineHeaders(headers, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFilename(dataset, mode, table.generated_at)}"`,
      // Patient data: never kept by the browser's or anyone else's cache.
      'Cache-Control': 'no-store',
      'X-Export-Rows': String(table.row_count),
      'X-Export-Truncated': String(table.truncated),
    }),
  })
}
