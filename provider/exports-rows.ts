// Extension (docs/provider-api.md, "Exports"): the rows of the patients and entries exports, in
// identified or de-identified (Safe Harbor) form. Columns are named here so the app only renders.
import { ageOn } from './admin-patients-metrics.js'
import { entriesOf } from './store/patients.js'
import type { Db } from './store/sql.js'
import { DEVICE_SERVICES } from './devices-catalogue.js'
import { ageGroup, monthsSinceSurgeryBand, pseudonymizer, stateCode, yearOf, zip3 } from './deidentify.js'
import type { PatientSnapshot } from './patient-snapshots.js'

export { EXPORT_MODES, type ExportMode } from '../common/contract/reports-values'
import { EXPORT_ROW_LIMIT as MAX_EXPORT_ROWS, type ExportMode } from '../common/contract/reports-values'
export type Cell = string | number | boolean | null

export interface ExportTable {
  columns: string[]
  rows: Cell[][]
  /** True when the export stopped at MAX_EXPORT_ROWS. */
  truncated: boolean
}


type Column<T> = [name: string, value: (row: T) => Cell]

function table<T>(columns: Column<T>[], items: readonly T[]): ExportTable {
  const kept = items.slice(0, MAX_EXPORT_ROWS)
  return {
    columns: columns.map(([name]) => name),
    rows: kept.map((item) => columns.map(([, value]) => value(item))),
    truncated: items.length > kept.length,
  }
}

// Outcomes only: weights, percentages and states carry no identifier.
const OUTCOME_COLUMNS: Column<PatientSnapshot>[] = [
  ['bariatric_status', (s) => s.bariatric_status],
  ['procedure', (s) => s.surgery_type],
  ['height_cm', (s) => s.height_cm],
  ['baseline_kg', (s) => s.baseline_kg],
  ['goal_kg', (s) => s.goal_kg],
  ['current_kg', (s) => s.current_kg],
  ['nadir_kg', (s) => s.nadir_kg],
  ['twl_percent', (s) => s.twl_percent],
  ['ewl_percent', (s) => s.ewl_percent],
  ['open_alerts', (s) => s.open_alerts],
]

export function patientsTable(snapshots: readonly PatientSnapshot[], mode: ExportMode, today: string): ExportTable {
  if (mode === 'identified') {
    return table<PatientSnapshot>(
      [
        ['patient_id', (s) => s.id],
        ['full_name', (s) => s.full_name],
        ['email', (s) => s.email],
        ['phone_number', (s) => s.phone_number],
        ['date_of_birth', (s) => s.date_of_birth],
        ['age', (s) => ageOn(s.date_of_birth, today)],
        ['gender', (s) => s.gender],
        ['address_line1', (s) => s.address_line1],
        ['address_line2', (s) => s.address_line2],
        ['city', (s) => s.city],
        ['state', (s) => s.state],
        ['postal_code', (s) => s.postal_code],
        ['signed_up_on', (s) => s.created_at.slice(0, 10)],
        ['onboarding', (s) => s.onboarding],
        ['surgery_date', (s) => s.surgery_date],
        ['days_post_op', (s) => s.days_post_op],
        ...OUTCOME_COLUMNS,
        ['last_entry_date', (s) => s.last_entry_day],
        ['days_since_last_data', (s) => s.days_since_last_data],
      ],
      snapshots,
    )
  }
  const alias = pseudonymizer()
  return table<PatientSnapshot>(
    [
      ['patient', (s) => alias(s.id)],
      ['age', (s) => ageGroup(s.date_of_birth, today)],
      ['gender', (s) => s.gender],
      ['state', (s) => stateCode(s.state)],
      ['zip3', (s) => zip3(s.postal_code)],
      ['signed_up_year', (s) => yearOf(s.created_at)],
      ['onboarding', (s) => s.onboarding],
      ['surgery_year', (s) => yearOf(s.surgery_date)],
      ['months_since_surgery', (s) => (s.days_post_op === null ? null : monthsSinceSurgeryBand(s.surgery_date, today))],
      ...OUTCOME_COLUMNS,
    ],
    shuffled(snapshots),
  )
}

interface EntryRow {
  account_id: number
  kind: string
  day: string
  time_of_day: string
  fields: Record<string, unknown>
}

