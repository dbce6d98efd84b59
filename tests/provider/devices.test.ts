import { describe, expect, test } from 'vitest'
import { PERSONAL_IMPERIAL } from '../support/fixtures'
import { expectError, useTestProvider, verifiedCustomer } from './helpers'

const provider = useTestProvider()

type Entry = { id: number; kind: string; date: string; source: string } & Record<string, unknown>
type Service = {
  service: string
  service_name: string
  status: string
  data_types: string[]
  imported_types: string[]
  last_synced_at: string | null
  last_error: string | null
  available: boolean
}

const REDIRECT = 'http://app.test:3000/customer/connect-devices/callback'
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const TODAY = isoDay(0)

async function services(token: string): Promise<Service[]> {
  const res = await provider.call('GET', 'v1/auth/devices/', { token })
  expect(res.status, res.text).toBe(200)
  return res.json.content as Service[]
}
const demo = async (token: string) => (await services(token)).find((s) => s.service === 'demo_health')!

async function start(token: string, service = 'demo_health') {
  return provider.call('POST', 'v1/auth/devices/connect/', {
    token,
    body: { service, redirect_uri: REDIRECT },
  })
}

/** Start → Allow on the simulated consent → the code and state the callback would receive. */
async function allow(token: string): Promise<{ code: string; state: string }> {
  const started = await start(token)
  expect(started.status, started.text).toBe(201)
  const { state, consent_url } = started.json.content as { state: string; consent_url: string }
  expect(consent_url).toBe(`http://app.test:3000/dev/device-consent?state=${encodeURIComponent(state)}`)
  const answered = await provider.call('POST', '__dev/devices/consent/', {
    body: { state, decision: 'allow' },
  })
  expect(answered.status, answered.text).toBe(200)
  const target = new URL((answered.json.content as { redirect_to: string }).redirect_to)
  expect(`${target.origin}${target.pathname}`).toBe(REDIRECT)
  return { code: target.searchParams.get('code')!, state: target.searchParams.get('state')! }
}

async function connected(token: string) {
  const { code, state } = await allow(token)
  const res = await provider.call('POST', 'v1/auth/devices/complete/', {
    token,
    body: { service: 'demo_health', code, state },
  })
  expect(res.status, res.text).toBe(200)
  return res.json.content as Service & { sync: { imported: { weight: number; sleep: number } } }
}

async function entries(token: string, from = isoDay(-20), to = TODAY) {
  const res = await provider.call('GET', `v1/auth/entries/?from=${from}&to=${to}`, { token })
  expect(res.status, res.text).toBe(200)
  return res.json.content as { weight: Entry[]; sleep: Entry[]; meal: Entry[] }
}

describe('GET v1/auth/devices/ (extension)', () => {
  test('lists every service, not connected, with what it shares; only the simulated one is available', async () => {
    const { access } = await verifiedCustomer(provider)
    const list = await services(access)
    expect(list.map((s) => s.service)).toEqual(['demo_health', 'withings', 'fitbit', 'garmin'])
    expect(list[0]).toMatchObject({
      service_name: 'Demo Health',
      status: 'not_connected',
      data_types: ['weight', 'sleep', 'activity'],
      imported_types: ['weight', 'sleep'],
      last_synced_at: null,
      last_error: null,
      available: true,
    })
    expect(list.slice(1).every((s) => !s.available && s.status === 'not_connected')).toBe(true)
  })

  test('needs a customer token', async () => {
    expectError(await provider.call('GET', 'v1/auth/devices/'), 401)
  })
})

