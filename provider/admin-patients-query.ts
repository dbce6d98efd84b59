// Extension (docs/provider-api.md, "Extensions"): GET v1/admin/patients/ — the query it accepts
// (every problem reported at once, by parameter) and the search, filters, sort and page it applies.
import { FieldReader } from './validation.js'
import { SURGERY_TYPES } from './profile-sections.js'
import { ONBOARDING_STATES, type OnboardingState, type PatientSnapshot } from './patient-snapshots.js'

export const SORTS = ['name', 'surgery_date', 'last_data', 'twl'] as const
export const DIRECTIONS = ['asc', 'desc'] as const
/** "No surgery recorded" (planning, not having one, or no profile yet). */
export const NO_PROCEDURE = 'none'
export const PROCEDURES = [...SURGERY_TYPES, NO_PROCEDURE] as const
/** Next follow-up within this many days. */
export const MILESTONE_WINDOWS = ['7', '14', '30'] as const
export const ALERT_FILTERS = ['any', 'none', 'tier1', 'tier2', 'tier3'] as const
export const MAX_PAGE_SIZE = 100
export const DEFAULT_PAGE_SIZE = 25
const MAX_QUERY_LENGTH = 100
const MAX_PAGE = 100_000

export interface PatientQuery {
  q: string
  procedure: (typeof PROCEDURES)[number] | null
  onboarding: OnboardingState | null
  milestone: number | null
  alert: (typeof ALERT_FILTERS)[number] | null
  sort: (typeof SORTS)[number]
  dir: (typeof DIRECTIONS)[number]
  page: number
  page_size: number
}

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

function matches(snapshot: PatientSnapshot, query: PatientQuery): boolean {
  if (query.q) {
    const needle = query.q.toLowerCase()
    if (
      !snapshot.full_name.toLowerCase().includes(needle) &&
      !snapshot.email.toLowerCase().includes(needle)
    ) {
      return false
    }
  }
  if (
    query.procedure === NO_PROCEDURE
      ? snapshot.surgery_type !== null
      : query.procedure && snapshot.surgery_type !== query.procedure
  ) {
    return false
  }
  if (query.onboarding && snapshot.onboarding !== query.onboarding) return false
  if (
    query.milestone !== null &&
    !(snapshot.next_milestone && snapshot.next_milestone.days_until <= query.milestone)
  ) {
    return false
  }
  switch (query.alert) {
    case 'any':
      return snapshot.open_alerts > 0
    case 'none':
      return snapshot.open_alerts === 0
    case 'tier1':
    case 'tier2':
    case 'tier3':
      // The most urgent open tier, as the badge shows it.
      return snapshot.alert_tier === Number(query.alert.slice(4))
    default:
      return true
  }
}

type SortKey = string | number | null
const SORT_KEYS: Record<PatientQuery['sort'], (snapshot: PatientSnapshot) => SortKey> = {
  name: (snapshot) => snapshot.full_name.toLocaleLowerCase('en'),
  surgery_date: (snapshot) => snapshot.surgery_date,
  last_data: (snapshot) => snapshot.last_entry_day,
  twl: (snapshot) => snapshot.twl_percent,
}

/** Missing values last in either direction; ties by id, so pages never overlap. */
function compare(a: PatientSnapshot, b: PatientSnapshot, query: PatientQuery): number {
  const key = SORT_KEYS[query.sort]
  const [x, y] = [key(a), key(b)]
  if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1
  const order = x < y ? -1 : x > y ? 1 : 0
  return (query.dir === 'asc' ? order : -order) || a.id - b.id
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

export function queryPatients(snapshots: PatientSnapshot[], query: PatientQuery) {
  const found = snapshots.filter((snapshot) => matches(snapshot, query)).sort((a, b) => compare(a, b, query))
  const start = (query.page - 1) * query.page_size
  return {
    items: found.slice(start, start + query.page_size).map(listItem),
    page: query.page,
    page_size: query.page_size,
    total: found.length,
    total_pages: Math.ceil(found.length / query.page_size),
  }
}
