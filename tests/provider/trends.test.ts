import { describe, expect, test } from 'vitest'
import { STANDARD } from '../support/fixtures'
import { expectError, login, useTestProvider, verifiedCustomer, withTestProvider } from './helpers'

const provider = useTestProvider()

const TODAY = '2026-11-21'
type Range = {
  from: string
  to: string
  first_date: string | null
  weight: { date: string; weight: number; source: string }[]
} & Record<string, { date: string }[]>

async function seed(email: string, days: number, today = TODAY) {
  return provider.call('POST', '__dev/seed-history/', { body: { email, days, today, start_kg: 120 } })
}

describe('GET v1/auth/trends/ (extension)', () => {
  test('answers every kind in a range longer than a year in one call, oldest first', async () => {
    const { email, access } = await verifiedCustomer(provider)
    const seeded = await seed(email, 400)
    expect(seeded.status, seeded.text).toBe(200)
    expect(seeded.json.content).toMatchObject({ email, from: '2025-10-18', to: TODAY })
    const res = await provider.call('GET', `v1/auth/trends/?from=2025-10-18&to=${TODAY}`, { token: access })
    expect(res.status, res.text).toBe(200)
    expect(res.json.message).toBe('Trends loaded.')
    const content = res.json.content as Range
    expect(content).toMatchObject({ from: '2025-10-18', to: TODAY, first_date: '2025-10-18' })
    // Every 9th day has no weight (n % 9 === 4); one sleep a night except tonight; 3 meals; 2 waters.
    expect(content.weight).toHaveLength(400 - 44)
    expect(content.sleep).toHaveLength(399)
    expect(content.meal).toHaveLength(1200)
    expect(content.water).toHaveLength(800)
    expect(content.vitamins).toHaveLength(400)
    expect(content.weight[0]).toMatchObject({ date: '2025-10-18', weight: 119.8, source: 'Withings Body+' })
    expect(content.weight.map((w) => w.date)).toEqual([...content.weight.map((w) => w.date)].sort())
    expect((seeded.json.content as { entries: number }).entries).toBe(356 + 399 + 1200 + 800 + 400)
  })

  test('without from, starts at the first entry (or answers an empty range at `to`)', async () => {
    const { email, access } = await verifiedCustomer(provider)
    const empty = await provider.call('GET', `v1/auth/trends/?to=${TODAY}`, { token: access })
    expect(empty.status, empty.text).toBe(200)
    expect(empty.json.content).toMatchObject({
      from: TODAY,
      to: TODAY,
      first_date: null,
      weight: [],
      meal: [],
    })
    await seed(email, 10)
    const all = await provider.call('GET', `v1/auth/trends/?to=${TODAY}`, { token: access })
    expect(all.json.content).toMatchObject({ from: '2026-11-12', to: TODAY, first_date: '2026-11-12' })
    // Entries after `to` are not counted as the first one.
    const before = await provider.call('GET', 'v1/auth/trends/?to=2026-11-01', { token: access })
    expect(before.json.content).toMatchObject({ from: '2026-11-01', first_date: null, weight: [] })
  })

  test('a patient only ever sees their own entries', async () => {
    const owner = await verifiedCustomer(provider)
    const other = await verifiedCustomer(provider)
    await seed(owner.email, 5)
    const res = await provider.call('GET', `v1/auth/trends/?to=${TODAY}`, { token: other.access })
    expect(res.json.content).toMatchObject({ first_date: null, weight: [], sleep: [] })
  })

  test('checks the dates and the token', async () => {
    const { access } = await verifiedCustomer(provider)
    expect(expectError(await provider.call('GET', 'v1/auth/trends/', { token: access }), 400)).toEqual({
      to: ['To date is required'],
    })
    expect(
      expectError(
        await provider.call('GET', `v1/auth/trends/?from=2026-11-22&to=${TODAY}`, { token: access }),
        400,
      ),
    ).toEqual({ to: ['To date must be on or after the from date'] })
    expect(
      expectError(
        await provider.call('GET', `v1/auth/trends/?from=2010-01-01&to=${TODAY}`, { token: access }),
        400,
      ),
    ).toEqual({ to: ['A range can cover at most 3660 days'] })
    expect(
      expectError(await provider.call('GET', 'v1/auth/trends/?to=2026-02-30', { token: access }), 400),
    ).toEqual({ to: ['To date must be a valid date (YYYY-MM-DD)'] })
    expectError(await provider.call('GET', `v1/auth/trends/?to=${TODAY}`), 401)
    const admin = await login(provider, 'admin', STANDARD.email, STANDARD.password)
    expectError(await provider.call('GET', `v1/auth/trends/?to=${TODAY}`, { token: admin.access }), 401)
  })
})

