import { describe, expect, it } from 'vitest'
import { PERSONAL } from '~/../tests/support/fixtures'
import {
  bariatricDefaults,
  buildBariatricPayload,
  buildDevicePayload,
  buildMedicalPayload,
  buildPersonalPayload,
  deviceDefaults,
  medicalDefaults,
  personalDefaults,
} from './payloads'
import type { CustomerProfile } from '~/platform/provider-types'

// The fixture patient's personal step without its height and weight, which each test fills in.
const { height: _height, height_unit: _heightUnit, initial_weight: _weight, weight_unit: _weightUnit, ...personalText } = PERSONAL
const personalValues = { ...personalText, gender: 'F' as const }

describe('buildPersonalPayload (PUT v1/auth/profile/personal/)', () => {
  it('sends ft-in as cm and lbs as kg, with the units as chosen', () => {
    expect(
      buildPersonalPayload({
        ...personalValues,
        height_unit: 'ft-in',
        height_ft: 5,
        height_in: 10,
        initial_weight: 200,
        weight_unit: 'lbs',
      }),
    ).toStrictEqual({ ...PERSONAL, height: 177.8, height_unit: 'ft-in', initial_weight: 90.719, weight_unit: 'lbs' })
  })

  it('sends cm and kg as typed', () => {
    const payload = buildPersonalPayload({
      ...personalValues,
      height_unit: 'cm',
      height: 170.5,
      initial_weight: 120.5,
      weight_unit: 'kg',
    })
    expect(payload).toMatchObject({ height: 170.5, height_unit: 'cm', initial_weight: 120.5, weight_unit: 'kg' })
  })

  it('counts a blank feet or inches as 0', () => {
    const inchesOnly = buildPersonalPayload({
      ...personalValues,
      height_unit: 'ft-in',
      height_in: 70,
      initial_weight: 80,
      weight_unit: 'kg',
    })
    expect(inchesOnly.height).toBe(177.8)
  })
})

describe('buildMedicalPayload (PUT v1/auth/profile/medical/)', () => {
  it('sends the six fields', () => {
    const values = {
      pre_existing_conditions: ['Hypertension' as const],
      other_conditions: '',
      allergies: 'Peanuts',
      current_medications: '',
      diet_restrictions: '',
      previous_weight_loss_attempts: ['None' as const],
    }
    expect(buildMedicalPayload(values)).toStrictEqual(values)
  })
})

describe('buildBariatricPayload (PUT v1/auth/profile/bariatric/)', () => {
  it('sends only the status unless it is yes', () => {
    expect(buildBariatricPayload({ bariatric_status: 'plan' })).toStrictEqual({ bariatric_status: 'plan' })
    expect(buildBariatricPayload({ bariatric_status: 'no' })).toStrictEqual({ bariatric_status: 'no' })
  })

  it('sends the surgery details with weights in kg when yes', () => {
    expect(
      buildBariatricPayload({
        bariatric_status: 'yes',
        surgery_type: 'Sleeve Gastrectomy',
        surgery_date: '2026-03-01',
        funding_method: 'Private Insurance',
        pre_surgery_weight: 280,
        pre_surgery_weight_unit: 'lbs',
        goal_weight: 80,
        goal_weight_unit: 'kg',
        hospital_name: 'General Hospital',
        hospital_address: '',
        surgery_comments: '',
      }),
    ).toStrictEqual({
      bariatric_status: 'yes',
      surgery_type: 'Sleeve Gastrectomy',
      surgery_date: '2026-03-01',
      pre_surgery_weight: 127.006,
      goal_weight: 80,
      pre_surgery_weight_unit: 'lbs',
      goal_weight_unit: 'kg',
      hospital_name: 'General Hospital',
      funding_method: 'Private Insurance',
      surgery_comments: '',
      hospital_address: '',
    })
  })

  it('sends null for an absent goal weight and funding method', () => {
    const payload = buildBariatricPayload({
      bariatric_status: 'yes',
      surgery_type: 'Other',
      surgery_date: '2025-01-02',
      pre_surgery_weight: 130,
      pre_surgery_weight_unit: 'kg',
      goal_weight_unit: 'kg',
      hospital_name: '',
      hospital_address: '',
      surgery_comments: '',
    })
    expect(payload).toMatchObject({ goal_weight: null, funding_method: null, pre_surgery_weight: 130 })
  })
})