describe('connect: start, consent, complete (extension)', () => {
  test('Allow, then complete: connected, synced now, 14 days of weight and 13 nights imported with their source', async () => {
    const { access } = await verifiedCustomer(provider)
    const before = Date.now()
    const content = await connected(access)
    expect(content).toMatchObject({
      status: 'connected',
      last_error: null,
      sync: { imported: { weight: 14, sleep: 13 } },
    })
    expect(Date.parse(content.last_synced_at!)).toBeGreaterThanOrEqual(before - 1000)
    const log = await entries(access)
    expect(log.weight).toHaveLength(14)
    expect(log.weight.every((e) => e.source === 'Demo Health')).toBe(true)
    expect(log.weight.at(-1)!.date).toBe(TODAY)
    expect(log.sleep.at(-1)!.date).toBe(isoDay(-1))
    for (const entry of log.weight) expect(entry.weight).toBeGreaterThan(20)
  })

  test('a code works once, only with its own state, service and patient', async () => {
    const { access } = await verifiedCustomer(provider)
    const other = await verifiedCustomer(provider)
    const { code, state } = await allow(access)
    const complete = (token: string, body: object) =>
      provider.call('POST', 'v1/auth/devices/complete/', {
        token,
        body: { service: 'demo_health', code, state, ...body },
      })
    expectError(
      await complete(access, { state: 'forged-state' }),
      400,
      'This connection request is invalid or has expired. Please try connecting again.',
    )
    expectError(await complete(access, { code: 'forged-code' }), 400)
    expectError(await complete(other.access, {}), 400)
    expect((await complete(access, {})).status).toBe(200)
    expectError(await complete(access, {}), 400)
  })

  test('Deny redirects with error=access_denied and connects nothing', async () => {
    const { access } = await verifiedCustomer(provider)
    const started = await start(access)
    const { state } = started.json.content as { state: string }
    const consent = await provider.call('GET', `__dev/devices/consent/?state=${encodeURIComponent(state)}`)
    expect(consent.json.content).toMatchObject({
      service_name: 'Demo Health',
      data_types: ['weight', 'sleep', 'activity'],
    })
    const answered = await provider.call('POST', '__dev/devices/consent/', {
      body: { state, decision: 'deny' },
    })
    const target = new URL((answered.json.content as { redirect_to: string }).redirect_to)
    expect(target.searchParams.get('error')).toBe('access_denied')
    expect(target.searchParams.get('code')).toBeNull()
    // A consent is answered once.
    expectError(
      await provider.call('POST', '__dev/devices/consent/', { body: { state, decision: 'allow' } }),
      404,
    )
    expect((await demo(access)).status).toBe('not_connected')
  })

  test('refuses unknown and unavailable services and a bad redirect URI', async () => {
    const { access } = await verifiedCustomer(provider)
    expect(expectError(await start(access, 'myspace'), 400)).toEqual({ service: ['Unknown service'] })
    expectError(await start(access, 'withings'), 409)
    const bad = await provider.call('POST', 'v1/auth/devices/connect/', {
      token: access,
      body: { service: 'demo_health', redirect_uri: 'javascript:alert(1)' },
    })
    expect(expectError(bad, 400)).toHaveProperty('redirect_uri')
  })
})

