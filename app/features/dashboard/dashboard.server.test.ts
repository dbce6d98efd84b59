// The dashboard's loader reads the provider's one call when it has it and the three separate calls
// when it does not (a 404: SPEC.md §7 alone); the page's data is the same either way.
import { afterEach, describe, expect, test } from 'vitest'
import type { ProviderResult } from '~/platform/provider-errors'
import { customerContext, okAnswer } from '~/../tests/support/customer-context'
import { DASHBOARD_CALL_PATH, loadDashboard, resetDashboardCallMemo } from './dashboard.server'

const TODAY = '2026-11-21'
const ok = okAnswer

const profile = {
  profile: { id: 7, email: 'leo@baricare.test', is_onboarded: true, profile_completed: true, medical_completed: true, bariatric_completed: true, has_seen_tour: true },
  personal: { full_name: 'Leo Pounds', email: 'leo@baricare.test', height: 178, height_unit: 'cm', initial_weight: 120, weight_unit: 'lbs', date_of_birth: '1980-02-03', gender: 'male', phone_number: '5551234567', address_line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' },
  medical_history: null,
  bariatric_surgery: { bariatric_status: 'yes', surgery_type: 'Sleeve Gastrectomy', surgery_date: '2026-03-01', pre_surgery_weight: 130, goal_weight: 85 },
  device_information: null,
  preferences: { height_unit: 'cm', weight_unit: 'lbs', protein_target_g: 70, water_target_ml: 2000, sleep_target_h: 7 },
}
const weight = { id: 1, kind: 'weight', date: TODAY, weight: 104.5, weight_unit: 'lbs', note: '', source: 'manual' }
const meal = { id: 2, kind: 'meal', date: TODAY, time: '12:30', meal_type: 'lunch', protein_g: 32, calories: 420, description: 'Chicken salad', source: 'manual' }
const sleep = { id: 3, kind: 'sleep', date: TODAY, hours: 7.5, quality: 4, bed_time: '22:45', wake_time: '06:15', source: 'manual' }
const entries = {
  from: '2026-11-20',
  to: TODAY,
  weight: [weight],
  sleep: [sleep],
  meal: [meal],
  water: [],
  vitamins: [],
  latest: { weight, sleep, meal, water: null, vitamins: null },
}
const devices = [
  { service: 'demo_health', service_name: 'Demo Health', status: 'connected', data_types: ['weight'], imported_types: ['weight'], last_synced_at: `${TODAY}T08:00:00Z`, last_error: null, available: true, availability_note: null },
]

const context = (answers: Record<string, ProviderResult<unknown>>) =>
  customerContext('http://app.test/customer/dashboard', answers)

const separate = {
  'v1/auth/profile/': ok(profile),
  'v1/auth/entries/': ok(entries),
  'v1/auth/devices/': ok(devices),
}

afterEach(() => resetDashboardCallMemo())

describe('loadDashboard', () => {
  test('one call when the provider offers it, and the same page as from the three calls', async () => {
    const one = context({ ...separate, [DASHBOARD_CALL_PATH]: ok({ profile, entries, devices }) })
    const fromOne = await loadDashboard(one.ctx)
    expect(one.calls).toEqual([DASHBOARD_CALL_PATH])

    const three = context(separate)
    const fromThree = await loadDashboard(three.ctx)
    expect(three.calls.sort()).toEqual([DASHBOARD_CALL_PATH, 'v1/auth/devices/', 'v1/auth/entries/', 'v1/auth/profile/'])
    expect(fromOne).toEqual(fromThree)
    expect(fromOne.summary).not.toBeNull()
    expect(fromOne.health?.metrics?.current).toMatchObject({ kg: 104.5, source: 'logged' })
  })

  test('a provider without the one call is not asked again on the next view', async () => {
    const first = context(separate)
    await loadDashboard(first.ctx)
    const second = context(separate)
    await loadDashboard(second.ctx)
    expect(second.calls).not.toContain(DASHBOARD_CALL_PATH)
  })

  test('another failure of the one call falls back to the three, which say which part failed', async () => {
    const failed: ProviderResult<unknown> = { ok: false, status: 500, message: 'Boom', fieldErrors: {}, kind: 'http' }
    const { ctx, calls } = context({ ...separate, 'v1/auth/entries/': failed, [DASHBOARD_CALL_PATH]: failed })
    const page = await loadDashboard(ctx)
    expect(calls).toContain('v1/auth/profile/')
    expect(page.error).toBeNull()
    expect(page.health).toMatchObject({ metrics: null, error: 'Boom' })
    // Not remembered: the next view asks the one call again.
    const next = context(separate)
    await loadDashboard(next.ctx)
    expect(next.calls).toContain(DASHBOARD_CALL_PATH)
  })
})
