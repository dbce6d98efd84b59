// The admin patients list's URL state (search, filters, sort, page, unit) and its formatting. Pure:
// the route's loader and the components share it. Anything odd in the URL is clamped or ignored,
// never an error: a hand-edited or stale link still shows a list.
import {
  MILESTONE_WINDOWS,
  NO_PROCEDURE,
  PATIENT_SEARCH_MAX_LENGTH as MAX_QUERY_LENGTH,
  PATIENT_SORTS,
  type OnboardingState,
  type PatientAlertFilter,
  type PatientSort,
  type SortDirection,
} from '~/../common/contract/admin-patients-values'
import { PAGE_NUMBER_MAX as MAX_PAGE } from '~/../common/contract/paging-values'
import { formatDateTimeIn, formatDay } from '~/platform/formats'
import { SURGERY_TYPES } from '~/features/profile/options'
import { isWeightUnit, weightFromKg, type WeightUnit } from '~/platform/units'

export const PATIENTS_PATH = '/admin/patients'
export const patientPath = (id: number | string) => `/admin/patient/${id}`

export { NO_PROCEDURE, PATIENT_SORTS, type OnboardingState, type PatientSort, type SortDirection }

/** The direction a column sorts in when first chosen: newest dates and biggest losses first. */
export const FIRST_DIRECTION: Record<PatientSort, SortDirection> = {
  name: 'asc',
  surgery_date: 'desc',
  last_data: 'desc',
  twl: 'desc',
}

export const PROCEDURE_OPTIONS: { value: string; label: string }[] = [
  ...SURGERY_TYPES.map((type) => ({ value: type, label: type })),
  { value: NO_PROCEDURE, label: 'No surgery recorded' },
]

export const ONBOARDING_OPTIONS = [
  { value: 'onboarded', label: 'Onboarded' },
  { value: 'verified', label: 'Verified, profile incomplete' },
  { value: 'unverified', label: 'E-mail not verified' },
] as const satisfies readonly { value: OnboardingState; label: string }[]

export const MILESTONE_OPTIONS = MILESTONE_WINDOWS.map((days) => ({ value: days, label: `Follow-up within ${days} days` }))

export const ALERT_OPTIONS = [
  { value: 'any', label: 'Any open alert' },
  { value: 'tier1', label: 'Tier 1 (most urgent)' },
  { value: 'tier2', label: 'Tier 2' },
  { value: 'tier3', label: 'Tier 3' },
  { value: 'none', label: 'No open alerts' },
] as const satisfies readonly { value: PatientAlertFilter; label: string }[]

export const PAGE_SIZE = 20

export type PatientsQuery = {
  q: string
  procedure: string | null
  onboarding: string | null
  milestone: string | null
  alert: string | null
  sort: PatientSort
  dir: SortDirection
  page: number
  unit: WeightUnit
}

export const DEFAULT_QUERY: PatientsQuery = {
  q: '',
  procedure: null,
  onboarding: null,
  milestone: null,
  alert: null,
  sort: 'name',
  dir: 'asc',
  page: 1,
  unit: 'kg',
}

function oneOf(value: string | null, options: readonly { value: string }[]): string | null {
  return value !== null && options.some((option) => option.value === value) ? value : null
}

/** The list's state from its URL: unknown values dropped, the page clamped to 1…100000. */
export function parsePatientsQuery(params: URLSearchParams): PatientsQuery {
  const sort = params.get('sort')
  const dir = params.get('dir')
  const page = Number(params.get('page'))
  const unit = params.get('unit')
  const validSort = (PATIENT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as PatientSort) : 'name'
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    procedure: oneOf(params.get('procedure'), PROCEDURE_OPTIONS),
    onboarding: oneOf(params.get('onboarding'), ONBOARDING_OPTIONS),
    milestone: oneOf(params.get('milestone'), MILESTONE_OPTIONS),
    alert: oneOf(params.get('alert'), ALERT_OPTIONS),
    sort: validSort,
    dir: dir === 'asc' || dir === 'desc' ? dir : FIRST_DIRECTION[validSort],
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    unit: isWeightUnit(unit) ? unit : 'kg',
  }
}

