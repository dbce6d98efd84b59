// Reports and exports (docs/provider-api.md "GET v1/admin/reports/summary/", "GET
// v1/admin/exports/…"): the cohort summary and an export's rows. Server code only (zod).
import { z } from 'zod'
import { cohortRowSchema } from './admin-dashboard'
import { DATASETS, EXPORT_MODES } from './reports-values'

/** GET v1/admin/reports/summary/ */
export const reportSummarySchema = z.object({
  today: z.string().catch(''),
  patients: z.number(),
  by_procedure: z.array(cohortRowSchema),
  by_months_since_surgery: z.array(cohortRowSchema),
})
export type ReportSummary = z.output<typeof reportSummarySchema>

export type ExportCell = string | number | boolean | null
const isCell = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value)
// By hand rather than a zod walk of each cell: an export holds up to 50,000 rows of ~20 cells.
const rows = z.custom<ExportCell[][]>(
  (value) => Array.isArray(value) && value.every((row) => Array.isArray(row) && row.every(isCell)),
  'Rows must be lists of text, numbers, true/false or null',
)

/** GET v1/admin/exports/{patients,entries}/ */
export const exportTableSchema = z.object({
  dataset: z.enum(DATASETS),
  mode: z.enum(EXPORT_MODES),
  generated_at: z.string(),
  columns: z.array(z.string()),
  rows,
  row_count: z.number(),
  truncated: z.boolean().catch(false),
})
export type ExportTable = z.output<typeof exportTableSchema>
