// A patient row as the FHIR reads and the Bulk Data export both read it, in the shape the mapping
// (common/fhir/record.ts) takes.
import type { FhirPatientInput } from '../../common/fhir/record'

export interface StoredPatient {
  id: number
  email: string
  personal: FhirPatientInput['personal']
  bariatric_surgery: FhirPatientInput['bariatric']
  profile_updated_at: string | null
}

export function fhirPatientInput(row: StoredPatient): FhirPatientInput {
  return {
    id: row.id,
    email: row.email,
    personal: row.personal,
    bariatric: row.bariatric_surgery,
    profileUpdatedAt: row.profile_updated_at,
  }
}