describe('sync, manual entries, failures, disconnect (extension)', () => {
  test('sync now after two days adds the missing days once; a second sync adds nothing', async () => {
    const { access, email } = await verifiedCustomer(provider)
    await connected(access)
    const rewind = await provider.call('POST', '__dev/devices/rewind-sync/', {
      body: { email, service: 'demo_health', days: 2 },
    })
    expect(rewind.json.content).toMatchObject({ removed_readings: 3 })
    expect((await entries(access)).weight.map((e) => e.date)).not.toContain(TODAY)
    const sync = await provider.call('POST', 'v1/auth/devices/sync/', {
      token: access,
      body: { service: 'demo_health' },
    })
    expect(sync.status, sync.text).toBe(200)
    expect(sync.json.content).toMatchObject({
      status: 'connected',
      sync: { imported: { weight: 2, sleep: 1 } },
    })
    const again = await provider.call('POST', 'v1/auth/devices/sync/', {
      token: access,
      body: { service: 'demo_health' },
    })
    expect(again.json.content).toMatchObject({ sync: { imported: { weight: 0, sleep: 0 } } })
    const log = await entries(access)
    expect(log.weight).toHaveLength(14)
    expect(new Set(log.weight.map((e) => e.date)).size).toBe(14)
  })

  test('a day the patient logged themselves keeps their entry: the reading is skipped', async () => {
    const { access } = await verifiedCustomer(provider)
    const yesterday = isoDay(-1)
    const manual = await provider.call('POST', 'v1/auth/entries/weight/', {
      token: access,
      body: { date: yesterday, weight: 101.5, weight_unit: 'kg' },
    })
    expect(manual.status).toBe(201)
    expect(manual.json.content).toMatchObject({ source: 'manual' })
    const content = await connected(access)
    expect(content.sync).toMatchObject({ imported: { weight: 13 }, skipped_manual: { weight: 1 } })
    const onDay = (await entries(access)).weight.filter((e) => e.date === yesterday)
    expect(onDay).toEqual([expect.objectContaining({ weight: 101.5, source: 'manual' })])
  })

  test('every kind answers its source; a corrected imported reading becomes manual', async () => {
    const { access } = await verifiedCustomer(provider)
    await provider.call('PUT', 'v1/auth/profile/personal/', { token: access, body: PERSONAL_IMPERIAL })
    const meal = await provider.call('POST', 'v1/auth/entries/meal/', {
      token: access,
      body: { date: TODAY, time: '08:00', meal_type: 'breakfast', protein_g: 20 },
    })
    expect(meal.json.content).toMatchObject({ source: 'manual' })
    await connected(access)
    const sleep = (await entries(access)).sleep.at(-1)!
    expect(sleep.source).toBe('Demo Health')
    // Weight unit follows the patient's profile (lbs here).
    expect((await entries(access)).weight[0].weight_unit).toBe('lbs')
    const edited = await provider.call('PUT', `v1/auth/entries/sleep/${sleep.id}/`, {
      token: access,
      body: { date: sleep.date, hours: 5, quality: 2 },
    })
    expect(edited.json.content).toMatchObject({ source: 'manual' })
    const disconnected = await provider.call('POST', 'v1/auth/devices/disconnect/', {
      token: access,
      body: { service: 'demo_health', delete_imported: true },
    })
    expect(disconnected.status, disconnected.text).toBe(200)
    const log = await entries(access)
    expect(log.sleep).toEqual([expect.objectContaining({ id: sleep.id, source: 'manual' })])
    expect(log.weight).toEqual([])
    expect(log.meal).toHaveLength(1)
  })

  test('a failing sync marks the connection Needs attention with the reason; reconnecting clears it', async () => {
    const { access, email } = await verifiedCustomer(provider)
    await connected(access)
    await provider.call('POST', '__dev/devices/fail-next-sync/', {
      body: { email, service: 'demo_health', reason: 'Demo Health access was revoked.' },
    })
    const sync = await provider.call('POST', 'v1/auth/devices/sync/', {
      token: access,
      body: { service: 'demo_health' },
    })
    expectError(sync, 502, 'Demo Health access was revoked.')
    expect(await demo(access)).toMatchObject({
      status: 'needs_attention',
      last_error: 'Demo Health access was revoked.',
    })
    const again = await connected(access)
    expect(again).toMatchObject({ status: 'connected', last_error: null })
  })

  test('disconnect keeping data leaves the readings; reconnecting does not duplicate them', async () => {
    const { access } = await verifiedCustomer(provider)
    await connected(access)
    const res = await provider.call('POST', 'v1/auth/devices/disconnect/', {
      token: access,
      body: { service: 'demo_health', delete_imported: false },
    })
    expect(res.json.content).toMatchObject({
      status: 'not_connected',
      deleted_entries: 0,
      kept_entries: 27,
      last_synced_at: null,
    })
    expect((await entries(access)).weight).toHaveLength(14)
    const again = await connected(access)
    expect(again.sync.imported).toEqual({ weight: 0, sleep: 0 })
    expect((await entries(access)).weight).toHaveLength(14)
  })

  test('disconnect needs the keep/delete answer and a connection; sync needs a connection', async () => {
    const { access } = await verifiedCustomer(provider)
    expect(
      expectError(
        await provider.call('POST', 'v1/auth/devices/disconnect/', {
          token: access,
          body: { service: 'demo_health' },
        }),
        400,
      ),
    ).toHaveProperty('delete_imported')
    expectError(
      await provider.call('POST', 'v1/auth/devices/disconnect/', {
        token: access,
        body: { service: 'demo_health', delete_imported: false },
      }),
      409,
      'Demo Health is not connected.',
    )
    expectError(
      await provider.call('POST', 'v1/auth/devices/sync/', {
        token: access,
        body: { service: 'demo_health' },
      }),
      409,
    )
  })
})

describe('sync window (extension)', () => {
  test("imports up to the patient's today only within a day of UTC's; never more than 30 days back", async () => {
    const { syncThrough, syncFrom } = await import('../../provider/devices-sync')
    const now = Date.parse('2026-11-21T03:00:00Z')
    expect(syncThrough('2026-11-20', now)).toBe('2026-11-20')
    expect(syncThrough('2026-11-22', now)).toBe('2026-11-22')
    expect(syncThrough('2026-11-25', now)).toBe('2026-11-21')
    expect(syncThrough('2026-02-30', now)).toBe('2026-11-21')
    expect(syncThrough(42, now)).toBe('2026-11-21')
    expect(syncFrom(null, '2026-11-21')).toBe('2026-11-08')
    expect(syncFrom('2026-11-19T23:00:00Z', '2026-11-21')).toBe('2026-11-19')
    expect(syncFrom('2025-01-01T00:00:00Z', '2026-11-21')).toBe('2026-10-23')
  })
})
