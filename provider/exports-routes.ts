// Extension (docs/provider-api.md, "Exports"): the reports' cohort summary and the CSV exports'
// rows. De-identified exports are open to every admin; identified ones to Super Admins only. Every
// export is written to the audit log with who, when, the filters, the mode and the row count.
import { ANY_ADMIN, requireAdminRole } from './admin-users-access.js'
import { todayUtc } from './admin-patients-metrics.js'
import { recordAuditEvent } from './store/audit.js'
import type { ProviderContext } from './context.js'
import { ApiError } from './errors.js'
import { appliedFilters, filterSnapshots, readCohortFilters } from './exports-filters.js'
import { entriesTable, EXPORT_MODES, patientsTable, readEntries, type ExportMode, type ExportTable } from './exports-rows.js'
import type { RequestInput, Route } from './http.js'
import { cohortSummary } from './patient-cohorts.js'
import { listPatientSnapshots } from './patient-snapshots.js'
import { FieldReader } from './validation.js'
import { exportTableSchema, reportSummarySchema } from '../common/contract/reports'
import { DATASETS as EXPORT_DATASETS, type Dataset } from '../common/contract/reports-values'

export const IDENTIFIED_SUPER_ADMIN_ONLY = 'Only a Super Admin can export identified data.'
export { EXPORT_DATASETS }

export function exportRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'GET',
      path: 'v1/admin/reports/summary/',
      answer: reportSummarySchema,
      handler: async (req) => {
        await requireAdminRole(ctx, req, ANY_ADMIN)
        const f = new FieldReader(Object.fromEntries(req.query))
        const filters = readCohortFilters(f)
        f.done()
        const today = todayUtc()
        const patients = filterSnapshots(await listPatientSnapshots(ctx.db, today), filters, today)
        return {
          message: 'Report loaded.',
          content: { today, filters: appliedFilters(filters), patients: patients.length, ...cohortSummary(patients) },
        }
      },
    },
    ...EXPORT_DATASETS.map(
      (dataset): Route => ({
        method: 'GET',
        path: `v1/admin/exports/${dataset}/`,
        answer: exportTableSchema,
        handler: (req) => runExport(ctx, req, dataset),
      }),
    ),
  ]
}

async function runExport(ctx: ProviderContext, req: RequestInput, dataset: Dataset) {
  const actor = await requireAdminRole(ctx, req, ANY_ADMIN)
  const f = new FieldReader(Object.fromEntries(req.query))
  const mode = f.choice('mode', EXPORT_MODES, { label: 'Mode', required: 'Mode is required' }) as ExportMode | null
  const filters = readCohortFilters(f)
  // Entries only: the days logged (patients are chosen by the cohort filters).
  const range = dataset === 'entries' ? readEntryRange(f) : { from: null, to: null }
  f.done()
  // Checked before any data is read; the app checks too, but the provider is the last word.
  if (mode === 'identified' && actor.role !== 'Super Admin') throw new ApiError(403, IDENTIFIED_SUPER_ADMIN_ONLY)

  const today = todayUtc()
  const patients = filterSnapshots(await listPatientSnapshots(ctx.db, today), filters, today)
  const result: ExportTable =
    dataset === 'patients'
      ? patientsTable(patients, mode!, today)
      : entriesTable(patients, await readEntries(ctx.db, patients.map((p) => p.id), range.from, range.to), mode!)
  const applied = { ...appliedFilters(filters), ...appliedFilters(range) }
  const generatedAt = new Date().toISOString()
  await recordAuditEvent(ctx.db, {
    actor,
    action: 'export',
    details: {
      dataset,
      mode,
      filters: applied,
      row_count: result.rows.length,
      truncated: result.truncated,
    },
  })
  return {
    message: 'Export ready.',
    content: {
      dataset,
      mode,
      generated_at: generatedAt,
      filters: applied,
      row_count: result.rows.length,
      ...result,
    },
  }
}

function readEntryRange(f: FieldReader): { from: string | null; to: string | null } {
  const from = f.date('from', { label: 'From date' })
  const to = f.date('to', { label: 'To date' })
  if (from && to && to < from) f.fail('to', 'To date must be on or after the from date')
  return { from, to }
}
