// FHIR Bulk Data export ($export): the rules the API applies and its documentation quotes, kept
// in one place (docs/fhir-api.md, "Bulk Data export"; decision 208).
import { SURGERY_TYPES, type SurgeryType } from '../contract/profile-values'

/** The resource types an export can hold, in the order their files are written. */
export const FHIR_EXPORT_TYPES = ['Patient', 'Observation', 'Procedure'] as const
export type FhirExportType = (typeof FHIR_EXPORT_TYPES)[number]

/** `_outputFormat` values accepted (the IG's full content type and its two abbreviations). */
export const FHIR_EXPORT_OUTPUT_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'] as const

/** How long a finished export's files stay downloadable, counted from completion. */
export const FHIR_EXPORT_TTL_HOURS = 24

/** Seconds a client is asked to wait between status polls (and after a refused second kick-off). */
export const FHIR_EXPORT_RETRY_AFTER_SECONDS = 5

/** Rows read from the database per query while an export is written. */
export const FHIR_EXPORT_PAGE_SIZE = 500

/** The cohort of every active patient. */
export const ALL_ACTIVE_GROUP = 'all-active'

/** One Group per bariatric procedure of the profile's list: `procedure-sleeve` and so on. */
export const PROCEDURE_GROUP_KEYS: Record<SurgeryType, string> = {
  'Gastric Bypass (RNY)': 'procedure-bypass',
  'Sleeve Gastrectomy': 'procedure-sleeve',
  'Adjustable Gastric Band': 'procedure-band',
  'Duodenal Switch': 'procedure-duodenal-switch',
  Other: 'procedure-other',
}

export interface FhirExportGroup {
  id: string
  name: string
  /** The profile's surgery type the group's patients had (or plan); null: every active patient. */
  surgeryType: SurgeryType | null
}

export const FHIR_EXPORT_GROUPS: readonly FhirExportGroup[] = [
  { id: ALL_ACTIVE_GROUP, name: 'All active patients', surgeryType: null },
  ...SURGERY_TYPES.map((type) => ({ id: PROCEDURE_GROUP_KEYS[type], name: `Patients with ${type}`, surgeryType: type })),
]

export function findExportGroup(id: string): FhirExportGroup | undefined {
  return FHIR_EXPORT_GROUPS.find((group) => group.id === id)
}
