// The care team's patient list and record (docs/provider-api.md "Admin dashboard, patients, patient
// record and alerts"): onboarding states and the list's query values. Plain
// values, no zod.

/** unverified (e-mail not verified) → verified (profile incomplete) → onboarded. */
export const ONBOARDING_STATES = ['unverified', 'verified', 'onboarded'] as const
export type OnboardingState = (typeof ONBOARDING_STATES)[number]

/** `procedure=none`: no surgery recorded (the list's and the reports' filter). */
export const NO_PROCEDURE = 'none'

export const PATIENT_SORTS = ['name', 'surgery_date', 'last_data', 'twl'] as const
export type PatientSort = (typeof PATIENT_SORTS)[number]
export const SORT_DIRECTIONS = ['asc', 'desc'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]
/** `milestone`: the next follow-up is within this many days. */
export const MILESTONE_WINDOWS = ['7', '14', '30'] as const
export type MilestoneWindow = (typeof MILESTONE_WINDOWS)[number]
export const PATIENT_ALERT_FILTERS = ['any', 'none', 'tier1', 'tier2', 'tier3'] as const
export type PatientAlertFilter = (typeof PATIENT_ALERT_FILTERS)[number]
export const PATIENTS_PAGE_SIZE = 25
export const PATIENTS_PAGE_SIZE_MAX = 100
/** `?q=`: the search text is cut (app) or refused (API) beyond this. */
export const PATIENT_SEARCH_MAX_LENGTH = 100

/** Where a record's baseline weight comes from: the pre-surgery weight, else the initial one. */
export const BASELINE_SOURCES = ['pre_surgery', 'initial'] as const
export type BaselineSource = (typeof BASELINE_SOURCES)[number]