/** The list's URL for a state; defaults are left out so the plain list stays `/admin/patients`. */
export function patientsHref(query: PatientsQuery, changes: Partial<PatientsQuery> = {}): string {
  const next = { ...query, ...changes }
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  for (const key of ['procedure', 'onboarding', 'milestone', 'alert'] as const) {
    const value = next[key]
    if (value) params.set(key, value)
  }
  if (next.sort !== 'name' || next.dir !== 'asc') {
    params.set('sort', next.sort)
    params.set('dir', next.dir)
  }
  if (next.page > 1) params.set('page', String(next.page))
  if (next.unit !== 'kg') params.set('unit', next.unit)
  const search = params.toString()
  return search ? `${PATIENTS_PATH}?${search}` : PATIENTS_PATH
}

/** What the provider's GET v1/admin/patients/ is asked for. */
export function providerPatientsQuery(query: PatientsQuery): Record<string, string | undefined> {
  return {
    q: query.q || undefined,
    procedure: query.procedure ?? undefined,
    onboarding: query.onboarding ?? undefined,
    milestone: query.milestone ?? undefined,
    alert: query.alert ?? undefined,
    sort: query.sort,
    dir: query.dir,
    page: String(query.page),
    page_size: String(PAGE_SIZE),
  }
}

/** A column header's link: the other direction when it is the current sort, else its first one. */
export function sortHref(query: PatientsQuery, sort: PatientSort): string {
  const dir = query.sort === sort ? (query.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[sort]
  return patientsHref(query, { sort, dir, page: 1 })
}

export function ariaSort(query: PatientsQuery, sort: PatientSort): 'ascending' | 'descending' | undefined {
  if (query.sort !== sort) return undefined
  return query.dir === 'asc' ? 'ascending' : 'descending'
}

export function hasFilters(query: PatientsQuery): boolean {
  return Boolean(query.q || query.procedure || query.onboarding || query.milestone || query.alert)
}

// ---- Formatting -----------------------------------------------------------------------------

export const EMPTY_VALUE = '—'

export function formatWeight(kg: number | null, unit: WeightUnit): string {
  return kg === null ? EMPTY_VALUE : `${weightFromKg(kg, unit).toFixed(1)} ${unit}`
}

export function formatPercent(value: number | null): string {
  return value === null ? EMPTY_VALUE : `${value.toFixed(1)}%`
}

/** 'Today', '1 day', '12 days'. */
export function formatDaysAgo(days: number | null): string {
  if (days === null) return 'Never'
  if (days <= 0) return 'Today'
  return `${days} ${days === 1 ? 'day' : 'days'} ago`
}

/** '03/04/2026' (SPEC.md §9) from an ISO date: a calendar day such as a surgery date. */
export function formatDate(iso: string | null): string {
  return formatDay(iso)
}

/** '03/04/2026, 9:05 AM EST' for an instant such as a sync, by the clinic's clock; 'Never' when none. */
export function formatDateTime(iso: string | null, timeZone: string): string {
  return iso ? formatDateTimeIn(iso, timeZone) : 'Never'
}

export const ONBOARDING_LABELS: Record<OnboardingState, string> = {
  onboarded: 'Onboarded',
  verified: 'Profile incomplete',
  unverified: 'E-mail not verified',
}

export type AlertTier = 1 | 2 | 3
export const TIER_LABELS: Record<AlertTier, string> = {
  1: 'Tier 1',
  2: 'Tier 2',
  3: 'Tier 3',
}
export const TIER_MEANINGS: Record<AlertTier, string> = {
  1: 'Act soon',
  2: 'Follow up',
  3: 'Review',
}
