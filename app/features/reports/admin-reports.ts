// /admin/reports ('Reports & Data Exports'): the cohort filters (in the URL), the export form and
// the CSV the exports are turned into. Pure. Provider contract: docs/provider-api.md "Reports and
// exports" (an extension); the provider applies Safe Harbor, so identifiers never reach us in
// de-identified mode.
import { isIsoDate } from '~/features/health-log/log-entries'
import { SURGERY_TYPES } from '~/features/profile/options'
import { roundTo } from '~/platform/formats'
import type { CohortRow } from '~/../common/contract/admin-dashboard'
import { NO_PROCEDURE, type OnboardingState } from '~/../common/contract/admin-patients-values'
import type { ExportTable, ReportSummary } from '~/../common/contract/reports'
import { DATASETS, EXPORT_MODES, SURGERY_BANDS, type Dataset, type ExportMode } from '~/../common/contract/reports-values'

export const REPORTS_PATH = '/admin/reports'
export const EXPORT_PATH = '/admin/reports/export'

export const NO_SURGERY = NO_PROCEDURE
export const PROCEDURE_OPTIONS = [
  ...SURGERY_TYPES.map((type) => ({ value: type, label: type })),
  { value: NO_SURGERY, label: 'No surgery recorded' },
]
export const BAND_OPTIONS = SURGERY_BANDS.map((band) => ({ value: band, label: `${band.replace('-', '–')} months` }))
export const ONBOARDING_OPTIONS: { value: OnboardingState; label: string }[] = [
  { value: 'onboarded', label: 'Onboarded' },
  { value: 'verified', label: 'Verified, not onboarded' },
  { value: 'unverified', label: 'Not verified' },
]

export { DATASETS, EXPORT_MODES, type Dataset, type ExportMode }
export const DATASET_LABELS: Record<Dataset, string> = { patients: 'Patients', entries: 'Health log entries' }

export const MODE_LABELS: Record<ExportMode, string> = {
  deidentified: 'De-identified',
  identified: 'Identified',
}

export const IDENTIFIED_SUPER_ADMIN_ONLY = 'Only a Super Admin can export identified data.'

export type CohortFilters = {
  procedure: string | null
  months_since_surgery: string | null
  onboarding: string | null
  /** Inclusive range of surgery dates. */
  surgery_from: string | null
  surgery_to: string | null
}

/** The days of the health log an entries export covers. */
export type EntryRange = { from: string | null; to: string | null }

const oneOf = (value: string | null, options: { value: string }[]) =>
  value !== null && options.some((option) => option.value === value) ? value : null

/** The filters a URL (or form) asks for; anything unusable is dropped rather than refused. */
type Params = URLSearchParams | FormData

function text(params: Params, key: string): string | null {
  const value = params.get(key)
  return typeof value === 'string' && value !== '' ? value : null
}

/** Two optional dates; a reversed range is read the way it was surely meant. */
function dateRange(params: Params, fromKey: string, toKey: string): [string | null, string | null] {
  const from = text(params, fromKey)
  const to = text(params, toKey)
  const range: [string | null, string | null] = [isIsoDate(from) ? from : null, isIsoDate(to) ? to : null]
  return range[0] && range[1] && range[1] < range[0] ? [range[1], range[0]] : range
}

export function readCohortFilters(params: Params): CohortFilters {
  const [surgeryFrom, surgeryTo] = dateRange(params, 'surgery_from', 'surgery_to')
  return {
    procedure: oneOf(text(params, 'procedure'), PROCEDURE_OPTIONS),
    months_since_surgery: oneOf(text(params, 'months_since_surgery'), BAND_OPTIONS),
    onboarding: oneOf(text(params, 'onboarding'), ONBOARDING_OPTIONS),
    surgery_from: surgeryFrom,
    surgery_to: surgeryTo,
  }
}

export function readEntryRange(params: Params): EntryRange {
  const [from, to] = dateRange(params, 'from', 'to')
  return { from, to }
}

export function filterQuery(filters: CohortFilters | EntryRange): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, value ?? undefined]))
}

export function reportsHref(filters: CohortFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filterQuery(filters))) if (value) params.set(key, value)
  for (const [key, value] of Object.entries(extra)) params.set(key, value)
  const query = params.toString()
  return query ? `${REPORTS_PATH}?${query}` : REPORTS_PATH
}

export function hasCohortFilters(filters: CohortFilters): boolean {
  return Object.values(filters).some((value) => value !== null)
}

export type { CohortRow, ExportTable, ReportSummary }

// Spreadsheet programs run a cell that starts like a formula; text that does is prefixed with an
// apostrophe (OWASP "CSV injection"). Numbers are left alone, so -3.5 stays a number.
const FORMULA_START = /^[=+\-@\t\r]/

function csvCell(value: string | number | boolean | null): string {
  if (value === null) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * Decimal places per measure column, by its name's unit suffix (docs/decisions/100-rounded-exports.md): weights,
 * heights, percentages and sleep to 0.1 as the screens show them; grams, millilitres and kcal whole.
 * The provider sends what it stores (kg to 3 places after an lbs conversion); a reader wants 127.0.
 */
export function exportDecimals(column: string): number | null {
  if (/(_kg|_cm|_percent|_hours|_lbs)$/.test(column) || column === 'bmi') return 1
  if (/(_g|_ml|_kcal)$/.test(column) || column === 'calories') return 0
  return null
}

/** RFC 4180 CSV (CRLF), with a byte-order mark so spreadsheet programs read it as UTF-8. */
export function toCsv(columns: string[], rows: ExportTable['rows']): string {
  const decimals = columns.map(exportDecimals)
  const rounded = rows.map((row) =>
    row.map((value, i) => {
      const places = decimals[i]
      return places === null || places === undefined ? value : (roundTo(value, places) as typeof value)
    }),
  )
  const lines = [columns, ...rounded].map((row) => row.map(csvCell).join(','))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

export function exportFilename(dataset: Dataset, mode: ExportMode, generatedAt: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(generatedAt)?.[0] ?? 'export'
  return `baricare-${dataset}-${mode}-${day}.csv`
}

export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)}%`
}
