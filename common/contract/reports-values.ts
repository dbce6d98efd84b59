// Reports and exports (docs/provider-api.md "Cohort filters", "GET v1/admin/reports/summary/",
// "GET v1/admin/exports/…"): the filters' values, the datasets and modes. Plain values, no zod.
// The onboarding filter is ONBOARDING_STATES (admin-patients-values.ts); `procedure` is a surgery
// type or NO_PROCEDURE.

/** `months_since_surgery`: 30.44-day months since the surgery date. */
export const SURGERY_BANDS = ['0-3', '3-6', '6-12', '12-24', '24+'] as const
export type SurgeryBand = (typeof SURGERY_BANDS)[number]
/** An entry's band in a de-identified entries export also reads `pre-op`. */
export const PRE_OP_BAND = 'pre-op'

export const DATASETS = ['patients', 'entries'] as const
export type Dataset = (typeof DATASETS)[number]

export const EXPORT_MODES = ['deidentified', 'identified'] as const
export type ExportMode = (typeof EXPORT_MODES)[number]

/** Rows an export holds at most (`truncated` beyond): enough for a programme's whole history, and
 * memory stays bounded; past it, narrow the filters. */
export const EXPORT_ROW_LIMIT = 50_000
