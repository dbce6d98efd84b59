import { describe, expect, test } from 'vitest'
import { PERSONAL_IMPERIAL, STANDARD } from '../support/fixtures'
import { expectError, login, useTestProvider, verifiedCustomer } from './helpers'

const provider = useTestProvider()

type Entry = Record<string, unknown> & { id: number; kind: string; date: string }

/** An ISO date `days` from today (UTC); +2 is tomorrow even in the earliest time zone. */
function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}
const TODAY = isoDay(0)
const FUTURE = isoDay(2)

const VALID = {
  weight: { date: '2026-03-02', weight: 99.79, weight_unit: 'lbs', note: 'After breakfast' },
  sleep: { date: '2026-03-02', hours: 7.5, quality: 4, bed_time: '22:45', wake_time: '06:15' },
  meal: {
    date: '2026-03-02',
    time: '12:30',
    meal_type: 'lunch',
    protein_g: 32,
    calories: 420,
    description: 'Chicken salad',
  },
  water: { date: '2026-03-02', ml: 500 },
  vitamins: { date: '2026-03-02', taken: ['Vitamin D', 'Multivitamin'] },
} as const

async function create(token: string, kind: string, body: unknown) {
  return provider.call('POST', `v1/auth/entries/${kind}/`, { token, body })
}

async function created(token: string, kind: keyof typeof VALID, overrides: object = {}): Promise<Entry> {
  const res = await create(token, kind, { ...VALID[kind], ...overrides })
  expect(res.status, res.text).toBe(201)
  return res.json.content as Entry
}