describe('buildDevicePayload (PUT v1/auth/profile/device/)', () => {
  it('have-device: has a wearable, no shipment, with its type', () => {
    expect(buildDevicePayload({ deviceNeeds: 'have-device', wearable_type: 'Apple Watch', wearable_os: 'ios' })).toStrictEqual({
      has_wearable: true,
      need_device_shipment: false,
      wearable_type: 'Apple Watch',
      wearable_os: 'ios',
    })
  })

  it('need-device: no wearable, shipment, type null', () => {
    expect(buildDevicePayload({ deviceNeeds: 'need-device', wearable_os: 'android' })).toStrictEqual({
      has_wearable: false,
      need_device_shipment: true,
      wearable_type: null,
      wearable_os: 'android',
    })
  })
})

const empty: Pick<CustomerProfile, 'personal' | 'medical_history' | 'bariatric_surgery' | 'device_information' | 'preferences'> = {
  personal: null,
  medical_history: null,
  bariatric_surgery: null,
  device_information: null,
  preferences: { height_unit: 'cm', weight_unit: 'kg' },
}

describe('form defaults from the stored profile', () => {
  it('starts a new patient empty, in the preferred units', () => {
    expect(personalDefaults(empty)).toEqual({
      full_name: '',
      phone_number: '',
      date_of_birth: '',
      gender: undefined,
      height_unit: 'cm',
      height: '',
      height_ft: '',
      height_in: '',
      initial_weight: '',
      weight_unit: 'kg',
      address_line1: '',
      address_line2: '',
      city: '',
      state: '',
      postal_code: '',
    })
    expect(medicalDefaults(empty)).toMatchObject({ pre_existing_conditions: [], previous_weight_loss_attempts: [] })
    expect(bariatricDefaults(empty)).toMatchObject({ bariatric_status: undefined, pre_surgery_weight_unit: 'kg' })
    expect(deviceDefaults(empty)).toEqual({ deviceNeeds: undefined, wearable_os: undefined, wearable_type: '' })
  })

  it('shows stored cm as feet and inches and stored kg as lbs (1 decimal) in the patient’s units', () => {
    const defaults = personalDefaults({
      ...empty,
      personal: {
        full_name: 'Pat',
        phone_number: '5551234567',
        date_of_birth: '1985-06-15',
        gender: 'F',
        height: 177.8,
        height_unit: 'ft-in',
        initial_weight: 90.719,
        weight_unit: 'lbs',
        address_line1: '1 Main',
        address_line2: '',
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
      },
    })
    expect(defaults).toMatchObject({
      date_of_birth: '06/15/1985',
      gender: 'F',
      height_unit: 'ft-in',
      height: '177.8',
      height_ft: '5',
      height_in: '10',
      initial_weight: '200',
      weight_unit: 'lbs',
    })
  })

  it('keeps kg (rounded to 1 decimal) when the unit is kg', () => {
    const defaults = personalDefaults({
      ...empty,
      personal: { ...empty.personal, height: 170, height_unit: 'cm', initial_weight: 120.46, weight_unit: 'kg' } as never,
    })
    expect(defaults).toMatchObject({ height: '170', height_ft: '5', height_in: '6.9', initial_weight: '120.5' })
  })

  it('prefills the bariatric weights in their own units and the device answer from the flags', () => {
    expect(
      bariatricDefaults({
        ...empty,
        bariatric_surgery: {
          bariatric_status: 'yes',
          surgery_type: 'Sleeve Gastrectomy',
          surgery_date: '2026-03-01',
          funding_method: null as never,
          pre_surgery_weight: 127.006,
          pre_surgery_weight_unit: 'lbs',
          goal_weight: 80,
          goal_weight_unit: 'kg',
          hospital_name: null as never,
        },
      }),
    ).toMatchObject({
      bariatric_status: 'yes',
      surgery_date: '03/01/2026',
      funding_method: '',
      pre_surgery_weight: '280',
      pre_surgery_weight_unit: 'lbs',
      goal_weight: '80',
      goal_weight_unit: 'kg',
      hospital_name: '',
    })
    expect(
      deviceDefaults({ ...empty, device_information: { has_wearable: false, need_device_shipment: true, wearable_type: null as never, wearable_os: 'android' } }),
    ).toEqual({ deviceNeeds: 'need-device', wearable_os: 'android', wearable_type: '' })
  })
})
