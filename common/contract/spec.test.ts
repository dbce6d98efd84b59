// The SPEC level of the contract: every SPEC.md §7 answer is read from the least SPEC promises,
// and the level cannot grow a required field SPEC does not name without this file failing.
import { describe, expect, test } from 'vitest'
import { BARIATRIC, DEVICE, MEDICAL, PERSONAL } from '../../tests/support/fixtures'
import { adminSessionSchema, adminUserSchema, refreshAnswerSchema, tokenPairSchema } from './auth'
import { customerProfileSchema } from './profile'
import {
  SPEC_CALLS,
  specAdminSessionSchema,
  specAdminUserSchema,
  specCustomerProfileSchema,
  specRefreshSchema,
  specTokenPairSchema,
} from './spec'

/**
 * The fields SPEC.md §3 ("Server responses") and §7 ("Reads") name in each answer, as paths.
 * A minimal answer may hold only these (and the profile's sections, which may be null or {}).
 */
const PROMISED: Record<string, string[]> = {
  'POST v1/auth/login/': ['access_token', 'refresh_token'],
  'POST v1/admin/login/': ['access_token', 'refresh_token', 'user', 'user.roles'],
  'GET v1/admin/profile/': [],
  'GET v1/auth/profile/': [
    'profile',
    'profile.is_onboarded',
    'personal',
    'medical_history',
    'bariatric_surgery',
    'device_information',
    'preferences',
  ],
  'POST v1/auth/token/refresh/': ['access'],
  'POST v1/admin/token/refresh/': ['access'],
}

function paths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return []
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = prefix ? `${prefix}.${key}` : key
    return [path, ...paths(inner, path)]
  })
}

function without(value: unknown, path: string): unknown {
  const [head, ...rest] = path.split('.')
  const copy = { ...(value as Record<string, unknown>) }
  if (rest.length === 0) delete copy[head as string]
  else copy[head as string] = without(copy[head as string], rest.join('.'))
  return copy
}

describe('every SPEC.md §7 call', () => {
  test('the table names each of the sixteen calls once', () => {
    const keys = SPEC_CALLS.map((c) => `${c.method} ${c.path}`)
    expect(new Set(keys).size).toBe(16)
  })

  test.each(SPEC_CALLS.map((c) => [`${c.method} ${c.path}`, c] as const))('%s: the smallest answer SPEC allows is read', (key, call) => {
    // A schema that grows a required field SPEC does not name fails here first.
    expect(call.schema.safeParse(call.minimal).success).toBe(true)
    // And the minimal answer holds nothing SPEC does not promise.
    expect(paths(call.minimal).filter((p) => !(PROMISED[key] ?? []).includes(p))).toEqual([])
  })

  test.each(SPEC_CALLS.filter((c) => paths(c.minimal).length > 0).map((c) => [`${c.method} ${c.path}`, c] as const))(
    '%s: each promised field is really required, the sections excepted',
    (key, call) => {
      const sections = ['personal', 'medical_history', 'bariatric_surgery', 'device_information', 'preferences']
      for (const path of paths(call.minimal).filter((p) => !sections.includes(p))) {
        expect(call.schema.safeParse(without(call.minimal, path)).success, `${key} without ${path}`).toBe(false)
      }
      for (const section of sections.filter((s) => paths(call.minimal).includes(s))) {
        expect(call.schema.safeParse(without(call.minimal, section)).success, `${key} without ${section}`).toBe(true)
      }
    },
  )

  test('answers SPEC says nothing about are read whatever they hold', () => {
    for (const call of SPEC_CALLS.filter((c) => c.minimal === undefined)) {
      for (const content of [undefined, null, {}, { detail: 'ok' }, 'ok']) expect(call.schema.safeParse(content).success).toBe(true)
    }
  })
})