describe('POST v1/auth/entries/{kind}/ (extension)', () => {
  test('stores each kind and answers it with its id, metric values and defaults', async () => {
    const { access } = await verifiedCustomer(provider)
    const weight = await create(access, 'weight', VALID.weight)
    expect(weight.status, weight.text).toBe(201)
    expect(weight.json).toEqual({
      message: 'Weight logged.',
      content: {
        id: expect.any(Number),
        kind: 'weight',
        date: '2026-03-02',
        weight: 99.79,
        weight_unit: 'lbs',
        note: 'After breakfast',
        source: 'manual',
      },
    })
    expect(await created(access, 'sleep')).toEqual({
      id: expect.any(Number),
      kind: 'sleep',
      ...VALID.sleep,
      source: 'manual',
    })
    expect(await created(access, 'meal')).toEqual({
      id: expect.any(Number),
      kind: 'meal',
      ...VALID.meal,
      source: 'manual',
    })
    expect(await created(access, 'water')).toEqual({
      id: expect.any(Number),
      kind: 'water',
      ...VALID.water,
      source: 'manual',
    })
    // The checklist comes back in its own order.
    expect(await created(access, 'vitamins')).toEqual({
      id: expect.any(Number),
      kind: 'vitamins',
      date: '2026-03-02',
      taken: ['Multivitamin', 'Vitamin D'],
      source: 'manual',
    })
  })

  test('optional fields: sleep times, calories, note, description and a device as source', async () => {
    const { access } = await verifiedCustomer(provider)
    expect(await created(access, 'sleep', { bed_time: null, wake_time: '' })).toMatchObject({
      bed_time: null,
      wake_time: null,
    })
    expect(await created(access, 'meal', { calories: null, description: undefined })).toMatchObject({
      calories: null,
      description: '',
    })
    expect(await created(access, 'weight', { note: '', source: 'Withings Body+' })).toMatchObject({
      note: '',
      source: 'Withings Body+',
      weight_unit: 'lbs',
    })
    expect(await created(access, 'weight', { weight_unit: undefined })).toMatchObject({ weight_unit: 'kg' })
    expect(await created(access, 'vitamins', { date: '2026-03-03', taken: [] })).toMatchObject({ taken: [] })
  })

  test('today is accepted; a future date is refused', async () => {
    const { access } = await verifiedCustomer(provider)
    await created(access, 'water', { date: TODAY })
    for (const kind of Object.keys(VALID) as (keyof typeof VALID)[]) {
      const res = await create(access, kind, { ...VALID[kind], date: FUTURE })
      expect(expectError(res, 400, 'Date cannot be in the future')).toEqual({
        date: ['Date cannot be in the future'],
      })
    }
  })

  test('an empty body gets every required field at once', async () => {
    const { access } = await verifiedCustomer(provider)
    expect(expectError(await create(access, 'weight', {}), 400, 'Date is required')).toEqual({
      date: ['Date is required'],
      weight: ['Weight is required'],
    })
    expect(expectError(await create(access, 'sleep', {}), 400)).toEqual({
      date: ['Date is required'],
      hours: ['Hours of sleep is required'],
      quality: ['Sleep quality is required'],
    })
    expect(expectError(await create(access, 'meal', {}), 400)).toEqual({
      date: ['Date is required'],
      time: ['Time is required'],
      meal_type: ['Meal type is required'],
      protein_g: ['Protein is required'],
    })
    expect(expectError(await create(access, 'water', {}), 400)).toEqual({
      date: ['Date is required'],
      ml: ['Water is required'],
    })
    expect(expectError(await create(access, 'vitamins', {}), 400)).toEqual({
      date: ['Date is required'],
      taken: ['Vitamins taken is required'],
    })
  })

  test.each([
    ['weight', { weight: 19.9 }, 'weight', 'Weight must be between 20 and 500 kg'],
    ['weight', { weight: 500.1 }, 'weight', 'Weight must be between 20 and 500 kg'],
    ['weight', { weight: '80' }, 'weight', 'Weight must be a number'],
    ['weight', { weight_unit: 'stone' }, 'weight_unit', 'Weight unit must be one of: kg, lbs'],
    ['weight', { note: 'x'.repeat(501) }, 'note', 'Note must be at most 500 characters'],
    ['weight', { date: '2026-02-30' }, 'date', 'Date must be a valid date (YYYY-MM-DD)'],
    ['sleep', { hours: -0.5 }, 'hours', 'Hours of sleep must be between 0 and 24 h'],
    ['sleep', { hours: 24.5 }, 'hours', 'Hours of sleep must be between 0 and 24 h'],
    ['sleep', { quality: 0 }, 'quality', 'Sleep quality must be a whole number from 1 to 5'],
    ['sleep', { quality: 6 }, 'quality', 'Sleep quality must be a whole number from 1 to 5'],
    ['sleep', { quality: 2.5 }, 'quality', 'Sleep quality must be a whole number from 1 to 5'],
    ['sleep', { bed_time: '25:00' }, 'bed_time', 'Bedtime must be a time (HH:MM, 24-hour)'],
    ['sleep', { wake_time: '6am' }, 'wake_time', 'Wake time must be a time (HH:MM, 24-hour)'],
    ['meal', { protein_g: 300.5 }, 'protein_g', 'Protein must be between 0 and 300 g'],
    ['meal', { protein_g: -1 }, 'protein_g', 'Protein must be between 0 and 300 g'],
    ['meal', { calories: 10001 }, 'calories', 'Calories must be between 0 and 10000 kcal'],
    [
      'meal',
      { meal_type: 'brunch' },
      'meal_type',
      'Meal type must be one of: breakfast, lunch, dinner, snack',
    ],
    ['meal', { time: '12.30' }, 'time', 'Time must be a time (HH:MM, 24-hour)'],
    ['water', { ml: 10001 }, 'ml', 'Water must be between 0 and 10000 ml'],
    ['water', { ml: -5 }, 'ml', 'Water must be between 0 and 10000 ml'],
    [
      'vitamins',
      { taken: ['Vitamin C'] },
      'taken',
      'Vitamins taken must only contain: Multivitamin, Vitamin B12, Vitamin D, Calcium citrate, Iron',
    ],
    ['vitamins', { taken: 'Iron' }, 'taken', 'Vitamins taken must be a list'],
  ] as const)('%s with %o → data.%s', async (kind, overrides, field, message) => {
    const { access } = await verifiedCustomer(provider)
    const res = await create(access, kind, { ...VALID[kind], ...overrides })
    expect(expectError(res, 400, message)).toEqual({ [field]: [message] })
  })

  test('the range limits themselves are accepted', async () => {
    const { access } = await verifiedCustomer(provider)
    await created(access, 'weight', { weight: 20 })
    await created(access, 'weight', { weight: 500 })
    await created(access, 'sleep', { hours: 0, quality: 1 })
    await created(access, 'sleep', { hours: 24, quality: 5 })
    await created(access, 'meal', { protein_g: 0, calories: 0 })
    await created(access, 'meal', { protein_g: 300, calories: 10000 })
    await created(access, 'water', { ml: 0 })
    await created(access, 'water', { ml: 10000 })
  })

  test('vitamins: one record per day; logging the day again replaces its list', async () => {
    const { access } = await verifiedCustomer(provider)
    const first = await created(access, 'vitamins')
    const again = await create(access, 'vitamins', { date: VALID.vitamins.date, taken: ['Iron'] })
    expect(again.status, again.text).toBe(200)
    expect(again.json).toEqual({
      message: 'Vitamins updated.',
      content: {
        id: first.id,
        kind: 'vitamins',
        date: VALID.vitamins.date,
        taken: ['Iron'],
        source: 'manual',
      },
    })
    const list = await provider.call('GET', `v1/auth/entries/vitamins/?from=2026-03-01&to=2026-03-31`, {
      token: access,
    })
    expect(list.json.content).toEqual([
      { id: first.id, kind: 'vitamins', date: VALID.vitamins.date, taken: ['Iron'], source: 'manual' },
    ])
  })

  test('needs a customer token', async () => {
    const admin = await login(provider, 'admin', STANDARD.email, STANDARD.password)
    expect((await create('', 'water', VALID.water)).status).toBe(401)
    expect((await create(admin.access, 'water', VALID.water)).status).toBe(401)
    expect((await provider.call('GET', 'v1/auth/entries/?from=2026-03-01&to=2026-03-07')).status).toBe(401)
  })

  test('unknown kinds are 404, other methods 405', async () => {
    const { access } = await verifiedCustomer(provider)
    expectError(await create(access, 'steps', {}), 404, 'Not found')
    expectError(
      await provider.call('PUT', 'v1/auth/entries/water/', { token: access, body: VALID.water }),
      405,
      'Method not allowed',
    )
    const entry = await created(access, 'water')
    expectError(
      await provider.call('POST', `v1/auth/entries/water/${entry.id}/`, { token: access, body: VALID.water }),
      405,
    )
    expectError(await provider.call('GET', 'v1/auth/entries/water/abc/', { token: access }), 404, 'Not found')
    expectError(
      await provider.call('GET', `v1/auth/entries/water/${entry.id}`, { token: access }),
      404,
      'Not found',
    )
  })
})

