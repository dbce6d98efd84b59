// Extension (docs/provider-api.md, "Exports"): the cohort filters shared by the reports' summary and
// both exports (the route table reads them from the query string), applied to patient snapshots.
import { MONTHS_SINCE_SURGERY_BANDS, monthsSinceSurgeryBand, type MonthsSinceSurgeryBand } from './deidentify.js'
import { type OnboardingState, type PatientSnapshot } from './patient-snapshots.js'
import { SURGERY_TYPES } from '../common/contract/profile-values'

export { NO_PROCEDURE as NO_SURGERY } from '../common/contract/admin-patients-values'
import { NO_PROCEDURE as NO_SURGERY } from '../common/contract/admin-patients-values'
export const PROCEDURE_FILTERS = [...SURGERY_TYPES, NO_SURGERY] as const
export type ProcedureFilter = (typeof PROCEDURE_FILTERS)[number]
/** Post-op bands only: 'pre-op' describes an entry, not a patient. */
export const BAND_FILTERS = MONTHS_SINCE_SURGERY_BANDS.filter((band) => band !== 'pre-op')

export interface CohortFilters {
  /** Inclusive range of surgery dates; patients without one are left out when it is set. */
  surgery_from: string | null
  surgery_to: string | null
  procedure: ProcedureFilter | null
  months_since_surgery: MonthsSinceSurgeryBand | null
  onboarding: OnboardingState | null
}

/** The patients a report or export covers. */
export function filterSnapshots(
  snapshots: readonly PatientSnapshot[],
  filters: CohortFilters,
  today: string,
): PatientSnapshot[] {
  return snapshots.filter((s) => {
    if (filters.onboarding && s.onboarding !== filters.onboarding) return false
    if (filters.procedure === NO_SURGERY && s.surgery_date !== null) return false
    if (filters.procedure && filters.procedure !== NO_SURGERY && s.surgery_type !== filters.procedure) return false
    if (filters.months_since_surgery && monthsSinceSurgeryBand(s.surgery_date, today) !== filters.months_since_surgery) {
      return false
    }
    if (filters.surgery_from || filters.surgery_to) {
      if (!s.surgery_date) return false
      if (filters.surgery_from && s.surgery_date < filters.surgery_from) return false
      if (filters.surgery_to && s.surgery_date > filters.surgery_to) return false
    }
    return true
  })
}

/** Only the filters that were set, for the audit record. */
export function appliedFilters(filters: object): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== null)) as Record<string, string>
}
