// Withings through its Public API, against the local simulator (provider/dev/withings-
// simulator.ts), which speaks their wire format. Asserts on what the patient gets (the log, the
// connection's state) and on what the simulator received.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WITHINGS_NOTIFY_SYNC_MINUTES } from '../../common/contract/devices-values'
import { deriveKey, tokenBox } from '../../provider/crypto/token-box'
import {
  startWithingsSimulator,
  type ReceivedRequest,
  type WithingsSimulator,
} from '../../provider/dev/withings-simulator'
import { readTokens } from '../../provider/store/device-tokens'
import type { WithingsConfig } from '../../provider/withings/config'
import { WITHINGS_BUSY, WITHINGS_NEEDS_RECONNECT } from '../../provider/withings/sync'
import { PERSONAL_IMPERIAL } from '../support/fixtures'
import {
  expectError,
  startTestProvider,
  verifiedCustomer,
  withTestProvider,
  type TestProvider,
} from './helpers'

const REDIRECT = 'http://app.test:3000/customer/connect-devices/callback'
const CLIENT = { clientId: 'clinic-app', clientSecret: 'clinic-secret-value' }
const TOKEN_KEY = 'test-device-token-key-of-32-characters!!'
const DAY_S = 86_400
/** Tests that start a provider of their own (a new database; for push, the job runner too). */
const OWN_PROVIDER_TIMEOUT_MS = 60_000

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
/** Unix seconds at `hh:mm` UTC, `days` from today. */
const at = (days: number, hh = 7, mm = 0) =>
  Date.parse(`${isoDay(days)}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00Z`) / 1000

type Entry = { id: number; kind: string; date: string; source: string } & Record<string, unknown>

interface Setup {
  provider: TestProvider
  simulator: WithingsSimulator
  close(): Promise<void>
}

async function setUp(
  simulatorOptions: { accessTtlSeconds?: number } = {},
  providerOptions: { jobs?: boolean; notifyCallbackUrl?: string } = {},
): Promise<Setup> {
  const simulator = await startWithingsSimulator({
    clients: [{ ...CLIENT, redirectUris: [REDIRECT] }],
    pageSize: 5,
    ...simulatorOptions,
  })
  const config: WithingsConfig = {
    ...CLIENT,
    redirectUri: REDIRECT,
    authUrl: `${simulator.url}oauth2_user/authorize2`,
    apiUrl: simulator.url,
    notifyCallbackUrl: providerOptions.notifyCallbackUrl ?? null,
    tokenKey: TOKEN_KEY,
  }
  const provider = await startTestProvider({
    withings: { kind: 'configured', config },
    jobs: providerOptions.jobs ?? false,
  })
  return {
    provider,
    simulator,
    async close() {
      await provider.close()
      await simulator.close()
    },
  }
}

let s: Setup
beforeAll(async () => {
  s = await setUp()
})
afterAll(() => s.close())

