// Extension (docs/provider-api.md, "Extensions"): one row per patient with everything the admin
// portal's record, exports and reports are computed from. These are reads only:
// the list is paged from the patients' summaries (provider/store/patient-summaries.ts), and alerts
// are evaluated when data changes and by the daily time-based evaluation, never on a read.
import { openAlertSummaryOf } from './store/alerts.js'
import { readPatientFacts } from './store/patient-summaries.js'
import { allPatientSummaries } from './store/patient-summary-reads.js'
import { baseSnapshot, proteinWindowStart, snapshotFromSummary, type PatientSnapshot } from './patient-facts.js'
import type { Db } from './store/sql.js'

export {
  ONBOARDING_STATES,
  conditionsFor,
  type BaseSnapshot,
  type OnboardingState,
  type PatientSnapshot,
} from './patient-facts.js'
export { proteinByDay } from './store/patients.js'

/**
 * Every patient (customer account) as of `today` (YYYY-MM-DD), from the summaries.
 * Shared with the exports and reports (admin-users): keep the signature.
 */
export async function listPatientSnapshots(db: Db, today: string): Promise<PatientSnapshot[]> {
  return (await allPatientSummaries(db)).map((row) => snapshotFromSummary(row, today))
}

/** One patient's snapshot computed afresh from their stored facts; undefined for a non-patient id. */
export async function patientSnapshot(db: Db, accountId: number, today: string): Promise<PatientSnapshot | undefined> {
  const facts = await readPatientFacts(db, accountId, today, proteinWindowStart(today))
  if (!facts) return undefined
  const alerts = await openAlertSummaryOf(db, accountId)
  return { ...baseSnapshot(facts, today), open_alerts: alerts.count, alert_tier: alerts.tier }
}
