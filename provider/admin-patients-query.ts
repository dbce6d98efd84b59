// Extension (docs/provider-api.md, "Extensions"): GET v1/admin/patients/ — the query it accepts
// (every problem reported at once, by parameter) and the search, filters, sort and page it applies.
// Search: name or e-mail contains the text, case-insensitively. Procedure 'none': no surgery
// recorded. Milestone N: the next follow-up is within N days. Alert tierN: the most urgent open
// alert is of tier N (as the badge shows it).
import { FieldReader } from './validation.js'
import { SURGERY_TYPES } from './profile-sections.js'
import { ONBOARDING_STATES, snapshotFromSummary, type OnboardingState, type PatientSnapshot } from './patient-facts.js'
import { patientSummaryPage, type PatientQuery } from './store/patient-summary-reads.js'
import type { Db } from './store/sql.js'

import {
  PATIENT_ALERT_FILTERS as ALERT_FILTERS,
  MILESTONE_WINDOWS,
  NO_PROCEDURE,
  PATIENTS_PAGE_SIZE as DEFAULT_PAGE_SIZE,
  PATIENTS_PAGE_SIZE_MAX as MAX_PAGE_SIZE,
  PATIENT_SEARCH_MAX_LENGTH as MAX_QUERY_LENGTH,
  PATIENT_SORTS as SORTS,
  SORT_DIRECTIONS as DIRECTIONS,
} from '../common/contract/admin-patients-values'
import { PAGE_NUMBER_MAX as MAX_PAGE } from '../common/contract/paging-values'

export { ALERT_FILTERS, DEFAULT_PAGE_SIZE, DIRECTIONS, MAX_PAGE_SIZE, MILESTONE_WINDOWS, NO_PROCEDURE, SORTS }
/** "No surgery recorded" (planning, not having one, or no profile yet). */
export const PROCEDURES = [...SURGERY_TYPES, NO_PROCEDURE] as const

export type { PatientQuery }

function wholeNumber(
  f: FieldReader,
  field: string,
  label: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const raw = f.raw(field)
  if (raw === undefined || raw === '') return fallback
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    f.fail(field, `${label} must be a whole number from ${min} to ${max}`)
    return fallback
  }
  return Number(raw)
}

/** 400 with a message per parameter for anything unknown or out of range. */
export function readPatientQuery(query: URLSearchParams): PatientQuery {
  const f = new FieldReader(Object.fromEntries(query))
  const q = f.text('q', { label: 'Search', max: MAX_QUERY_LENGTH })
  const result: PatientQuery = {
    q,
    procedure: f.choice('procedure', PROCEDURES, { label: 'Procedure' }),
    onboarding: f.choice('onboarding', ONBOARDING_STATES, { label: 'Onboarding' }),
    milestone: Number(f.choice('milestone', MILESTONE_WINDOWS, { label: 'Milestone window' })) || null,
    alert: f.choice('alert', ALERT_FILTERS, { label: 'Alert' }),
    sort: f.choice('sort', SORTS, { label: 'Sort', fallback: 'name' }) ?? 'name',
    dir: f.choice('dir', DIRECTIONS, { label: 'Direction', fallback: 'asc' }) ?? 'asc',
    page: wholeNumber(f, 'page', 'Page', 1, MAX_PAGE, 1),
    page_size: wholeNumber(f, 'page_size', 'Page size', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  }
  f.done()
  return result
}

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
}

/** Minimum necessary: what the list's columns show, no contact details beyond the e-mail searched by. */
function listItem(snapshot: PatientSnapshot): PatientListItem {
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
    items: rows.map((row) => listItem(snapshotFromSummary(row, today))),
    page: query.page,
    page_size: query.page_size,
    total,
    total_pages: Math.ceil(total / query.page_size),
  }
}