async function control(simulator: WithingsSimulator, path: string, body: object) {
  const res = await fetch(new URL(`__sim/${path}`, simulator.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return res.json() as Promise<Record<string, unknown>>
}

async function received(simulator: WithingsSimulator, email?: string): Promise<ReceivedRequest[]> {
  const query = email ? `?email=${encodeURIComponent(email)}` : ''
  return (await (
    await fetch(new URL(`__sim/requests${query}`, simulator.url), { method: 'POST' })
  ).json()) as ReceivedRequest[]
}

async function start(setup: Setup, token: string) {
  const res = await setup.provider.call('POST', 'v1/auth/devices/connect/', {
    token,
    body: { service: 'withings', redirect_uri: 'http://elsewhere.test/callback' },
  })
  expect(res.status, res.text).toBe(201)
  return res.json.content as { consent_url: string; state: string }
}

/** The patient answers Withings' consent page as `withingsEmail`: the redirect's code and state. */
async function consent(consentUrl: string, withingsEmail: string, decision: 'allow' | 'deny' = 'allow') {
  const page = await fetch(consentUrl)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('Allow BariCare to access your Withings data?')
  const url = new URL(consentUrl)
  const form = new URLSearchParams({
    client_id: url.searchParams.get('client_id')!,
    redirect_uri: url.searchParams.get('redirect_uri')!,
    state: url.searchParams.get('state')!,
    scope: url.searchParams.get('scope')!,
    email: withingsEmail,
    decision,
  })
  const answer = await fetch(new URL('/oauth2_user/authorize2', url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  })
  expect(answer.status).toBe(302)
  return new URL(answer.headers.get('location')!)
}

async function connect(setup: Setup, token: string, withingsEmail: string) {
  const { consent_url, state } = await start(setup, token)
  const back = await consent(consent_url, withingsEmail)
  expect(back.searchParams.get('state')).toBe(state)
  const res = await setup.provider.call('POST', 'v1/auth/devices/complete/', {
    token,
    body: { service: 'withings', code: back.searchParams.get('code'), state },
  })
  expect(res.status, res.text).toBe(200)
  return res.json.content as {
    status: string
    sync: { imported: { weight: number; sleep: number }; skipped_manual: { weight: number } }
  }
}

async function sync(setup: Setup, token: string) {
  return setup.provider.call('POST', 'v1/auth/devices/sync/', { token, body: { service: 'withings' } })
}

async function entries(setup: Setup, token: string, from = isoDay(-30), to = isoDay(1)) {
  const res = await setup.provider.call('GET', `v1/auth/entries/?from=${from}&to=${to}`, { token })
  expect(res.status, res.text).toBe(200)
  return res.json.content as { weight: Entry[]; sleep: Entry[] }
}

async function withingsCard(setup: Setup, token: string) {
  const res = await setup.provider.call('GET', 'v1/auth/devices/', { token })
  return (
    res.json.content as {
      service: string
      status: string
      last_error: string | null
      available: boolean
      last_synced_at: string | null
    }[]
  ).find((service) => service.service === 'withings')!
}

async function patient(setup: Setup) {
  const customer = await verifiedCustomer(setup.provider)
  return { ...customer, withings: `w-${customer.email}` }
}

describe('Withings: configuration', () => {
  test('available where configured; connect sends the patient to authorize2 with our client, scope, redirect URI and state', async () => {
    const { access } = await patient(s)
    expect(await withingsCard(s, access)).toMatchObject({ status: 'not_connected', available: true })
    const { consent_url, state } = await start(s, access)
    const url = new URL(consent_url)
    expect(`${url.origin}${url.pathname}`).toBe(`${s.simulator.url}oauth2_user/authorize2`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT.clientId,
      scope: 'user.metrics,user.activity',
      // The registered redirect URI, whatever the app asked for.
      redirect_uri: REDIRECT,
      state,
    })
    expect(state.length).toBeGreaterThanOrEqual(32)
  })

  test('without WITHINGS_* the card says the clinic has not set Withings up, and connect is refused', async () => {
    await withTestProvider({}, async (plain) => {
      const { access } = await verifiedCustomer(plain)
      const res = await plain.call('GET', 'v1/auth/devices/', { token: access })
      const card = (
        res.json.content as { service: string; available: boolean; availability_note: string }[]
      ).find((service) => service.service === 'withings')!
      expect(card).toMatchObject({
        available: false,
        availability_note:
          "Your clinic hasn't set up Withings yet. Ask your care team if you'd like to use it.",
      })
      expectError(
        await plain.call('POST', 'v1/auth/devices/connect/', {
          token: access,
          body: { service: 'withings', redirect_uri: REDIRECT },
        }),
        409,
      )
    })
  }, OWN_PROVIDER_TIMEOUT_MS)
})

describe('Withings: token exchange and first import', () => {
  test('the code is exchanged in the API (secret, redirect URI); readings arrive marked Withings; tokens are stored sealed', async () => {
    const { access, withings } = await patient(s)
    await control(s.simulator, 'measures', {
      email: withings,
      weights: [
        { at: at(-3), kg: 101.2 },
        { at: at(-2), kg: 100.85, unit: -2 },
        { at: at(-1), kg: 100.4, unit: -1 },
      ],
      sleep: [{ start: at(-2, 22, 30) - DAY_S, end: at(-1, 6, 45) - DAY_S, sleep_score: 78 }],
    })
    const content = await connect(s, access, withings)
    expect(content).toMatchObject({ status: 'connected', sync: { imported: { weight: 3, sleep: 1 } } })

    const log = await entries(s, access)
    expect(log.weight.map((e) => [e.date, e.weight, e.source])).toEqual([
      [isoDay(-3), 101.2, 'Withings'],
      [isoDay(-2), 100.85, 'Withings'],
      [isoDay(-1), 100.4, 'Withings'],
    ])
    expect(log.sleep).toHaveLength(1)
    expect(log.sleep[0]).toMatchObject({
      date: isoDay(-2),
      source: 'Withings',
      quality: 4,
      bed_time: '22:30',
      wake_time: '06:45',
    })
    expect(log.sleep[0].hours).toBeCloseTo(8.3, 5)

    const token = (await received(s.simulator)).find(
      (r) => r.action === 'requesttoken' && r.params.grant_type === 'authorization_code' && r.params.code,
    )
    expect(token).toMatchObject({
      path: '/v2/oauth2',
      params: {
        client_id: CLIENT.clientId,
        redirect_uri: REDIRECT,
        client_secret: expect.stringMatching(/^clin/),
      },
      status: 0,
    })

    // Encrypted at rest: the row holds sealed values that open only with the key and for this row.
    const row = (
      await s.provider.db.all<{
        account_id: number
        access_token: string
        refresh_token: string
        external_user_id: string
      }>(
        "SELECT account_id, access_token, refresh_token, external_user_id FROM device_tokens WHERE service = 'withings'",
      )
    ).at(-1)!
    const box = tokenBox(deriveKey(TOKEN_KEY, 'device-tokens'))
    const tokens = (await readTokens(s.provider.db, box, Number(row.account_id), 'withings'))!
    expect(tokens.accessToken).toMatch(/^[0-9a-f]{40}$/)
    expect(row.access_token).toMatch(/^v1\./)
    expect(row.access_token).not.toContain(tokens.accessToken)
    expect(row.refresh_token).not.toContain(tokens.refreshToken)
    expect(() => box.open(row.access_token, `${row.account_id}:withings:refresh`)).toThrow()
    expect(() =>
      tokenBox(deriveKey('another-key-of-at-least-32-characters', 'device-tokens')).open(
        row.access_token,
        `${row.account_id}:withings:access`,
      ),
    ).toThrow()
    // And what it opens to is what Withings issued: it reads the patient's data.
    const answer = await fetch(new URL('measure', s.simulator.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
      body: new URLSearchParams({ action: 'getmeas', meastype: '1', category: '1' }),
    })
    expect(((await answer.json()) as { status: number }).status).toBe(0)
  })

  test('a forged or replayed state, a code Withings refuses, another patient: nothing is connected', async () => {
    const { access, withings } = await patient(s)
    const other = await patient(s)
    const { consent_url, state } = await start(s, access)
    const back = await consent(consent_url, withings)
    const code = back.searchParams.get('code')!
    const complete = (token: string, body: object) =>
      s.provider.call('POST', 'v1/auth/devices/complete/', {
        token,
        body: { service: 'withings', code, state, ...body },
      })
    expectError(
      await complete(access, { state: 'forged-state' }),
      400,
      'This connection request is invalid or has expired. Please try connecting again.',
    )
    expectError(await complete(other.access, {}), 400)
    expect((await withingsCard(s, other.access)).status).toBe('not_connected')

    // A fresh consent with a code Withings does not know: their "invalid code" (status 503 in the body).
    const second = await start(s, access)
    expectError(
      await s.provider.call('POST', 'v1/auth/devices/complete/', {
        token: access,
        body: { service: 'withings', code: 'not-a-withings-code', state: second.state },
      }),
      400,
      'Withings did not accept this connection request. Please try connecting again.',
    )
    // The state is spent either way: the real code cannot be replayed with it.
    expectError(await complete(access, { state: second.state }), 400)
    expect((await withingsCard(s, access)).status).toBe('not_connected')
  })
})

describe('Withings: paging, unit exponents, time zones', () => {
  test('follows more/offset to the end; value × 10^unit; the day is the measure’s own local day', async () => {
    const { access, withings } = await patient(s)
    const weights = Array.from({ length: 11 }, (_, i) => ({
      at: at(-14 + i, 12),
      kg: 110 - i * 0.5,
      unit: [-3, -2, -1][i % 3],
    }))
    // 23:30 UTC is the next day in Tokyo; 02:15 UTC is the day before in New York, where it is that
    // day's last weighing and so replaces the 12:00 UTC one of the same local day.
    weights.push({
      at: at(-2, 23, 30),
      kg: 98.7,
      unit: -3,
      timezone: 'Asia/Tokyo',
    } as (typeof weights)[number])
    weights.push({
      at: at(-3, 2, 15),
      kg: 99.1,
      unit: -3,
      timezone: 'America/New_York',
    } as (typeof weights)[number])
    await control(s.simulator, 'measures', { email: withings, weights })
    const content = await connect(s, access, withings)
    expect(content.sync.imported.weight).toBe(12)

    const getmeas = (await received(s.simulator, withings)).filter((r) => r.action === 'getmeas')
    expect(getmeas.map((r) => r.params.offset ?? '0')).toEqual(['0', '5', '10'])
    expect(
      getmeas.every((r) => r.params.meastype === '1' && r.params.category === '1' && r.params.lastupdate),
    ).toBe(true)

    const log = await entries(s, access)
    const byDay = new Map(log.weight.map((e) => [e.date, e.weight]))
    expect(byDay.get(isoDay(-14))).toBe(110)
    expect(byDay.get(isoDay(-13))).toBe(109.5)
    expect(byDay.get(isoDay(-12))).toBe(109)
    expect(byDay.get(isoDay(-1))).toBe(98.7)
    expect(byDay.get(isoDay(-4))).toBe(99.1)
    expect(log.weight).toHaveLength(12)
  })
})

describe('Withings: incremental sync', () => {
  test('asks only for changes since the last sync (lastupdate), adds what is new, never duplicates, and the patient’s own entry wins', async () => {
    const { access, withings } = await patient(s)
    await control(s.simulator, 'measures', {
      email: withings,
      weights: [
        { at: at(-2), kg: 90 },
        { at: at(-1), kg: 89.8 },
      ],
    })
    const first = await connect(s, access, withings)
    expect(first.sync.imported.weight).toBe(2)
    const firstAsk = (await received(s.simulator, withings)).filter((r) => r.action === 'getmeas').at(-1)!
    const firstLastupdate = Number(firstAsk.params.lastupdate)
    expect(firstLastupdate).toBeLessThanOrEqual(Date.now() / 1000 - 13 * DAY_S)

    // Nothing new: nothing imported, nothing duplicated.
    const again = await sync(s, access)
    expect(again.status, again.text).toBe(200)
    expect((again.json.content as { sync: { imported: object } }).sync.imported).toEqual({
      weight: 0,
      sleep: 0,
    })
    const secondAsk = (await received(s.simulator, withings)).filter((r) => r.action === 'getmeas').at(-1)!
    expect(Number(secondAsk.params.lastupdate)).toBeGreaterThan(firstLastupdate)
    expect(Number(secondAsk.params.lastupdate)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 60)

    // Today's weighing, a later weighing of yesterday, and a day the patient logged themselves.
    await s.provider.call('POST', 'v1/auth/entries/weight/', {
      token: access,
      body: { date: isoDay(-3), weight: 91.5, weight_unit: 'kg', note: 'mine' },
    })
    await control(s.simulator, 'measures', {
      email: withings,
      weights: [
        { at: at(0), kg: 89.5 },
        { at: at(-1, 20), kg: 89.9 },
        { at: at(-3), kg: 95 },
      ],
    })
    const third = await sync(s, access)
    expect(third.status, third.text).toBe(200)
    expect((third.json.content as { sync: object }).sync).toMatchObject({
      imported: { weight: 2 },
      skipped_manual: { weight: 1 },
    })
    const log = await entries(s, access)
    expect(log.weight.map((e) => [e.date, e.weight, e.source])).toEqual([
      [isoDay(-3), 91.5, 'manual'],
      [isoDay(-2), 90, 'Withings'],
      [isoDay(-1), 89.9, 'Withings'],
      [isoDay(0), 89.5, 'Withings'],
    ])
  })

  test('imported weights keep the patient’s unit (kg stored, shown in lbs for a patient who uses lbs)', async () => {
    const { access, withings } = await patient(s)
    await s.provider.call('PUT', 'v1/auth/profile/personal/', { token: access, body: PERSONAL_IMPERIAL })
    await control(s.simulator, 'measures', { email: withings, weights: [{ at: at(-1), kg: 100 }] })
    await connect(s, access, withings)
    const [weight] = (await entries(s, access)).weight
    expect(weight).toMatchObject({ weight: 100, weight_unit: 'lbs', source: 'Withings' })
  })
})

describe('Withings: tokens', () => {
  test('an expired access token is refreshed (grant_type=refresh_token) and the rotated refresh token stored', async () => {
    const { access, withings, email } = await patient(s)
    await control(s.simulator, 'measures', { email: withings, weights: [{ at: at(-1), kg: 80 }] })
    await connect(s, access, withings)
    const before = await s.provider.db.get<{ refresh_token: string }>(
      'SELECT t.refresh_token FROM device_tokens t JOIN accounts a ON a.id = t.account_id WHERE a.email = ?',
      [email],
    )
    await control(s.simulator, 'expire-access', { email: withings })
    await control(s.simulator, 'measures', { email: withings, weights: [{ at: at(0), kg: 79.6 }] })
    const res = await sync(s, access)
    expect(res.status, res.text).toBe(200)
    expect((res.json.content as { sync: { imported: { weight: number } } }).sync.imported.weight).toBe(1)
    const log = (await received(s.simulator, withings)).map(
      (r) => `${r.action}:${r.params.grant_type ?? ''}:${r.status}`,
    )
    // The 401 in the body, then the refresh, then the same call again.
    expect(log).toContain('getmeas::401')
    expect(log.indexOf('requesttoken:refresh_token:0')).toBeGreaterThan(log.lastIndexOf('getmeas::401'))
    const after = await s.provider.db.get<{ refresh_token: string }>(
      'SELECT t.refresh_token FROM device_tokens t JOIN accounts a ON a.id = t.account_id WHERE a.email = ?',
      [email],
    )
    expect(after!.refresh_token).not.toBe(before!.refresh_token)
    expect((await withingsCard(s, access)).status).toBe('connected')
  })

  test('an access token about to end is refreshed before it is used', async () => {
    const short = await setUp({ accessTtlSeconds: 120 })
    try {
      const customer = await verifiedCustomer(short.provider)
      const withings = `w-${customer.email}`
      await control(short.simulator, 'measures', { email: withings, weights: [{ at: at(-1), kg: 80 }] })
      await connect(short, customer.access, withings)
      const res = await sync(short, customer.access)
      expect(res.status, res.text).toBe(200)
      const log = (await received(short.simulator, withings)).map(
        (r) => `${r.action}:${r.params.grant_type ?? ''}:${r.status}`,
      )
      expect(log).toContain('requesttoken:refresh_token:0')
      expect(log).not.toContain('getmeas::401')
    } finally {
      await short.close()
    }
  }, OWN_PROVIDER_TIMEOUT_MS)

  test('revoked at Withings: the sync fails with the reason and the card needs attention; reconnecting recovers', async () => {
    const { access, withings } = await patient(s)
    await control(s.simulator, 'measures', { email: withings, weights: [{ at: at(-1), kg: 80 }] })
    await connect(s, access, withings)
    await control(s.simulator, 'revoke', { email: withings })
    expectError(await sync(s, access), 502, WITHINGS_NEEDS_RECONNECT)
    expect(await withingsCard(s, access)).toMatchObject({
      status: 'needs_attention',
      last_error: WITHINGS_NEEDS_RECONNECT,
    })
    const refreshes = (await received(s.simulator, withings)).filter(
      (r) => r.params.grant_type === 'refresh_token',
    )
    expect(refreshes.at(-1)!.status).toBe(503)

    await connect(s, access, withings)
    expect(await withingsCard(s, access)).toMatchObject({ status: 'connected', last_error: null })
    // The same Withings account: the cursor survived, nothing was imported twice.
    expect((await entries(s, access)).weight).toHaveLength(1)
  })

  test('too many requests (601 in the body): the sync fails with a plain message and the connection stays connected', async () => {
    const { access, withings } = await patient(s)
    await control(s.simulator, 'measures', { email: withings, weights: [{ at: at(-1), kg: 80 }] })
    await connect(s, access, withings)
    await control(s.simulator, 'fail-next', { email: withings, status: 601 })
    expectError(await sync(s, access), 502, WITHINGS_BUSY)
    expect((await withingsCard(s, access)).status).toBe('connected')
    expect((await sync(s, access)).status).toBe(200)
  })
})

describe('Withings: disconnect', () => {
  test('revokes our grant at Withings (signed, with a nonce) and deletes the tokens', async () => {
    const { access, withings, email } = await patient(s)
    await control(s.simulator, 'measures', { email: withings, weights: [{ at: at(-1), kg: 80 }] })
    await connect(s, access, withings)
    const userid = (await received(s.simulator, withings)).find((r) => r.action === 'requesttoken')!.userid
    const res = await s.provider.call('POST', 'v1/auth/devices/disconnect/', {
      token: access,
      body: { service: 'withings', delete_imported: false },
    })
    expect(res.status, res.text).toBe(200)
    const all = await received(s.simulator)
    const revoke = all.filter((r) => r.action === 'revoke' && r.params.userid === String(userid))
    expect(revoke).toHaveLength(1)
    expect(revoke[0]).toMatchObject({ path: '/v2/oauth2', status: 0, params: { client_id: CLIENT.clientId } })
    expect(all.some((r) => r.action === 'getnonce' && r.status === 0)).toBe(true)
    const left = await s.provider.db.all(
      'SELECT 1 FROM device_tokens t JOIN accounts a ON a.id = t.account_id WHERE a.email = ?',
      [email],
    )
    expect(left).toEqual([])
    expect((await withingsCard(s, access)).status).toBe('not_connected')
    // The readings stay (kept), still marked as Withings'.
    expect((await entries(s, access)).weight.map((e) => e.source)).toEqual(['Withings'])
  })
})

describe('Withings: notifications (Notify - Subscribe)', () => {
  test('subscribes for weight and sleep; a notification for a connected user queues a sync that imports the new reading; others are ignored; disconnect unsubscribes', async () => {
    const push = await setUp({}, { jobs: true, notifyCallbackUrl: 'https://care.example/webhooks/withings' })
    try {
      const customer = await verifiedCustomer(push.provider)
      const withings = `w-${customer.email}`
      await control(push.simulator, 'measures', { email: withings, weights: [{ at: at(-1), kg: 80 }] })
      await connect(push, customer.access, withings)
      const user = (await (
        await fetch(new URL(`__sim/user?email=${encodeURIComponent(withings)}`, push.simulator.url), {
          method: 'POST',
        })
      ).json()) as { userid: number; subscriptions: { appli: number; callbackurl: string }[] }
      expect(user.subscriptions.map((sub) => [sub.appli, sub.callbackurl])).toEqual([
        [1, 'https://care.example/webhooks/withings'],
        [44, 'https://care.example/webhooks/withings'],
      ])

      const notify = (body: object) => push.provider.call('POST', 'v1/devices/withings/notify/', { body })
      expect((await notify({ userid: '999', appli: 1 })).json.content).toEqual({})
      expect((await notify({ userid: String(user.userid), appli: 16 })).json.content).toEqual({})
      expect((await notify({ userid: 'x; drop', appli: 1 })).json.content).toEqual({})

      await control(push.simulator, 'measures', { email: withings, weights: [{ at: at(0), kg: 79.5 }] })
      const res = await notify({ userid: String(user.userid), appli: 1, startdate: at(-1), enddate: at(0) })
      expect(res.status, res.text).toBe(200)
      expect(res.json.content).toEqual({})
      await expect
        .poll(async () => (await entries(push, customer.access)).weight.map((e) => e.weight), {
          timeout: 20_000,
        })
        .toEqual([80, 79.5])

      await push.provider.call('POST', 'v1/auth/devices/disconnect/', {
        token: customer.access,
        body: { service: 'withings', delete_imported: false },
      })
      const after = (await (
        await fetch(new URL(`__sim/user?email=${encodeURIComponent(withings)}`, push.simulator.url), {
          method: 'POST',
        })
      ).json()) as { subscriptions: unknown[] }
      expect(after.subscriptions).toEqual([])
    } finally {
      await push.close()
    }
  }, OWN_PROVIDER_TIMEOUT_MS)

  test('ten forged notifications for a connected user cause one sync, and every answer is the same as for an unknown user', async () => {
    const push = await setUp({}, { jobs: true, notifyCallbackUrl: 'https://care.example/webhooks/withings' })
    try {
      const customer = await verifiedCustomer(push.provider)
      const withings = `w-${customer.email}`
      await control(push.simulator, 'measures', { email: withings, weights: [{ at: at(-1), kg: 80 }] })
      await connect(push, customer.access, withings)
      const user = (await (
        await fetch(new URL(`__sim/user?email=${encodeURIComponent(withings)}`, push.simulator.url), { method: 'POST' })
      ).json()) as { userid: number }
      const reads = async () => (await received(push.simulator, withings)).filter((r) => r.action === 'getmeas').length
      const before = await reads()

      const notify = async (userid: string) => {
        const res = await push.provider.call('POST', 'v1/devices/withings/notify/', { body: { userid, appli: 1 } })
        return { status: res.status, body: res.json }
      }
      // Throttling counts in 5-minute slots of the clock: keep the burst and the wait in one slot.
      const SLOT_MS = WITHINGS_NOTIFY_SYNC_MINUTES * 60_000
      const leftInSlot = SLOT_MS - (Date.now() % SLOT_MS)
      if (leftInSlot < 25_000) await new Promise((resolve) => setTimeout(resolve, leftInSlot + 1_000))
      const unknown = await notify('999')
      for (let i = 0; i < 10; i++) {
        expect(await notify(String(user.userid))).toEqual(unknown)
        // Spread out, as a real burst (weight, then sleep) would be, so that jobs finish in between.
        await new Promise((resolve) => setTimeout(resolve, 300))
      }

      // The first notification's sync runs; the other nine wait for the next slot as one sync.
      await expect.poll(reads, { timeout: 20_000 }).toBe(before + 1)
      await new Promise((resolve) => setTimeout(resolve, 5_000))
      expect(await reads()).toBe(before + 1)
    } finally {
      await push.close()
    }
  }, 2 * OWN_PROVIDER_TIMEOUT_MS)

  test('where Withings is not configured the notification endpoint does not exist', async () => {
    await withTestProvider({}, async (plain) => {
      expectError(
        await plain.call('POST', 'v1/devices/withings/notify/', { body: { userid: '1', appli: 1 } }),
        404,
      )
    })
  }, OWN_PROVIDER_TIMEOUT_MS)
})
