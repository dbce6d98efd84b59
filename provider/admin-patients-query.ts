// Extension (docs/provider-api.md, "Extensions"): GET v1/admin/patients/ — the search, filters,
// sort and page it applies (the route table reads the query).
// Search: name or e-mail contains the text, case-insensitively. Procedure 'none': no surgery
// recorded. Milestone N: the next follow-up is within N days. Alert tierN: the most urgent open
// alert is of tier N (as the badge shows it).
import { snapshotFromSummary, type OnboardingState, type PatientSnapshot } from './patient-facts.js'
import { patientSummaryPage, type PatientQuery } from './store/patient-summary-reads.js'
import type { Db } from './store/sql.js'

export type { PatientQuery }

export interface PatientListItem {
  id: number
  full_name: string
  email: string
  onboarding: OnboardingState
  surgery_type: string | null
  surgery_date: string | null
  days_post_op: number | null
  current_kg: number | null
  twl_percent: number | null
  last_entry_day: string | null
  days_since_last_data: number | null
  last_sync_at: string | null
  next_milestone: PatientSnapshot['next_milestone']
  open_alerts: number
  alert_tier: PatientSnapshot['alert_tier']
  /** Closed by the patient or for them: the record is kept, read-only, until its retention ends. */
  closed: boolean
}

/** Minimum necessary: what the list's columns show, no contact details beyond the e-mail searched by. */
function listItem(snapshot: PatientSnapshot, closed: boolean): PatientListItem {
  return {
    id: snapshot.id,
    full_name: snapshot.full_name,
    email: snapshot.email,
    onboarding: snapshot.onboarding,
    surgery_type: snapshot.surgery_type,
    surgery_date: snapshot.surgery_date,
    days_post_op: snapshot.days_post_op,
    current_kg: snapshot.current_kg,
    twl_percent: snapshot.twl_percent,
    last_entry_day: snapshot.last_entry_day,
    days_since_last_data: snapshot.days_since_last_data,
    last_sync_at: snapshot.last_sync_at,
    next_milestone: snapshot.next_milestone,
    open_alerts: snapshot.open_alerts,
    alert_tier: snapshot.alert_tier,
    closed,
  }
}

/**
 * The filters, sort and page applied in the database, over the patients' summaries and the indexes
 * that serve them (provider/store/patient-summaries.ts): missing values last in either direction,
 * ties by id, so pages never overlap.
 */
export async function queryPatients(db: Db, query: PatientQuery, today: string) {
  const { rows, total } = await patientSummaryPage(db, query, today)
  return {
    items: rows.map((row) => listItem(snapshotFromSummary(row, today), row.closed_at !== null)),
    page: query.page,
    page_size: query.page_size,
    total,
    total_pages: Math.ceil(total / query.page_size),
  }
}
