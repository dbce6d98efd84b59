// The trends page asks for the compact readings; a provider that has only the full trends call
// draws the same charts from that.
import { describe, expect, test } from 'vitest'
import type { ProviderResult } from '~/platform/provider-errors'
import { customerContext, okAnswer } from '~/../tests/support/customer-context'
import { loadTrends } from './trends.server'

const TODAY = '2026-11-21'
const ok = okAnswer

const profile = {
  profile: { id: 7, email: 'leo@baricare.test', is_onboarded: true, profile_completed: true, medical_completed: true, bariatric_completed: true, has_seen_tour: true },
  personal: { full_name: 'Leo Pounds', email: 'leo@baricare.test', height: 178, height_unit: 'cm', initial_weight: 120, weight_unit: 'kg', date_of_birth: '1980-02-03', gender: 'male', phone_number: '5551234567', address_line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' },
  medical_history: null,
  bariatric_surgery: { bariatric_status: 'yes', surgery_type: 'Sleeve Gastrectomy', surgery_date: '2026-03-01', pre_surgery_weight: 130, goal_weight: 85 },
  device_information: null,
  preferences: { height_unit: 'cm', weight_unit: 'kg', protein_target_g: 70, water_target_ml: 2000, sleep_target_h: 7 },
}
const weight = (date: string, kg: number) => ({ id: Number(date.slice(-2)), kind: 'weight', date, weight: kg, weight_unit: 'kg', note: '', source: 'manual' })
const full = {
  from: '2026-11-15',
  to: TODAY,
  first_date: '2026-11-15',
  weight: [weight('2026-11-15', 110), weight('2026-11-20', 108.5)],
  sleep: [],
  meal: [],
  water: [],
  vitamins: [],
  latest: { weight: weight('2026-11-20', 108.5), sleep: null, meal: null, water: null, vitamins: null },
}

const context = (answers: Record<string, ProviderResult<unknown>>) =>
  customerContext('http://app.test/customer/health-trends?range=1w', answers)

describe('loadTrends', () => {
  test('a provider with the full trends call only: the page is drawn from it', async () => {
    const { ctx, calls } = context({ 'v1/auth/profile/': ok(profile), 'v1/auth/trends/': ok(full) })
    const page = (await loadTrends(ctx)).data
    expect(calls).toContain('v1/auth/trends/readings/')
    expect(calls).toContain('v1/auth/trends/')
    expect(page.error).toBeNull()
    expect(page.model).not.toBeNull()
  })

  test('neither call: the page says which part failed', async () => {
    const { ctx } = context({ 'v1/auth/profile/': ok(profile) })
    const page = (await loadTrends(ctx)).data
    expect(page.model).toBeNull()
    expect(page.error).toBe('not offered')
  })
})