describe('GET v1/auth/entries/ and v1/auth/entries/{kind}/ (extension)', () => {
  test('a range lists each kind oldest first (meals by time), inclusive at both ends', async () => {
    const { access } = await verifiedCustomer(provider)
    const before = await created(access, 'weight', { date: '2026-02-28', weight: 101 })
    const monday = await created(access, 'weight', { date: '2026-03-02', weight: 100 })
    const sunday = await created(access, 'weight', { date: '2026-03-08', weight: 99 })
    await created(access, 'weight', { date: '2026-03-09', weight: 98 })
    const dinner = await created(access, 'meal', { date: '2026-03-04', time: '19:00', meal_type: 'dinner' })
    const breakfast = await created(access, 'meal', {
      date: '2026-03-04',
      time: '07:30',
      meal_type: 'breakfast',
    })
    const water = await created(access, 'water', { date: '2026-03-05' })

    const week = await provider.call('GET', 'v1/auth/entries/?from=2026-03-02&to=2026-03-08', {
      token: access,
    })
    expect(week.status, week.text).toBe(200)
    expect(week.json.message).toBe('Entries loaded.')
    const content = week.json.content as Record<string, unknown>
    expect(content).toEqual({
      from: '2026-03-02',
      to: '2026-03-08',
      weight: [monday, sunday],
      sleep: [],
      meal: [breakfast, dinner],
      water: [water],
      vitamins: [],
      latest: { weight: sunday, sleep: null, meal: dinner, water, vitamins: null },
    })

    const weights = await provider.call('GET', 'v1/auth/entries/weight/?from=2026-02-01&to=2026-03-02', {
      token: access,
    })
    expect(weights.json.content).toEqual([before, monday])
  })

  test('"latest" reaches back before the range but never past its end', async () => {
    const { access } = await verifiedCustomer(provider)
    const old = await created(access, 'weight', { date: '2025-12-01', weight: 110 })
    await created(access, 'weight', { date: '2026-03-10', weight: 105 })
    const res = await provider.call('GET', 'v1/auth/entries/?from=2026-03-02&to=2026-03-08', {
      token: access,
    })
    const content = res.json.content as { weight: Entry[]; latest: Record<string, Entry | null> }
    expect(content.weight).toEqual([])
    expect(content.latest.weight).toEqual(old)
  })

  test.each([
    ['', { from: ['From date is required'], to: ['To date is required'] }],
    ['?from=2026-03-08&to=2026-03-02', { to: ['To date must be on or after the from date'] }],
    ['?from=2026-01-01&to=2027-01-02', { to: ['A range can cover at most 366 days'] }],
    ['?from=03/02/2026&to=2026-03-08', { from: ['From date must be a valid date (YYYY-MM-DD)'] }],
  ])('range %s is refused', async (query, data) => {
    const { access } = await verifiedCustomer(provider)
    expect(
      expectError(await provider.call('GET', `v1/auth/entries/${query}`, { token: access }), 400),
    ).toEqual(data)
    expect(
      expectError(await provider.call('GET', `v1/auth/entries/sleep/${query}`, { token: access }), 400),
    ).toEqual(data)
  })

  test('a leap year fits in one range', async () => {
    const { access } = await verifiedCustomer(provider)
    expect(
      (await provider.call('GET', 'v1/auth/entries/?from=2028-01-01&to=2028-12-31', { token: access }))
        .status,
    ).toBe(200)
  })
})