/** The entries of these patients, optionally within [from, to], oldest first; one row past the cap at most. */
export async function readEntries(
  db: Db,
  accountIds: readonly number[],
  from: string | null,
  to: string | null,
): Promise<EntryRow[]> {
  if (accountIds.length === 0) return []
  const rows = await entriesOf(db, accountIds, from ?? '0001-01-01', to ?? '9999-12-31', MAX_EXPORT_ROWS + 1)
  // A row whose fields are not an object still counts as an entry of its kind on its day.
  return rows.map((row) => ({
    ...row,
    fields: typeof row.fields === 'object' && row.fields !== null ? row.fields : {},
  }))
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

// Measurements only. Notes and meal descriptions are free text that may name people or places, so
// they appear in identified exports alone.
const MEASURE_COLUMNS: Column<EntryRow>[] = [
  ['kind', (e) => e.kind],
  ['weight_kg', (e) => (e.kind === 'weight' ? num(e.fields.weight) : null)],
  ['sleep_hours', (e) => (e.kind === 'sleep' ? num(e.fields.hours) : null)],
  ['sleep_quality', (e) => (e.kind === 'sleep' ? num(e.fields.quality) : null)],
  ['meal_type', (e) => (e.kind === 'meal' ? str(e.fields.meal_type) : null)],
  ['protein_g', (e) => (e.kind === 'meal' ? num(e.fields.protein_g) : null)],
  ['calories', (e) => (e.kind === 'meal' ? num(e.fields.calories) : null)],
  ['water_ml', (e) => (e.kind === 'water' ? num(e.fields.ml) : null)],
  ['vitamins_taken', (e) => (e.kind === 'vitamins' && Array.isArray(e.fields.taken) ? e.fields.taken.join('; ') : null)],
]

const rawSource = (e: EntryRow) => (e.kind === 'weight' ? (str(e.fields.source) ?? 'manual') : null)

// A weight's source may be a device name the patient typed (free text, ≤ 100 characters), which
// could name a person or a place: de-identified exports keep only the documented values.
const DOCUMENTED_SOURCES = new Set(['manual', ...DEVICE_SERVICES.map((service) => service.service_name)])
export const OTHER_DEVICE_SOURCE = 'other device'

function documentedSource(e: EntryRow): string | null {
  const source = rawSource(e)
  return source === null || DOCUMENTED_SOURCES.has(source) ? source : OTHER_DEVICE_SOURCE
}

export function entriesTable(
  patients: readonly PatientSnapshot[],
  entries: readonly EntryRow[],
  mode: ExportMode,
): ExportTable {
  const byId = new Map(patients.map((p) => [p.id, p]))
  const patient = (e: EntryRow) => byId.get(e.account_id)
  if (mode === 'identified') {
    return table<EntryRow>(
      [
        ['patient_id', (e) => e.account_id],
        ['full_name', (e) => patient(e)?.full_name ?? null],
        ['email', (e) => patient(e)?.email ?? null],
        ['date', (e) => e.day],
        ['time', (e) => str(e.time_of_day)],
        ['days_post_op', (e) => {
          const surgery = patient(e)?.surgery_date
          return surgery ? Math.round((Date.parse(e.day) - Date.parse(surgery)) / 86_400_000) : null
        }],
        ...MEASURE_COLUMNS,
        ['source', rawSource],
        ['note', (e) => str(e.fields.note) ?? str(e.fields.description)],
      ],
      entries,
    )
  }
  const alias = pseudonymizer()
  return table<EntryRow>(
    [
      ['patient', (e) => alias(e.account_id)],
      ['year', (e) => yearOf(e.day)],
      ['months_since_surgery', (e) => monthsSinceSurgeryBand(patient(e)?.surgery_date, e.day)],
      ...MEASURE_COLUMNS,
      ['source', documentedSource],
    ],
    // Grouped by pseudonym, not by account id, whose order would hint at sign-up order.
    [...entries].sort((a, b) => alias(a.account_id).localeCompare(alias(b.account_id))),
  )
}

/** De-identified patient rows in random order: the account-id order would hint at sign-up order. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j], copy[i]]
  }
  return copy
}
