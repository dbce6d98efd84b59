// A patient's record as FHIR R4 resources: the Patient, the bariatric surgery as a Procedure, the
// profile's height, and one or more Observations per health-log entry (docs/fhir-mapping.md).
// Pure: no I/O, no clock (the caller passes the times), so the record download and a FHIR API can
// both use it, one resource at a time (an export of years of entries never holds them all).
import type {
  Bundle,
  BundleEntry,
  CodeableConcept,
  Identifier,
  Observation,
  ObservationComponent,
  Patient,
  Procedure,
  Quantity,
  Reference,
  Resource,
} from '@medplum/fhirtypes'
import type { BariatricSection, PersonalSection } from '../contract/profile'
import type { EntryKind, MealType } from '../contract/entries-values'
import { VITAMINS } from '../contract/entries-values'
import {
  ACTIVITY_CATEGORY,
  BARICARE_PATIENT_ID,
  BARICARE_SERVICE_SOURCE,
  CODES,
  SURGERY_CODES,
  UNITS,
  US_CORE,
  VITAL_SIGNS_CATEGORY,
  vitaminCoding,
  type Coding,
} from './codes'

export const LBS_PER_KG = 2.20462
const MANUAL = 'manual'

/** The patient as the mapping needs them (the profile's sections as the API stores them). */
export interface FhirPatientInput {
  id: number
  email: string
  personal: PersonalSection | null
  bariatric: BariatricSection | null
  /** When the profile was last saved (ISO instant): the height's effective time. */
  profileUpdatedAt: string | null
}

/** One health-log row as stored: the kind's fields, its source and, for an import, the service. */
export interface FhirEntryInput {
  id: number
  kind: EntryKind
  /** YYYY-MM-DD */
  date: string
  fields: Record<string, unknown>
  /** 'manual', or the device or service that measured it. */
  source: string
  /** The service key of an imported reading; null when the patient typed it. */
  importedFrom: string | null
}

export interface FhirContext {
  /** Base of the resources' full URLs, ends with '/' (e.g. the API's `fhir/` address). */
  baseUrl: string
  patientId: number
  /** The patient's height in cm (for each weight's BMI); null when unknown. */
  heightCm: number | null
}

const patientRef = (id: number): Reference<Patient> => ({ reference: `Patient/${id}` })
const concept = (coding: Coding, text?: string): CodeableConcept => ({ coding: [{ ...coding }], text: text ?? coding.display })
const quantity = (value: number, unit: { unit: string; system: string; code: string }): Quantity => ({ value, ...unit })
const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}

const FHIR_GENDER: Record<PersonalSection['gender'], Patient['gender']> = {
  M: 'male',
  F: 'female',
  O: 'other',
  N: 'unknown',
}

/**
 * The name as one text, with the last word as the family name and the rest as given names (US Core
 * asks for one of them). Only a best guess at the parts; `text` keeps the name as the patient wrote it.
 */
function nameOf(fullName: string): NonNullable<Patient['name']>[number] | null {
  const words = fullName.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return null
  return {
    use: 'official',
    text: fullName.trim(),
    family: words[words.length - 1],
    ...(words.length > 1 ? { given: words.slice(0, -1) } : {}),
  }
}