describe('v1/auth/entries/{kind}/{id}/ (extension)', () => {
  test('GET answers the entry; PUT replaces it (validated like POST); DELETE removes it', async () => {
    const { access } = await verifiedCustomer(provider)
    const entry = await created(access, 'sleep')
    const path = `v1/auth/entries/sleep/${entry.id}/`
    expect((await provider.call('GET', path, { token: access })).json).toEqual({
      message: 'Entry loaded.',
      content: entry,
    })

    const bad = await provider.call('PUT', path, {
      token: access,
      body: { ...VALID.sleep, quality: 9, date: FUTURE },
    })
    expect(expectError(bad, 400)).toEqual({
      date: ['Date cannot be in the future'],
      quality: ['Sleep quality must be a whole number from 1 to 5'],
    })

    const updated = await provider.call('PUT', path, {
      token: access,
      body: { date: '2026-03-01', hours: 6, quality: 2 },
    })
    expect(updated.status, updated.text).toBe(200)
    expect(updated.json).toEqual({
      message: 'Entry updated.',
      content: {
        id: entry.id,
        kind: 'sleep',
        date: '2026-03-01',
        hours: 6,
        quality: 2,
        bed_time: null,
        wake_time: null,
        source: 'manual',
      },
    })
    expect((await provider.call('GET', path, { token: access })).json.content).toEqual(updated.json.content)

    const deleted = await provider.call('DELETE', path, { token: access })
    expect(deleted.status, deleted.text).toBe(200)
    expect(deleted.json).toEqual({ message: 'Entry deleted.', content: null })
    expectError(await provider.call('GET', path, { token: access }), 404, 'Entry not found.')
    expectError(await provider.call('DELETE', path, { token: access }), 404, 'Entry not found.')
    const list = await provider.call('GET', 'v1/auth/entries/sleep/?from=2026-03-01&to=2026-03-31', {
      token: access,
    })
    expect(list.json.content).toEqual([])
  })

  test('the kind in the path must be the entry’s own', async () => {
    const { access } = await verifiedCustomer(provider)
    const water = await created(access, 'water')
    expectError(
      await provider.call('GET', `v1/auth/entries/weight/${water.id}/`, { token: access }),
      404,
      'Entry not found.',
    )
    expectError(await provider.call('DELETE', `v1/auth/entries/meal/${water.id}/`, { token: access }), 404)
    expect((await provider.call('GET', `v1/auth/entries/water/${water.id}/`, { token: access })).status).toBe(
      200,
    )
  })

  test('moving vitamins onto a day that has its own record is a 409', async () => {
    const { access } = await verifiedCustomer(provider)
    await created(access, 'vitamins', { date: '2026-03-02' })
    const other = await created(access, 'vitamins', { date: '2026-03-03' })
    const res = await provider.call('PUT', `v1/auth/entries/vitamins/${other.id}/`, {
      token: access,
      body: { date: '2026-03-02', taken: ['Iron'] },
    })
    expect(expectError(res, 409, 'Vitamins for this day are already logged.')).toEqual({
      date: ['Vitamins for this day are already logged.'],
    })
    // Its own day is fine.
    const same = await provider.call('PUT', `v1/auth/entries/vitamins/${other.id}/`, {
      token: access,
      body: { date: '2026-03-03', taken: ['Iron'] },
    })
    expect(same.status, same.text).toBe(200)
  })

  test("one patient can never read, change or delete another's entry (404, and nothing changes)", async () => {
    const owner = await verifiedCustomer(provider)
    const intruder = await verifiedCustomer(provider)
    const entry = await created(owner.access, 'weight')
    const path = `v1/auth/entries/weight/${entry.id}/`
    expectError(await provider.call('GET', path, { token: intruder.access }), 404, 'Entry not found.')
    expectError(
      await provider.call('PUT', path, { token: intruder.access, body: { ...VALID.weight, weight: 50 } }),
      404,
      'Entry not found.',
    )
    expectError(await provider.call('DELETE', path, { token: intruder.access }), 404, 'Entry not found.')
    const theirs = await provider.call('GET', 'v1/auth/entries/?from=2026-03-01&to=2026-03-31', {
      token: intruder.access,
    })
    expect((theirs.json.content as { weight: Entry[]; latest: { weight: Entry | null } }).weight).toEqual([])
    expect((theirs.json.content as { latest: { weight: Entry | null } }).latest.weight).toBeNull()
    expect((await provider.call('GET', path, { token: owner.access })).json.content).toEqual(entry)
  })
})

