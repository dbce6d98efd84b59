import { beforeAll, describe, expect, test } from 'vitest'
import { BARIATRIC_IMPERIAL, DEVICE, MEDICAL, PERSONAL_IMPERIAL } from '../support/fixtures'
import { expectError, useTestProvider, verifiedCustomer } from './helpers'

const provider = useTestProvider()

interface ProfileContent {
  profile: Record<string, unknown>
  personal: Record<string, unknown> | null
  medical_history: Record<string, unknown> | null
  bariatric_surgery: Record<string, unknown> | null
  device_information: Record<string, unknown> | null
  preferences: Record<string, unknown>
}

async function getProfile(token: string): Promise<ProfileContent> {
  const res = await provider.call('GET', 'v1/auth/profile/', { token })
  expect(res.status, res.text).toBe(200)
  return res.json.content as ProfileContent
}

const put = (step: string, token: string, body: unknown) =>
  provider.call('PUT', `v1/auth/profile/${step}/`, { token, body })

function flags(profile: ProfileContent) {
  const { is_onboarded, profile_completed, medical_completed, bariatric_completed, has_seen_tour } =
    profile.profile
  return { is_onboarded, profile_completed, medical_completed, bariatric_completed, has_seen_tour }
}

describe('GET v1/auth/profile/', () => {
  test('a new customer has six sections, empty ones null, all flags false', async () => {
    const customer = await verifiedCustomer(provider)
    const profile = await getProfile(customer.access)
    expect(profile).toEqual({
      profile: {
        id: expect.any(Number),
        email: customer.email,
        is_onboarded: false,
        profile_completed: false,
        medical_completed: false,
        bariatric_completed: false,
        has_seen_tour: false,
      },
      personal: null,
      medical_history: null,
      bariatric_surgery: null,
      device_information: null,
      preferences: { height_unit: 'cm', weight_unit: 'kg', protein_target_g: 60, water_target_ml: 1900, sleep_target_h: 7 },
    })
  })
})

describe('the four wizard steps', () => {
  test('each PUT stores its section, answers it, and sets its flag; device completes onboarding', async () => {
    const { access, email } = await verifiedCustomer(provider)

    let res = await put('personal', access, { ...PERSONAL_IMPERIAL, unknown_key: 'ignored', email: 'other@x.co' })
    expect(res.status, res.text).toBe(200)
    expect(res.json.message).toBe('Profile Updated')
    expect(res.json.content).toEqual({ ...PERSONAL_IMPERIAL, email })
    let profile = await getProfile(access)
    expect(flags(profile)).toEqual({
      is_onboarded: false,
      profile_completed: true,
      medical_completed: false,
      bariatric_completed: false,
      has_seen_tour: false,
    })
    expect(profile.personal).toEqual({ ...PERSONAL_IMPERIAL, email })
    expect(profile.preferences).toEqual({ height_unit: 'ft-in', weight_unit: 'lbs', protein_target_g: 60, water_target_ml: 1900, sleep_target_h: 7 })

    res = await put('medical', access, MEDICAL)
    expect(res.status, res.text).toBe(200)
    expect(res.json.content).toEqual(MEDICAL)
    profile = await getProfile(access)
    expect(flags(profile)).toMatchObject({
      profile_completed: true,
      medical_completed: true,
      bariatric_completed: false,
    })
    expect(profile.medical_history).toEqual(MEDICAL)

    res = await put('bariatric', access, BARIATRIC_IMPERIAL)
    expect(res.status, res.text).toBe(200)
    profile = await getProfile(access)
    expect(flags(profile)).toMatchObject({ bariatric_completed: true, is_onboarded: false })
    expect(profile.bariatric_surgery).toEqual(BARIATRIC_IMPERIAL)

    res = await put('device', access, DEVICE)
    expect(res.status, res.text).toBe(200)
    expect(res.json.content).toEqual(DEVICE)
    profile = await getProfile(access)
    expect(flags(profile)).toEqual({
      is_onboarded: true,
      profile_completed: true,
      medical_completed: true,
      bariatric_completed: true,
      has_seen_tour: false,
    })
    expect(profile.device_information).toEqual(DEVICE)

    // Editing after onboarding is allowed and keeps the flags.
    res = await put('personal', access, { ...PERSONAL_IMPERIAL, full_name: 'Pat Renamed', height_unit: 'cm' })
    expect(res.status).toBe(200)
    profile = await getProfile(access)
    expect(profile.personal?.full_name).toBe('Pat Renamed')
    expect(profile.preferences.height_unit).toBe('cm')
    expect(profile.profile.is_onboarded).toBe(true)
  })

  test('the device step before the earlier three is a 409 and stores nothing', async () => {
    const { access } = await verifiedCustomer(provider)
    await put('personal', access, PERSONAL_IMPERIAL)
    await put('medical', access, MEDICAL)
    expectError(await put('device', access, DEVICE), 409, 'Complete the earlier steps first')
    const profile = await getProfile(access)
    expect(profile.device_information).toBeNull()
    expect(profile.profile.is_onboarded).toBe(false)
  })

  test('every step needs a customer token', async () => {
    for (const step of ['personal', 'medical', 'bariatric', 'device']) {
      expectError(await provider.call('PUT', `v1/auth/profile/${step}/`, { body: {} }), 401)
    }
  })
})

