// The FHIR mapping of a realistic patient (eight months after a sleeve gastrectomy, weighing in lbs,
// some nights imported from a device) validates against US Core 5.0.1 (tests/support/fhir-profiles.ts
// says what exactly is checked), and the Bundle's pieces join into one JSON document.
import type { Bundle, Observation, Resource } from '@medplum/fhirtypes'
import { describe, expect, it } from 'vitest'
import { checkResource, profileFailures } from '../../tests/support/fhir-profiles'
import { BARICARE_SERVICE_SOURCE, US_CORE } from './codes'
import {
  bundleEntry,
  bundleOpen,
  BUNDLE_CLOSE,
  entryObservations,
  heightObservation,
  patientResource,
  surgeryProcedure,
  type FhirEntryInput,
  type FhirPatientInput,
} from './record'

const patient: FhirPatientInput = {
  id: 41,
  email: 'leo.pounds@baricare.test',
  profileUpdatedAt: '2026-03-02T10:15:00.000Z',
  personal: {
    full_name: 'Leo Pounds',
    phone_number: '5550100123',
    date_of_birth: '1979-08-14',
    gender: 'M',
    height: 177.8,
    height_unit: 'ft-in',
    initial_weight: 142.88,
    weight_unit: 'lbs',
    address_line1: '42 Harbor Road',
    address_line2: '',
    city: 'Portland',
    state: 'OR',
    postal_code: '97201',
  },
  bariatric: {
    bariatric_status: 'yes',
    surgery_type: 'Sleeve Gastrectomy',
    surgery_date: '2026-04-01',
    funding_method: 'Private Insurance',
    pre_surgery_weight: 138.34,
    pre_surgery_weight_unit: 'lbs',
    goal_weight: 86.18,
    goal_weight_unit: 'lbs',
    hospital_name: 'Riverside General Hospital',
    hospital_address: '100 River Drive, Portland, OR 97201',
    surgery_comments: '',
  },
}

const ctx = { baseUrl: 'https://clinic.example/fhir/', patientId: 41, heightCm: 177.8 }

function entries(days: number): FhirEntryInput[] {
  const list: FhirEntryInput[] = []
  let id = 1
  for (let n = 0; n < days; n++) {
    const date = new Date(Date.UTC(2026, 3, 2 + n)).toISOString().slice(0, 10)
    const imported = n % 3 === 0
    list.push(
      {
        id: id++,
        kind: 'weight',
        date,
        fields: { weight: 138 - n * 0.1, weight_unit: n % 2 ? 'lbs' : 'kg', note: n === 3 ? 'after the gym' : '', source: imported ? 'Withings' : 'manual' },
        source: imported ? 'Withings' : 'manual',
        importedFrom: imported ? 'withings' : null,
      },
      {
        id: id++,
        kind: 'sleep',
        date,
        fields: { hours: 6.5 + (n % 3) * 0.5, quality: 1 + (n % 5), bed_time: '23:00', wake_time: n % 2 ? '06:30' : null },
        source: imported ? 'Demo Health' : 'manual',
        importedFrom: imported ? 'demo_health' : null,
      },
      {
        id: id++,
        kind: 'meal',
        date,
        fields: { time: '12:30', meal_type: 'lunch', protein_g: 28, calories: n % 2 ? 410 : null, description: 'Chicken salad' },
        source: 'manual',
        importedFrom: null,
      },
      { id: id++, kind: 'water', date, fields: { ml: 250 }, source: 'manual', importedFrom: null },
      { id: id++, kind: 'vitamins', date, fields: { taken: n % 4 ? ['Multivitamin', 'Vitamin D'] : [] }, source: 'manual', importedFrom: null },
    )
  }
  return list
}

function record(): Resource[] {
  const height = heightObservation(patient)
  const surgery = surgeryProcedure(patient, '2026-11-27')
  return [
    patientResource(patient),
    ...(surgery ? [surgery] : []),
    ...(height ? [height] : []),
    ...entries(20).flatMap((entry) => entryObservations(entry, ctx)),
  ]
}