describe('preferences: daily targets (extension)', () => {
  test('GET v1/auth/profile/ answers the defaults: 60 g protein, 1900 ml water, 7 h sleep', async () => {
    const { access } = await verifiedCustomer(provider)
    const res = await provider.call('GET', 'v1/auth/profile/', { token: access })
    expect((res.json.content as { preferences: unknown }).preferences).toEqual({
      height_unit: 'cm',
      weight_unit: 'kg',
      protein_target_g: 60,
      water_target_ml: 1900,
      sleep_target_h: 7,
    })
  })

  test('PUT v1/auth/profile/preferences/ sets what it is given and keeps the rest', async () => {
    const { access } = await verifiedCustomer(provider)
    const res = await provider.call('PUT', 'v1/auth/profile/preferences/', {
      token: access,
      body: { protein_target_g: 80 },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual({
      message: 'Preferences Updated',
      content: {
        height_unit: 'cm',
        weight_unit: 'kg',
        protein_target_g: 80,
        water_target_ml: 1900,
        sleep_target_h: 7,
      },
    })
    await provider.call('PUT', 'v1/auth/profile/preferences/', {
      token: access,
      body: { water_target_ml: 2000, sleep_target_h: 7.5 },
    })
    const profile = await provider.call('GET', 'v1/auth/profile/', { token: access })
    expect((profile.json.content as { preferences: unknown }).preferences).toMatchObject({
      protein_target_g: 80,
      water_target_ml: 2000,
      sleep_target_h: 7.5,
    })
  })

  test('units are saved into the personal details, which must exist first', async () => {
    const { access } = await verifiedCustomer(provider)
    expectError(
      await provider.call('PUT', 'v1/auth/profile/preferences/', {
        token: access,
        body: { weight_unit: 'lbs' },
      }),
      409,
      'Save your personal details first',
    )
    await provider.call('PUT', 'v1/auth/profile/personal/', {
      token: access,
      body: { ...PERSONAL_IMPERIAL, height_unit: 'cm', weight_unit: 'kg' },
    })
    const res = await provider.call('PUT', 'v1/auth/profile/preferences/', {
      token: access,
      body: { weight_unit: 'lbs', height_unit: 'ft-in' },
    })
    expect(res.json.content).toMatchObject({ height_unit: 'ft-in', weight_unit: 'lbs' })
    const profile = (await provider.call('GET', 'v1/auth/profile/', { token: access })).json.content as {
      personal: Record<string, unknown>
    }
    expect(profile.personal).toMatchObject({
      height_unit: 'ft-in',
      weight_unit: 'lbs',
      initial_weight: PERSONAL_IMPERIAL.initial_weight,
    })
  })

  test('refuses out-of-range targets and unknown units, all at once, and saves nothing', async () => {
    const { access } = await verifiedCustomer(provider)
    const res = await provider.call('PUT', 'v1/auth/profile/preferences/', {
      token: access,
      body: { protein_target_g: 0, water_target_ml: 20000, sleep_target_h: 'eight', weight_unit: 'stone' },
    })
    expect(expectError(res, 400)).toEqual({
      weight_unit: ['Weight unit must be one of: kg, lbs'],
      protein_target_g: ['Protein target must be between 1 and 300 g'],
      water_target_ml: ['Water target must be between 1 and 10000 ml'],
      sleep_target_h: ['Sleep target must be a number'],
    })
    const profile = await provider.call('GET', 'v1/auth/profile/', { token: access })
    expect((profile.json.content as { preferences: unknown }).preferences).toMatchObject({
      protein_target_g: 60,
    })
  })
})

describe('demo patients (extension)', () => {
  test('onboarded demo patients get their log once; Leo has months through today, Kim stopped 4 days ago', async () => {
    const { seedDemoPatientsInto } = await import('../../provider/dev/demo-patients')
    await seedDemoPatientsInto(provider.db)
    await seedDemoPatientsInto(provider.db)
    const range = `?from=${isoDay(-30)}&to=${TODAY}`
    const leo = await login(provider, 'customer', 'leo.pounds@baricare.test', 'Patient#123')
    const year = (
      await provider.call('GET', `v1/auth/trends/?from=${isoDay(-365)}&to=${TODAY}`, { token: leo.access })
    ).json.content as Record<string, Entry[]> & { first_date: string }
    // Eight months: 40 days of pre-op diet, then 200 days since the operation, seeded once.
    expect(year.first_date).toBe(isoDay(-239))
    expect(year.weight.length).toBeGreaterThan(80)
    expect(year.weight.every((entry) => entry.weight_unit === 'lbs')).toBe(true)
    const lbs = (entry: Entry) => Number(entry.weight) * 2.20462
    expect(lbs(year.weight[0])).toBeGreaterThan(280)
    expect(lbs(year.weight[year.weight.length - 1])).toBeLessThan(220)
    expect(year.meal.length).toBeGreaterThan(600)
    const leoLog = (await provider.call('GET', `v1/auth/entries/${range}`, { token: leo.access })).json
      .content as Record<string, Entry[]> & {
      latest: Record<string, Entry | null>
    }
    expect(leoLog.sleep.length).toBeGreaterThan(24) // a night or two not logged
    expect(leoLog.latest.weight).toMatchObject({ date: TODAY, weight_unit: 'lbs', source: 'manual' })
    expect(leoLog.latest.sleep).toMatchObject({ date: TODAY }) // sleep counts for the date he woke up
    // The last weeks' scale readings came from his connected service.
    expect(leoLog.weight.some((entry) => entry.source === 'Demo Health')).toBe(true)
    const devices = (await provider.call('GET', 'v1/auth/devices/', { token: leo.access })).json.content as {
      service: string
      status: string
    }[]
    expect(devices.find((device) => device.service === 'demo_health')).toMatchObject({ status: 'connected' })
    const kim = await login(provider, 'customer', 'kim.kilos@baricare.test', 'Patient#123')
    const kimLog = (await provider.call('GET', `v1/auth/entries/${range}`, { token: kim.access })).json
      .content as {
      latest: Record<string, Entry | null>
      sleep: Entry[]
    }
    expect(kimLog.sleep).toHaveLength(17)
    expect(kimLog.latest.weight).toMatchObject({ date: isoDay(-4), weight_unit: 'kg' })
    const nora = await login(provider, 'customer', 'nora.new@baricare.test', 'Patient#123')
    const noraLog = (await provider.call('GET', `v1/auth/entries/${range}`, { token: nora.access })).json
      .content as { latest: Record<string, unknown> }
    expect(Object.values(noraLog.latest).every((entry) => entry === null)).toBe(true)
  })
})