describe('realistic answers beside the minimal ones', () => {
  test('extra fields, string ids and unknown roles', () => {
    const session = specAdminSessionSchema.parse({
      access_token: 'a',
      refresh_token: 'r',
      user: { id: '8f2c', roles: ['Super Admin', 7, 'Auditor'], permissions: ['*'] },
      token_type: 'Bearer',
    })
    expect(session.user).toEqual({ id: '8f2c', roles: ['Super Admin', 'Auditor'], email: undefined, full_name: undefined, mfa_enabled: undefined })
    expect(specTokenPairSchema.parse({ access_token: 'a', refresh_token: 'r', expires_in: 300 })).toEqual({ access_token: 'a', refresh_token: 'r' })
    expect(specRefreshSchema.parse({ access: 'a', refresh: 'r2' })).toEqual({ access: 'a', refresh: 'r2' })
    expect(specAdminUserSchema.parse({ id: 3, email: 'a@b.test', roles: 'Super Admin' })).toMatchObject({ id: 3, roles: [] })
  })

  test('a section not saved yet is null whether it is null, absent or {}', () => {
    const profile = specCustomerProfileSchema.parse({
      profile: { is_onboarded: false },
      personal: {},
      medical_history: null,
      preferences: null,
    })
    expect(profile).toMatchObject({
      profile: { is_onboarded: false, profile_completed: false, medical_completed: false, bariatric_completed: false },
      personal: null,
      medical_history: null,
      bariatric_surgery: null,
      device_information: null,
      preferences: {},
    })
    expect(profile.profile.has_seen_tour).toBeUndefined()
  })

  test('decimals as text become numbers; a missing text is empty, a missing number null', () => {
    const profile = specCustomerProfileSchema.parse({
      profile: { is_onboarded: true, profile_completed: true, medical_completed: true, bariatric_completed: true },
      personal: { full_name: 'Pat', height: '170.0', initial_weight: '95.50' },
      bariatric_surgery: { bariatric_status: 'yes', pre_surgery_weight: 'n/a', goal_weight: 80 },
      device_information: { has_wearable: 'yes', wearable_os: 'ios' },
    })
    expect(profile.personal).toMatchObject({ full_name: 'Pat', height: 170, initial_weight: 95.5, city: '' })
    expect(profile.personal?.email).toBeUndefined()
    expect(profile.bariatric_surgery).toMatchObject({ bariatric_status: 'yes', pre_surgery_weight: null, goal_weight: 80, surgery_type: null })
    expect(profile.device_information).toMatchObject({ has_wearable: false, wearable_os: 'ios', wearable_type: null })
  })

  test('what SPEC promises is still required', () => {
    expect(specCustomerProfileSchema.safeParse({ profile: { is_onboarded: 'yes' } }).success).toBe(false)
    expect(specCustomerProfileSchema.safeParse({ personal: {} }).success).toBe(false)
    expect(specTokenPairSchema.safeParse({ access_token: '', refresh_token: 'r' }).success).toBe(false)
    expect(specAdminSessionSchema.safeParse({ access_token: 'a', refresh_token: 'r', user: {} }).success).toBe(false)
  })
})

describe("our API's level extends the SPEC level", () => {
  const user = { id: 1, email: 'a@b.test', full_name: 'A', roles: ['Super Admin'], mfa_enabled: true }
  const profile = {
    profile: { id: 2, email: 'p@b.test', is_onboarded: true, profile_completed: true, medical_completed: true, bariatric_completed: true, has_seen_tour: false },
    personal: { ...PERSONAL, email: 'p@b.test' },
    medical_history: MEDICAL,
    bariatric_surgery: BARIATRIC,
    device_information: DEVICE,
    preferences: { height_unit: 'cm', weight_unit: 'kg', protein_target_g: 60, water_target_ml: 1900, sleep_target_h: 7 },
  }

  test('every answer our API may send is read at the SPEC level with the same values', () => {
    expect(customerProfileSchema.safeParse(profile).success).toBe(true)
    expect(specCustomerProfileSchema.parse(profile)).toEqual(customerProfileSchema.parse(profile))
    expect(adminSessionSchema.safeParse({ access_token: 'a', refresh_token: 'r', user }).success).toBe(true)
    expect(specAdminSessionSchema.parse({ access_token: 'a', refresh_token: 'r', user }).user).toEqual(user)
    expect(specAdminUserSchema.parse(user)).toEqual(adminUserSchema.parse(user))
    expect(specTokenPairSchema.parse({ access_token: 'a', refresh_token: 'r' })).toEqual(tokenPairSchema.parse({ access_token: 'a', refresh_token: 'r' }))
    expect(specRefreshSchema.parse({ access: 'a' }).access).toBe(refreshAnswerSchema.parse({ access: 'a' }).access)
  })

  test('our API promises more: the SPEC minimum is not enough for it', () => {
    expect(customerProfileSchema.safeParse({ profile: { is_onboarded: false } }).success).toBe(false)
    expect(adminUserSchema.safeParse({ roles: [] }).success).toBe(false)
  })
})