describe('PUT v1/auth/profile/personal/ validation', () => {
  let access: string
  beforeAll(async () => {
    access = (await verifiedCustomer(provider)).access
  })

  test('an empty body lists SPEC §5 messages for every required field and sets no flag', async () => {
    const data = expectError(await put('personal', access, {}), 400, 'Full name is required')
    expect(data).toEqual({
      full_name: ['Full name is required'],
      phone_number: ['Contact number is required'],
      date_of_birth: ['Date of birth is required'],
      gender: ['Gender is required'],
      height: ['Height is required'],
      initial_weight: ['Initial weight is required'],
      address_line1: ['Address line 1 is required'],
      city: ['City is required'],
      state: ['State / Province is required'],
      postal_code: ['Postal / Zip Code is required'],
    })
    expect((await getProfile(access)).profile.profile_completed).toBe(false)
  })

  test('blank strings and nulls count as missing', async () => {
    const data = expectError(
      await put('personal', access, { ...PERSONAL_IMPERIAL, full_name: '   ', city: null }),
      400,
    )
    expect(data).toEqual({ full_name: ['Full name is required'], city: ['City is required'] })
  })

  test.each([
    ['height as a string', { height: '170' }, 'height', 'Height must be a number'],
    ['height too small', { height: 49.9 }, 'height', 'Height must be between 50 and 275 cm'],
    ['height too large', { height: 275.1 }, 'height', 'Height must be between 50 and 275 cm'],
    [
      'weight too small',
      { initial_weight: 19 },
      'initial_weight',
      'Initial weight must be between 20 and 500 kg',
    ],
    [
      'weight too large',
      { initial_weight: 501 },
      'initial_weight',
      'Initial weight must be between 20 and 500 kg',
    ],
    [
      'weight as an object',
      { initial_weight: { kg: 80 } },
      'initial_weight',
      'Initial weight must be a number',
    ],
    ['gender outside M/F/O/N', { gender: 'X' }, 'gender', 'Gender must be one of: M, F, O, N'],
    ['name as a number', { full_name: 42 }, 'full_name', 'Full name must be text'],
    [
      'name too long',
      { full_name: 'a'.repeat(101) },
      'full_name',
      'Full name must be at most 100 characters',
    ],
    [
      'phone with a dash',
      { phone_number: '555-1234' },
      'phone_number',
      'Contact number must contain digits only',
    ],
    ['phone too short', { phone_number: '123' }, 'phone_number', 'Contact number must be 7 to 15 digits'],
    [
      'date in US format',
      { date_of_birth: '04/30/1980' },
      'date_of_birth',
      'Date of birth must be a valid date (YYYY-MM-DD)',
    ],
    [
      'impossible date',
      { date_of_birth: '1980-02-30' },
      'date_of_birth',
      'Date of birth must be a valid date (YYYY-MM-DD)',
    ],
    [
      'future date',
      { date_of_birth: '2999-01-01' },
      'date_of_birth',
      'Date of birth must be between 1900 and 2100',
    ],
    ['height unit', { height_unit: 'm' }, 'height_unit', 'Height unit must be one of: cm, ft-in'],
    ['weight unit', { weight_unit: 'stone' }, 'weight_unit', 'Weight unit must be one of: kg, lbs'],
    ['address line 2 as a list', { address_line2: ['x'] }, 'address_line2', 'Address line 2 must be text'],
  ])('rejects %s', async (_label, change, field, message) => {
    const data = expectError(await put('personal', access, { ...PERSONAL_IMPERIAL, ...change }), 400)
    expect(data).toEqual({ [field]: [message] })
  })

  test('a date of birth after today is in the future', async () => {
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`
    const data = expectError(await put('personal', access, { ...PERSONAL_IMPERIAL, date_of_birth: nextYear }), 400)
    expect(data).toEqual({ date_of_birth: ['Date of birth cannot be in the future'] })
  })

  test('units default to cm and kg when omitted; trims text', async () => {
    const { height_unit: _h, weight_unit: _w, ...rest } = PERSONAL_IMPERIAL
    const res = await put('personal', access, { ...rest, city: '  Springfield  ' })
    expect(res.status, res.text).toBe(200)
    expect(res.json.content).toMatchObject({ height_unit: 'cm', weight_unit: 'kg', city: 'Springfield' })
  })
})

describe('PUT v1/auth/profile/medical/ validation', () => {
  let access: string
  beforeAll(async () => {
    access = (await verifiedCustomer(provider)).access
  })

  test('both lists are required (SPEC §5 messages); empty lists count as missing', async () => {
    expect(expectError(await put('medical', access, {}), 400)).toEqual({
      pre_existing_conditions: ['Pre-existingConditions are required'],
      previous_weight_loss_attempts: ['Previous Weight Loss Attempts are required'],
    })
    expect(
      expectError(
        await put('medical', access, { pre_existing_conditions: [], previous_weight_loss_attempts: [] }),
        400,
      ),
    ).toEqual({
      pre_existing_conditions: ['Pre-existingConditions are required'],
      previous_weight_loss_attempts: ['Previous Weight Loss Attempts are required'],
    })
    expect((await getProfile(access)).profile.medical_completed).toBe(false)
  })

  test("'None' with another item is a 400 under that field", async () => {
    let data = expectError(
      await put('medical', access, { ...MEDICAL, pre_existing_conditions: ['None', 'GERD'] }),
      400,
    )
    expect(data).toEqual({ pre_existing_conditions: ["'None' cannot be combined with other choices"] })
    data = expectError(
      await put('medical', access, { ...MEDICAL, previous_weight_loss_attempts: ['Diet programs', 'None'] }),
      400,
    )
    expect(Object.keys(data)).toEqual(['previous_weight_loss_attempts'])
  })

  test('items must come from the option lists; lists must be lists', async () => {
    let data = expectError(
      await put('medical', access, { ...MEDICAL, pre_existing_conditions: ['Asthma'] }),
      400,
    )
    expect(data.pre_existing_conditions[0]).toMatch(
      /^Pre-existing conditions must only contain: Hypertension/,
    )
    data = expectError(await put('medical', access, { ...MEDICAL, pre_existing_conditions: 'GERD' }), 400)
    expect(data).toEqual({ pre_existing_conditions: ['Pre-existing conditions must be a list'] })
    data = expectError(
      await put('medical', access, { ...MEDICAL, previous_weight_loss_attempts: [1, null] }),
      400,
    )
    expect(Object.keys(data)).toEqual(['previous_weight_loss_attempts'])
    data = expectError(await put('medical', access, { ...MEDICAL, allergies: { a: 1 } }), 400)
    expect(data).toEqual({ allergies: ['Allergies must be text'] })
  })

  test("'None' alone is fine, duplicates are dropped, optional text defaults to ''", async () => {
    const res = await put('medical', access, {
      pre_existing_conditions: ['None'],
      previous_weight_loss_attempts: ['Diet programs', 'Diet programs', 'Exercise regimes'],
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json.content).toEqual({
      pre_existing_conditions: ['None'],
      other_conditions: '',
      allergies: '',
      current_medications: '',
      diet_restrictions: '',
      previous_weight_loss_attempts: ['Diet programs', 'Exercise regimes'],
    })
  })
})

describe('PUT v1/auth/profile/bariatric/ validation', () => {
  let access: string
  beforeAll(async () => {
    access = (await verifiedCustomer(provider)).access
  })

  test('status is required and must be yes/plan/no', async () => {
    expect(expectError(await put('bariatric', access, {}), 400, 'Bariatic status is required')).toEqual({
      bariatric_status: ['Bariatic status is required'],
    })
    expect(expectError(await put('bariatric', access, { bariatric_status: 'maybe' }), 400)).toEqual({
      bariatric_status: ['Bariatric status must be one of: yes, plan, no'],
    })
  })

  test("'yes' needs surgery type, date and pre-surgery weight", async () => {
    expect(expectError(await put('bariatric', access, { bariatric_status: 'yes' }), 400)).toEqual({
      surgery_type: ['Surgery type is required'],
      surgery_date: ['Surgery date is required'],
      pre_surgery_weight: ['Pre-surgery weight is required'],
    })
    expect((await getProfile(access)).profile.bariatric_completed).toBe(false)
  })

  test.each([
    ['an unknown surgery type', { surgery_type: 'Magic' }, 'surgery_type'],
    ['an invalid surgery date', { surgery_date: '2026-13-01' }, 'surgery_date'],
    ['a string weight', { pre_surgery_weight: '130' }, 'pre_surgery_weight'],
    ['a goal weight out of range', { goal_weight: 600 }, 'goal_weight'],
    ['an unknown funding method', { funding_method: 'Lottery' }, 'funding_method'],
    ['an unknown weight unit', { goal_weight_unit: 'st' }, 'goal_weight_unit'],
  ])('rejects %s', async (_label, change, field) => {
    expect(
      Object.keys(expectError(await put('bariatric', access, { ...BARIATRIC_IMPERIAL, ...change }), 400)),
    ).toEqual([field])
  })

  test('a surgery date may be in the future (a planned date)', async () => {
    const res = await put('bariatric', access, { ...BARIATRIC_IMPERIAL, surgery_date: '2099-01-01' })
    expect(res.status, res.text).toBe(200)
  })

  test("for 'plan' and 'no' the surgery fields are stored as null, whatever was sent", async () => {
    for (const status of ['plan', 'no']) {
      const res = await put('bariatric', access, {
        ...BARIATRIC_IMPERIAL,
        bariatric_status: status,
        surgery_type: 'Magic',
      })
      expect(res.status, res.text).toBe(200)
      const profile = await getProfile(access)
      expect(profile.bariatric_surgery).toEqual({
        bariatric_status: status,
        surgery_type: null,
        surgery_date: null,
        funding_method: null,
        pre_surgery_weight: null,
        pre_surgery_weight_unit: null,
        goal_weight: null,
        goal_weight_unit: null,
        hospital_name: null,
        hospital_address: null,
        surgery_comments: null,
      })
      expect(profile.profile.bariatric_completed).toBe(true)
    }
  })
})

describe('PUT v1/auth/profile/device/ validation', () => {
  let access: string
  beforeAll(async () => {
    access = (await verifiedCustomer(provider)).access
    await put('personal', access, PERSONAL_IMPERIAL)
    await put('medical', access, MEDICAL)
    await put('bariatric', access, { bariatric_status: 'no' })
  })

  test('device preference and mobile OS are required (SPEC §5 messages)', async () => {
    expect(expectError(await put('device', access, {}), 400)).toEqual({
      has_wearable: ['Please specify your device preference'],
      wearable_os: ['Mobile OS is required'],
    })
  })

  test('wearable_type is required when has_wearable is true', async () => {
    expect(expectError(await put('device', access, { ...DEVICE, wearable_type: '' }), 400)).toEqual({
      wearable_type: ['Wearable type is required'],
    })
  })

  test('types are checked', async () => {
    expect(
      expectError(
        await put('device', access, { ...DEVICE, has_wearable: 'yes', wearable_os: 'windows' }),
        400,
      ),
    ).toEqual({
      has_wearable: ['Device preference must be true or false'],
      wearable_os: ['Mobile OS must be one of: ios, android'],
    })
    expect(expectError(await put('device', access, { ...DEVICE, need_device_shipment: 1 }), 400)).toEqual({
      need_device_shipment: ['Device shipment must be true or false'],
    })
  })

  test('has_wearable false needs no wearable type', async () => {
    const res = await put('device', access, {
      has_wearable: false,
      need_device_shipment: true,
      wearable_os: 'android',
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json.content).toEqual({
      has_wearable: false,
      need_device_shipment: true,
      wearable_type: null,
      wearable_os: 'android',
    })
    expect((await getProfile(access)).profile.is_onboarded).toBe(true)
  })
})

describe('POST v1/auth/tour-completed/', () => {
  test('sets has_seen_tour and is idempotent', async () => {
    const { access } = await verifiedCustomer(provider)
    for (let i = 0; i < 2; i++) {
      const res = await provider.call('POST', 'v1/auth/tour-completed/', { token: access })
      expect(res.status).toBe(200)
      expect(res.json.content).toBeNull()
    }
    expect((await getProfile(access)).profile.has_seen_tour).toBe(true)
  })

  test('needs a customer token', async () => {
    expectError(await provider.call('POST', 'v1/auth/tour-completed/'), 401)
  })
})