describe('GET v1/auth/trends/readings/ (extension)', () => {
  type Readings = Record<'weight' | 'sleep' | 'meal' | 'water', [string, number, string][]> & {
    from: string
    to: string
    first_date: string | null
    vitamins: string[]
  }

  test('answers what the charts read of every entry the full call answers, in its order', async () => {
    const { email, access } = await verifiedCustomer(provider)
    await seed(email, 40)
    // A device's reading (every 4th seeded day) beside a typed one on the same day: both are kept,
    // with their sources.
    const weighed = await provider.call('POST', 'v1/auth/entries/weight/', {
      token: access,
      body: { date: '2026-11-18', weight: 100.5, weight_unit: 'kg', note: 'typed' },
    })
    expect(weighed.status, weighed.text).toBe(201)
    for (const range of ['?to=' + TODAY, `?from=2026-11-01&to=${TODAY}`]) {
      const full = (await provider.call('GET', `v1/auth/trends/${range}`, { token: access })).json
        .content as Record<string, Record<string, unknown>[]> & Pick<Range, 'from' | 'to' | 'first_date'>
      const res = await provider.call('GET', `v1/auth/trends/readings/${range}`, { token: access })
      expect(res.status, res.text).toBe(200)
      expect(res.json.message).toBe('Trends loaded.')
      const readings = res.json.content as Readings
      expect(readings).toMatchObject({ from: full.from, to: full.to, first_date: full.first_date })
      const field = { weight: 'weight', sleep: 'hours', meal: 'protein_g', water: 'ml' } as const
      for (const kind of ['weight', 'sleep', 'meal', 'water'] as const) {
        expect(readings[kind], kind).toEqual(full[kind].map((e) => [e.date, e[field[kind]], e.source]))
      }
      expect(readings.vitamins).toEqual(full.vitamins.map((e) => e.date))
    }
    const day = (
      await provider.call('GET', `v1/auth/trends/readings/?from=2026-11-18&to=2026-11-18`, { token: access })
    ).json.content as Readings
    expect(day.weight.map(([, value, source]) => [value, source]).sort()).toEqual(
      [
        [100.5, 'manual'],
        [expect.any(Number), 'Withings Body+'],
      ].sort(),
    )
  })

  test('with a start, the readings and the first entry are one statement after the token’s', async () => {
    const statements = async () => {
      const text = await (await fetch(new URL('metrics', provider.url))).text()
      return [...text.matchAll(/^baricare_db_query_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0)
    }
    const { email, access } = await verifiedCustomer(provider)
    await seed(email, 40)
    const earlier = await provider.call('POST', 'v1/auth/entries/weight/', {
      token: access,
      body: { date: '2026-09-01', weight: 101, weight_unit: 'kg' },
    })
    expect(earlier.status, earlier.text).toBe(201)
    // Nothing else runs meanwhile: the provider is this file's alone.
    const before = await statements()
    const res = await provider.call('GET', `v1/auth/trends/readings/?from=2026-11-01&to=${TODAY}`, { token: access })
    const used = (await statements()) - before
    expect(res.status, res.text).toBe(200)
    // The first entry lies before the range: the answer still names it.
    expect(res.json.content).toMatchObject({ from: '2026-11-01', to: TODAY, first_date: '2026-09-01' })
    expect(used).toBeLessThanOrEqual(2)
    // Nothing logged on or before `to`: no first date.
    const none = await provider.call('GET', 'v1/auth/trends/readings/?from=2020-01-01&to=2020-01-31', { token: access })
    expect(none.json.content).toMatchObject({ from: '2020-01-01', to: '2020-01-31', first_date: null, weight: [], vitamins: [] })
  })

  test('is empty for another patient, and checks the dates and the token like the full call', async () => {
    const owner = await verifiedCustomer(provider)
    const other = await verifiedCustomer(provider)
    await seed(owner.email, 5)
    const res = await provider.call('GET', `v1/auth/trends/readings/?to=${TODAY}`, { token: other.access })
    expect(res.json.content).toEqual({
      from: TODAY,
      to: TODAY,
      first_date: null,
      weight: [],
      sleep: [],
      meal: [],
      water: [],
      vitamins: [],
    })
    expect(
      expectError(await provider.call('GET', 'v1/auth/trends/readings/', { token: other.access }), 400),
    ).toEqual({
      to: ['To date is required'],
    })
    expectError(await provider.call('GET', `v1/auth/trends/readings/?to=${TODAY}`), 401)
  })
})

describe('POST __dev/seed-history/', () => {
  test('replaces the window, so it can run again, and checks its body', async () => {
    const { email, access } = await verifiedCustomer(provider)
    await seed(email, 30)
    await seed(email, 30)
    const res = await provider.call('GET', `v1/auth/trends/?to=${TODAY}`, { token: access })
    expect((res.json.content as Range).meal).toHaveLength(90)
    expectError(await seed('nobody@example.com', 3), 404, 'No customer with this email.')
    expect(expectError(await seed(email, 0), 400)).toHaveProperty('days')
  })

  test('is a plain 404 outside dev mode', async () => {
    await withTestProvider({ devMode: false }, async (prod) => {
      expectError(await prod.call('POST', '__dev/seed-history/', { body: { email: 'a@b.co', days: 3 } }), 404)
    })
  })
})