const isVitalSign = (resource: Resource): resource is Observation =>
  resource.resourceType === 'Observation' &&
  (resource.meta?.profile ?? []).some((url) => url === US_CORE.bodyWeight || url === US_CORE.bodyHeight || url === US_CORE.bmi)

describe('FHIR record', () => {
  it('validates every vital sign and the patient against US Core 5.0.1', () => {
    const resources = record()
    const vitals = resources.filter(isVitalSign)
    // 20 weights, their 20 BMIs and the height.
    expect(vitals).toHaveLength(41)
    expect(profileFailures([resources[0], ...vitals])).toEqual([])
  })

  it('validates every other resource as its base type', () => {
    expect(profileFailures(record().filter((r) => r.resourceType !== 'Patient' && !isVitalSign(r)))).toEqual([])
  })

  it('refuses a broken vital sign (so the checks above can fail)', () => {
    const [weight, bmi] = entryObservations(entries(1)[0], ctx)
    expect(checkResource({ ...weight, valueQuantity: { ...weight.valueQuantity, code: 'stone' } }).problems).not.toEqual([])
    expect(checkResource({ ...weight, category: undefined }).problems).not.toEqual([])
    expect(checkResource({ ...bmi, code: { text: 'BMI' } }).problems).not.toEqual([])
    const { subject: _subject, ...orphan } = weight
    expect(checkResource(orphan as Observation).problems).not.toEqual([])
    expect(checkResource({ ...patientResource(patient), identifier: undefined }).problems).not.toEqual([])
  })

  it('keeps the unit the patient typed and says where an import came from', () => {
    const [kgWeight] = entryObservations(entries(1)[0], ctx)
    expect(kgWeight.valueQuantity).toMatchObject({ value: 138, code: 'kg' })
    expect(kgWeight.device).toEqual({ display: 'Withings' })
    expect(kgWeight.meta?.source).toBe(`${BARICARE_SERVICE_SOURCE}withings`)
    const lbsWeight = entryObservations(entries(2)[5], ctx)[0]
    expect(lbsWeight.valueQuantity).toMatchObject({ value: 304, code: '[lb_av]', unit: 'lb' })
    expect(lbsWeight.device).toBeUndefined()
    expect(lbsWeight.meta?.source).toBeUndefined()
  })

  it('codes the surgeries SNOMED CT gives us, and keeps the others as text', () => {
    const sleeve = surgeryProcedure(patient, '2026-11-27')!
    expect(sleeve.code?.coding?.[0]).toMatchObject({ system: 'http://snomed.info/sct', code: '443493005' })
    expect(sleeve.status).toBe('completed')
    const bypass = surgeryProcedure({ ...patient, bariatric: { ...patient.bariatric!, surgery_type: 'Gastric Bypass (RNY)' } }, '2026-01-01')!
    expect(bypass.code?.coding?.[0].code).toBe('442338001')
    expect(bypass.status).toBe('preparation')
    const band = surgeryProcedure({ ...patient, bariatric: { ...patient.bariatric!, surgery_type: 'Adjustable Gastric Band' } }, '2026-11-27')!
    expect(band.code).toEqual({ text: 'Adjustable Gastric Band' })
    expect(surgeryProcedure({ ...patient, bariatric: { ...patient.bariatric!, bariatric_status: 'plan' } }, '2026-11-27')).toBeNull()
  })

  it('writes a Bundle whose pieces join into one collection', () => {
    const resources = record()
    const text = bundleOpen('export-1', '2026-11-27T10:00:00Z') + resources.map((r) => bundleEntry(r, ctx.baseUrl)).join(',') + BUNDLE_CLOSE
    const bundle = JSON.parse(text) as Bundle
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' })
    expect(bundle.entry).toHaveLength(resources.length)
    expect(bundle.entry?.[0].fullUrl).toBe('https://clinic.example/fhir/Patient/41')
    expect(checkResource(bundle).problems).toEqual([])
  })
})
