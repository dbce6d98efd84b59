import { describe, expect, it } from 'vitest'
import { BARIATRIC, DEVICE, PERSONAL } from '~/../tests/support/fixtures'
import {
  bmiSummary,
  dashboardSummary,
  displayWeight,
  firstName,
  formatHeight,
  formatWeight,
  pluralDays,
  surgeryDayCounts,
} from './dashboard'
import type { CustomerProfile } from '~/platform/provider-types'

const TODAY = new Date(2026, 10, 21) // 21 Nov 2026, local midnight

function profile(overrides: Partial<CustomerProfile> = {}): CustomerProfile {
  return {
    profile: {
      id: 1,
      email: 'pat@example.com',
      is_onboarded: true,
      profile_completed: true,
      medical_completed: true,
      bariatric_completed: true,
      has_seen_tour: false,
    },
    // Two spaces inside the name, as a patient may type it.
    personal: { ...PERSONAL, full_name: 'Pat  Example' },
    medical_history: null,
    bariatric_surgery: BARIATRIC,
    device_information: DEVICE,
    preferences: { height_unit: 'cm', weight_unit: 'kg' },
    ...overrides,
  }
}

describe('body-mass index', () => {
  it('is kg / m², one decimal', () => {
    expect(bmiSummary(170, 120)).toEqual({ value: 41.5, category: 'Obesity' })
    expect(bmiSummary(177.8, 118.841)).toEqual({ value: 37.6, category: 'Obesity' })
    expect(bmiSummary(180, 70)).toEqual({ value: 21.6, category: 'Healthy weight' })
  })

  it('needs both a height and a weight', () => {
    expect(bmiSummary(null, 80)).toBeNull()
    expect(bmiSummary(170, undefined)).toBeNull()
    expect(bmiSummary(0, 80)).toBeNull()
  })
})

describe('days since or until surgery', () => {
  it('counts calendar days since a past date', () => {
    expect(surgeryDayCounts('2026-05-01', TODAY)).toEqual({ daysSince: 204, daysUntil: null })
    expect(surgeryDayCounts('2026-11-20', TODAY)).toEqual({ daysSince: 1, daysUntil: null })
  })

  it('is 0 days since on the day itself', () => {
    expect(surgeryDayCounts('2026-11-21', TODAY)).toEqual({ daysSince: 0, daysUntil: null })
  })

  it('counts days until a date ahead', () => {
    expect(surgeryDayCounts('2026-12-01', TODAY)).toEqual({ daysSince: null, daysUntil: 10 })
  })

  it('knows nothing without a real date', () => {
    expect(surgeryDayCounts(null, TODAY)).toEqual({ daysSince: null, daysUntil: null })
    expect(surgeryDayCounts('2026-02-30', TODAY)).toEqual({ daysSince: null, daysUntil: null })
  })
})

describe('weights and heights as shown', () => {
  it('shows stored kg in the patient unit with one decimal', () => {
    expect(displayWeight(120, 'kg')).toBe(120)
    expect(displayWeight(120, 'lbs')).toBe(264.6)
    expect(displayWeight(118.841, 'lbs')).toBe(262)
    expect(displayWeight(null, 'kg')).toBeNull()
    expect(formatWeight(112, 'kg')).toBe('112.0 kg')
    expect(formatWeight(264.6, 'lbs')).toBe('264.6 lbs')
  })

  it('formats heights in cm or feet and inches', () => {
    expect(formatHeight(170, 'cm')).toBe('170 cm')
    expect(formatHeight(177.8, 'ft-in')).toBe('5 ft 10 in')
    expect(formatHeight(165, 'ft-in')).toBe('5 ft 5 in')
  })

  it('says day or days', () => {
    expect(pluralDays(1)).toBe('1 day')
    expect(pluralDays(0)).toBe('0 days')
    expect(pluralDays(12)).toBe('12 days')
  })

  it('takes the first word of the name as the first name', () => {
    expect(firstName('Pat  Example')).toBe('Pat')
    expect(firstName(null)).toBeNull()
  })
})

describe('the dashboard summary', () => {
  it('sums up a patient in kg', () => {
    const summary = dashboardSummary(profile(), TODAY)
    expect(summary.fullName).toBe('Pat  Example')
    expect(summary.firstName).toBe('Pat')
    expect(summary.surgery).toEqual({
      status: 'yes',
      statusLabel: 'Had bariatric surgery',
      type: 'Sleeve Gastrectomy',
      date: '05/01/2026',
      daysSince: 204,
      daysUntil: null,
      hospital: 'General Hospital',
    })
    expect(summary.weights).toEqual({ unit: 'kg', preSurgery: 125, current: 120, goal: 80, toGoal: 40 })
    expect(summary.height).toEqual({ unit: 'cm', text: '170 cm' })
    expect(summary.bmi).toEqual({ value: 41.5, category: 'Obesity' })
    expect(summary.device).toEqual({ kind: 'has-device', wearableType: 'Apple Watch', os: 'iOS' })
  })

  it('shows every weight in lbs for a patient who reads lbs', () => {
    const base = profile()
    const summary = dashboardSummary(
      profile({
        personal: { ...base.personal!, height: 177.8, height_unit: 'ft-in', weight_unit: 'lbs', initial_weight: 118.841 },
        preferences: { height_unit: 'ft-in', weight_unit: 'lbs' },
      }),
      TODAY,
    )
    expect(summary.weights).toEqual({ unit: 'lbs', preSurgery: 275.6, current: 262, goal: 176.4, toGoal: 85.6 })
    expect(summary.height).toEqual({ unit: 'ft-in', text: '5 ft 10 in' })
    expect(summary.bmi?.value).toBe(37.6)
  })

  it('invents nothing for a patient planning surgery', () => {
    const summary = dashboardSummary(profile({ bariatric_surgery: { bariatric_status: 'plan' } }), TODAY)
    expect(summary.surgery).toMatchObject({ status: 'plan', type: null, date: null, daysSince: null, daysUntil: null })
    expect(summary.weights).toMatchObject({ preSurgery: null, goal: null, toGoal: null, current: 120 })
  })

  it('ignores surgery details left over from a status that is not yes', () => {
    const summary = dashboardSummary(
      profile({ bariatric_surgery: { bariatric_status: 'no', surgery_type: 'Other', surgery_date: '2020-01-01', goal_weight: 70 } }),
      TODAY,
    )
    expect(summary.surgery).toMatchObject({ status: 'no', statusLabel: 'No bariatric surgery planned', type: null, daysSince: null })
    expect(summary.weights.goal).toBeNull()
  })

  it('reports missing sections as missing', () => {
    const summary = dashboardSummary(
      profile({ personal: null, bariatric_surgery: null, device_information: null, preferences: null }),
      TODAY,
    )
    expect(summary.fullName).toBeNull()
    expect(summary.firstName).toBeNull()
    expect(summary.surgery.status).toBeNull()
    expect(summary.weights).toEqual({ unit: 'kg', preSurgery: null, current: null, goal: null, toGoal: null })
    expect(summary.height).toBeNull()
    expect(summary.bmi).toBeNull()
    expect(summary.device).toEqual({ kind: 'missing' })
  })

  it('tells a device request from a device the patient has', () => {
    const summary = dashboardSummary(
      profile({ device_information: { has_wearable: false, need_device_shipment: true, wearable_type: '', wearable_os: 'android' } }),
      TODAY,
    )
    expect(summary.device).toEqual({ kind: 'needs-device', os: 'Android' })
  })
})
