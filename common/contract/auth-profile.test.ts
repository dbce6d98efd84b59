// The contract's sign-in and profile schemas: the parts a reader could get wrong.
import { describe, expect, test } from 'vitest'
import { BARIATRIC, BARIATRIC_IMPERIAL, DEVICE, MEDICAL, PERSONAL, PERSONAL_IMPERIAL } from '../../tests/support/fixtures'
import { adminLoginSchema, adminUserSchema } from './auth'
import { ADMIN_ROLES, PORTALS } from './auth-values'
import {
  bariatricBodySchema,
  customerProfileSchema,
  deviceBodySchema,
  medicalBodySchema,
  personalAnswerSchema,
  personalBodySchema,
} from './profile'

const user = { id: 1, email: 'a@b.test', full_name: 'A', roles: ['Super Admin'], mfa_enabled: false }

describe('admin sign-in', () => {
  test('the answer is either a challenge or a session, told apart by mfa_required', () => {
    const challenge = adminLoginSchema.parse({ mfa_required: true, mfa_token: 't', expires_in: 300 })
    expect(challenge).toEqual({ mfa_required: true, mfa_token: 't', expires_in: 300 })
    const session = adminLoginSchema.parse({ access_token: 'a', refresh_token: 'r', user })
    expect(session).toEqual({ access_token: 'a', refresh_token: 'r', user })
    expect(adminLoginSchema.safeParse({ mfa_required: false, mfa_token: 't' }).success).toBe(false)
  })

  test('a role the app does not know is still an admin user (SPEC.md §6: it yields no role)', () => {
    expect(adminUserSchema.parse({ ...user, roles: ['Auditor'] }).roles).toEqual(['Auditor'])
  })

  test('the value lists are SPEC.md §3 and §6', () => {
    expect(ADMIN_ROLES).toEqual(['Standard Admin', 'Super Admin'])
    expect(PORTALS).toEqual(['customer', 'admin'])
  })
})

describe('profile', () => {
  test('the test fixtures are bodies the contract accepts', () => {
    for (const personal of [PERSONAL, PERSONAL_IMPERIAL]) expect(personalBodySchema.safeParse(personal).success).toBe(true)
    expect(medicalBodySchema.safeParse(MEDICAL).success).toBe(true)
    for (const bariatric of [BARIATRIC, BARIATRIC_IMPERIAL]) expect(bariatricBodySchema.safeParse(bariatric).success).toBe(true)
    expect(deviceBodySchema.safeParse(DEVICE).success).toBe(true)
  })

  test('a bariatric body needs only the status', () => {
    expect(bariatricBodySchema.safeParse({ bariatric_status: 'no' }).success).toBe(true)
    expect(bariatricBodySchema.safeParse({}).success).toBe(false)
    expect(bariatricBodySchema.safeParse({ bariatric_status: 'maybe' }).success).toBe(false)
  })

  test('a value outside the option lists is not the contract', () => {
    expect(personalBodySchema.safeParse({ ...PERSONAL, gender: 'X' }).success).toBe(false)
    expect(medicalBodySchema.safeParse({ ...MEDICAL, pre_existing_conditions: ['Gout'] }).success).toBe(false)
  })

  test('the personal section is answered with the e-mail', () => {
    expect(personalAnswerSchema.safeParse(PERSONAL).success).toBe(false)
    expect(personalAnswerSchema.safeParse({ ...PERSONAL, email: 'p@b.test' }).success).toBe(true)
  })

  test('a new patient has no sections yet', () => {
    const flags = { is_onboarded: false, profile_completed: false, medical_completed: false, bariatric_completed: false }
    const profile = {
      profile: { id: 3, email: 'p@b.test', has_seen_tour: false, ...flags },
      personal: null,
      medical_history: null,
      bariatric_surgery: null,
      device_information: null,
      preferences: { height_unit: 'cm', weight_unit: 'kg', protein_target_g: 60, water_target_ml: 1900, sleep_target_h: 7 },
    }
    expect(customerProfileSchema.parse(profile)).toEqual(profile)
  })
})
