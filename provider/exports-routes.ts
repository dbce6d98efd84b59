// Extension (docs/provider-api.md, "Exports"): the reports' cohort summary and the CSV exports'
// rows. De-identified exports are open to every admin; identified ones to Super Admins only. Every
// export is written to the audit log with who, when, the filters, the mode and the row count.
import { todayUtc } from './admin-patients-metrics.js'
import { recordAuditEvent } from './store/audit.js'
import type { ProviderContext } from './context.js'
import { serve, type Served } from './endpoint-router.js'
import { ApiError } from './errors.js'
import { appliedFilters, filterSnapshots, type CohortFilters } from './exports-filters.js'
import { entriesTable, patientsTable, readEntries, type ExportMode, type ExportTable } from './exports-rows.js'
import { cohortSummary } from './patient-cohorts.js'
import { listPatientSnapshots } from './patient-snapshots.js'
import type { Account } from './store/accounts.js'
import { API } from '../common/contract/endpoints'
import { DATASETS as EXPORT_DATASETS, type Dataset } from '../common/contract/reports-values'

export const IDENTIFIED_SUPER_ADMIN_ONLY = 'Only a Super Admin can export identified data.'
export { EXPORT_DATASETS }

/** The cohort filters out of a query that may hold more. */
function cohortOf(query: CohortFilters): CohortFilters {
  const { surgery_from, surgery_to, procedure, months_since_surgery, onboarding } = query
  return { surgery_from, surgery_to, procedure, months_since_surgery, onboarding }
}

export function exportRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.reports.summary, async ({ query }) => {
      const filters = cohortOf(query)
      const today = todayUtc()
      const patients = filterSnapshots(await listPatientSnapshots(ctx.db, today), filters, today)
      return {
        message: 'Report loaded.',
        content: { today, filters: appliedFilters(filters), patients: patients.length, ...cohortSummary(patients) },
      }
    }),
    serve(API.reports.exportPatients, ({ caller, query }) =>
      runExport(ctx, caller.account, 'patients', query.mode, cohortOf(query), { from: null, to: null }),
    ),
    serve(API.reports.exportEntries, ({ caller, query }) =>
      runExport(ctx, caller.account, 'entries', query.mode, cohortOf(query), { from: query.from, to: query.to }),
    ),
  ]
}

async function runExport(
  ctx: ProviderContext,
  actor: Account,
  dataset: Dataset,
  mode: ExportMode,
  filters: CohortFilters,
  range: { from: string | null; to: string | null },
) {
  // Checked before any data is read; the app checks too, but the provider is the last word.
  if (mode === 'identified' && actor.role !== 'Super Admin') throw new ApiError(403, IDENTIFIED_SUPER_ADMIN_ONLY)

  const today = todayUtc()
  const patients = filterSnapshots(await listPatientSnapshots(ctx.db, today), filters, today)
  const result: ExportTable =
    dataset === 'patients'
      ? patientsTable(patients, mode, today)
      : entriesTable(patients, await readEntries(ctx.db, patients.map((p) => p.id), range.from, range.to), mode)
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