export function patientResource(input: FhirPatientInput): Patient {
  const personal = input.personal
  const identifier: Identifier[] = [{ system: BARICARE_PATIENT_ID, value: String(input.id) }]
  const address = personal && [personal.address_line1, personal.city, personal.postal_code].some((part) => part.trim() !== '')
  const name = nameOf(personal?.full_name ?? '')
  return {
    resourceType: 'Patient',
    id: String(input.id),
    meta: { profile: [US_CORE.patient] },
    identifier,
    name: [
      name
        ? name
        : // US Core: a patient with no name on file says so rather than sending an empty one.
          { extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/data-absent-reason', valueCode: 'unknown' }] },
    ],
    gender: personal ? FHIR_GENDER[personal.gender] : 'unknown',
    ...(personal?.date_of_birth ? { birthDate: personal.date_of_birth } : {}),
    telecom: [
      { system: 'email', value: input.email },
      ...(personal?.phone_number ? [{ system: 'phone' as const, value: personal.phone_number }] : []),
    ],
    ...(address && personal
      ? {
          address: [
            {
              line: [personal.address_line1, personal.address_line2].filter((line) => line.trim() !== ''),
              city: personal.city,
              state: personal.state,
              postalCode: personal.postal_code,
            },
          ],
        }
      : {}),
  }
}

/**
 * The bariatric surgery: completed once its date has passed, in preparation before (a date set
 * ahead); null when the patient had none or only plans one without details.
 */
export function surgeryProcedure(input: FhirPatientInput, today: string): Procedure | null {
  const surgery = input.bariatric
  if (!surgery || surgery.bariatric_status !== 'yes' || !surgery.surgery_type) return null
  const coding = SURGERY_CODES[surgery.surgery_type] ?? null
  const date = surgery.surgery_date
  return {
    resourceType: 'Procedure',
    id: `surgery-${input.id}`,
    meta: { profile: [US_CORE.procedure] },
    status: date && date > today ? 'preparation' : 'completed',
    code: coding ? concept(coding, surgery.surgery_type) : { text: surgery.surgery_type },
    subject: patientRef(input.id),
    ...(date ? { performedDateTime: date } : {}),
    ...(surgery.hospital_name ? { location: { display: surgery.hospital_name } } : {}),
    ...(surgery.surgery_comments ? { note: [{ text: surgery.surgery_comments }] } : {}),
  }
}

/** The profile's height as a body-height Observation; null without one. */
export function heightObservation(input: FhirPatientInput): Observation | null {
  const height = input.personal?.height
  if (typeof height !== 'number' || !(height > 0) || !input.profileUpdatedAt) return null
  return {
    resourceType: 'Observation',
    id: `height-${input.id}`,
    meta: { profile: [US_CORE.bodyHeight] },
    status: 'final',
    category: [VITAL_SIGNS_CATEGORY],
    code: concept(CODES.bodyHeight),
    subject: patientRef(input.id),
    effectiveDateTime: input.profileUpdatedAt,
    valueQuantity: quantity(round(height, 1), UNITS.cm),
  }
}

/** device/meta of an Observation: who measured it, and the service an import came from. */
function provenance(entry: FhirEntryInput): Pick<Observation, 'device' | 'meta'> & { meta: NonNullable<Observation['meta']> } {
  const meta: NonNullable<Observation['meta']> = entry.importedFrom
    ? { source: `${BARICARE_SERVICE_SOURCE}${entry.importedFrom}` }
    : {}
  return {
    meta,
    ...(entry.source && entry.source !== MANUAL ? { device: { display: entry.source } } : {}),
  }
}

function base(entry: FhirEntryInput, ctx: FhirContext, id: string, profile: string | null): Observation {
  const { meta, device } = provenance(entry)
  return {
    resourceType: 'Observation',
    id,
    meta: { ...meta, ...(profile ? { profile: [profile] } : {}) },
    status: 'final',
    code: { text: '' },
    subject: patientRef(ctx.patientId),
    effectiveDateTime: entry.date,
    ...(device ? { device } : {}),
  }
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The body weight in the unit the patient typed it in, as the vitals profiles name it. */
export function weightQuantity(kg: number, unit: unknown): Quantity {
  return unit === 'lbs' ? quantity(round(kg * LBS_PER_KG, 1), UNITS.lb) : quantity(round(kg, 2), UNITS.kg)
}

/** A time of day (HH:MM) on a date, as a FHIR dateTime without a zone (the patient's own clock). */
function at(date: string, time: string): string {
  return /^\d{2}:\d{2}$/.test(time) ? `${date}T${time}:00` : date
}

/**
 * The Observations of one health-log entry: a weight gives its body weight and, with a height on
 * file, the BMI derived from it; each other kind gives one. Ids are stable (`weight-12`, `bmi-12`).
 */
export function entryObservations(entry: FhirEntryInput, ctx: FhirContext): Observation[] {
  const f = entry.fields
  switch (entry.kind) {
    case 'weight': {
      const kg = num(f.weight)
      if (kg === null) return []
      const weight: Observation = {
        ...base(entry, ctx, `weight-${entry.id}`, US_CORE.bodyWeight),
        category: [VITAL_SIGNS_CATEGORY],
        code: concept(CODES.bodyWeight),
        valueQuantity: weightQuantity(kg, f.weight_unit),
        ...(text(f.note) ? { note: [{ text: text(f.note) }] } : {}),
      }
      if (ctx.heightCm === null || !(ctx.heightCm > 0)) return [weight]
      const metres = ctx.heightCm / 100
      const bmi: Observation = {
        ...base(entry, ctx, `bmi-${entry.id}`, US_CORE.bmi),
        category: [VITAL_SIGNS_CATEGORY],
        code: concept(CODES.bmi),
        valueQuantity: quantity(round(kg / (metres * metres), 1), UNITS.bmi),
        derivedFrom: [{ reference: `Observation/weight-${entry.id}` }],
      }
      return [weight, bmi]
    }
    case 'sleep': {
      const hours = num(f.hours)
      if (hours === null) return []
      const quality = num(f.quality)
      const components: ObservationComponent[] = quality === null
        ? []
        : [{ code: concept(CODES.sleepQuality), valueInteger: quality }]
      return [
        {
          ...base(entry, ctx, `sleep-${entry.id}`, null),
          category: [ACTIVITY_CATEGORY],
          code: concept(CODES.sleepDuration),
          // The night ends on the entry's date (the day the patient woke up).
          ...(text(f.wake_time) ? { effectiveDateTime: at(entry.date, text(f.wake_time)) } : {}),
          valueQuantity: quantity(hours, UNITS.hours),
          ...(components.length > 0 ? { component: components } : {}),
        },
      ]
    }
    case 'meal': {
      const protein = num(f.protein_g)
      if (protein === null) return []
      const calories = num(f.calories)
      const mealType = text(f.meal_type) as MealType | ''
      const components: ObservationComponent[] = [
        ...(calories === null ? [] : [{ code: concept(CODES.mealCalories), valueQuantity: quantity(calories, UNITS.kcal) }]),
        ...(mealType ? [{ code: concept(CODES.mealType), valueString: mealType }] : []),
      ]
      return [
        {
          ...base(entry, ctx, `meal-${entry.id}`, null),
          code: concept(CODES.mealProtein),
          effectiveDateTime: at(entry.date, text(f.time)),
          valueQuantity: quantity(protein, UNITS.grams),
          ...(components.length > 0 ? { component: components } : {}),
          ...(text(f.description) ? { note: [{ text: text(f.description) }] } : {}),
        },
      ]
    }
    case 'water': {
      const ml = num(f.ml)
      if (ml === null) return []
      return [{ ...base(entry, ctx, `water-${entry.id}`, null), code: concept(CODES.waterIntake), valueQuantity: quantity(ml, UNITS.ml) }]
    }
    case 'vitamins': {
      const taken = Array.isArray(f.taken) ? f.taken.filter((v): v is string => typeof v === 'string') : []
      // Every vitamin of the checklist, taken or not, so "not taken" is a value rather than a gap.
      const names = [...VITAMINS, ...taken.filter((name) => !(VITAMINS as readonly string[]).includes(name))]
      return [
        {
          ...base(entry, ctx, `vitamins-${entry.id}`, null),
          code: concept(CODES.vitaminsTaken),
          valueString: taken.length > 0 ? taken.join(', ') : 'None',
          component: names.map((name) => ({ code: concept(vitaminCoding(name)), valueBoolean: taken.includes(name) })),
        },
      ]
    }
  }
}

// ---- The Bundle, written piece by piece ----------------------------------------------------------

/**
 * The opening of a `collection` Bundle up to its first entry; the caller then writes bundleEntry()
 * texts separated by ',' and ends with BUNDLE_CLOSE. Split so that a stream can write a Bundle of any
 * size; joined, the pieces are one JSON document (a test parses it).
 */
export function bundleOpen(id: string, timestamp: string): string {
  const head: Bundle = { resourceType: 'Bundle', id, type: 'collection', timestamp }
  return `${JSON.stringify(head).slice(0, -1)},"entry":[`
}

export const BUNDLE_CLOSE = ']}'

export function bundleEntry(resource: Resource, baseUrl: string): string {
  const entry: BundleEntry = { fullUrl: `${baseUrl}${resource.resourceType}/${resource.id}`, resource }
  return JSON.stringify(entry)
}
