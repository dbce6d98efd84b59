// The code systems and codes the FHIR mapping (./record.ts) writes, in one place, so the docs
// (docs/fhir-mapping.md) and the tests read the same values. Standard codes where one fits
// (LOINC, SNOMED CT, UCUM); our own code system only for what no standard code was verified for.

export const LOINC = 'http://loinc.org'
export const SNOMED = 'http://snomed.info/sct'
export const UCUM = 'http://unitsofmeasure.org'
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category'

/**
 * Our own code system for the health-log values that have no LOINC code we could verify
 * (per-meal protein, one drink of water, the daily vitamins checklist, sleep quality). A URN
 * rather than a web address, as we publish no CodeSystem resource at an address of our own.
 */
export const BARICARE_CODES = 'urn:baricare:fhir:codes'
/** The identifier system of our patients' ids (Patient.identifier). */
export const BARICARE_PATIENT_ID = 'urn:baricare:fhir:patient-id'
/** Where an imported reading came from (Observation.meta.source), followed by the service key. */
export const BARICARE_SERVICE_SOURCE = 'urn:baricare:service:'

/** US Core 5.0.1 profile canonicals (meta.profile). */
export const US_CORE = {
  patient: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient',
  bodyWeight: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-body-weight',
  bodyHeight: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-body-height',
  bmi: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-bmi',
  procedure: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-procedure',
} as const

/** The FHIR R4 base vital-signs profiles the US Core ones above are derived from. */
export const FHIR_VITALS = {
  bodyWeight: 'http://hl7.org/fhir/StructureDefinition/bodyweight',
  bodyHeight: 'http://hl7.org/fhir/StructureDefinition/bodyheight',
  bmi: 'http://hl7.org/fhir/StructureDefinition/bmi',
} as const

export type Coding = { system: string; code: string; display: string }

export const CODES = {
  bodyWeight: { system: LOINC, code: '29463-7', display: 'Body weight' },
  bodyHeight: { system: LOINC, code: '8302-2', display: 'Body height' },
  bmi: { system: LOINC, code: '39156-5', display: 'Body mass index (BMI) [Ratio]' },
  sleepDuration: { system: LOINC, code: '93832-4', display: 'Sleep duration' },
  // Ours: a meal's protein and energy, one drink, the vitamins of a day, a night's 1–5 rating.
  mealProtein: { system: BARICARE_CODES, code: 'meal-protein', display: 'Protein in one meal' },
  mealCalories: { system: BARICARE_CODES, code: 'meal-calories', display: 'Energy in one meal' },
  mealType: { system: BARICARE_CODES, code: 'meal-type', display: 'Meal type' },
  waterIntake: { system: BARICARE_CODES, code: 'water-intake', display: 'Water drunk (one entry)' },
  vitaminsTaken: { system: BARICARE_CODES, code: 'vitamins-taken', display: 'Vitamins and supplements taken' },
  sleepQuality: { system: BARICARE_CODES, code: 'sleep-quality', display: 'Sleep quality (1 poor to 5 excellent)' },
} as const satisfies Record<string, Coding>

/** One code per vitamin of the checklist (common/contract/entries-values.ts VITAMINS). */
export function vitaminCoding(name: string): Coding {
  return { system: BARICARE_CODES, code: `vitamin-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, display: name }
}

export const VITAL_SIGNS_CATEGORY = {
  coding: [{ system: OBSERVATION_CATEGORY, code: 'vital-signs', display: 'Vital Signs' }],
}
export const ACTIVITY_CATEGORY = {
  coding: [{ system: OBSERVATION_CATEGORY, code: 'activity', display: 'Activity' }],
}

/**
 * The surgeries SPEC.md offers, as SNOMED CT procedures where a code was given to us and checked;
 * the others are sent as text only (Procedure.code.text), which FHIR allows, rather than with a
 * code we could not verify here.
 */
export const SURGERY_CODES: Record<string, Coding | null> = {
  'Sleeve Gastrectomy': { system: SNOMED, code: '443493005', display: 'Sleeve gastrectomy' },
  'Gastric Bypass (RNY)': { system: SNOMED, code: '442338001', display: 'Roux-en-Y gastric bypass' },
  'Adjustable Gastric Band': null,
  'Duodenal Switch': null,
  Other: null,
}

export const UNITS = {
  kg: { unit: 'kg', system: UCUM, code: 'kg' },
  lb: { unit: 'lb', system: UCUM, code: '[lb_av]' },
  cm: { unit: 'cm', system: UCUM, code: 'cm' },
  bmi: { unit: 'kg/m2', system: UCUM, code: 'kg/m2' },
  hours: { unit: 'h', system: UCUM, code: 'h' },
  grams: { unit: 'g', system: UCUM, code: 'g' },
  kcal: { unit: 'kcal', system: UCUM, code: 'kcal' },
  ml: { unit: 'mL', system: UCUM, code: 'mL' },
} as const
