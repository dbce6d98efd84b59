import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { addDays, todayUtc } from '../../provider/admin-patients-metrics'
import { STANDARD, SUPER } from '../support/fixtures'
import {
  adminToken,
  expectError,
  login,
  mailsTo,
  startTestProvider,
  TEST_ENGINE,
  useTestProvider,
  type ApiResponse,
  type TestProvider,
} from './helpers'

// Reminder settings, the reminders job and the unsubscribe link (docs/provider-api.md,
// "Reminders"). The job runs through POST __dev/run-reminders/?now=…, the clock injected, never
// waited for. On PostgreSQL a second API (its own pool, same database) runs beside the first, as
// two API processes would; PGlite has one owner, so there the runs race inside one API.

vi.setConfig({ testTimeout: 120_000 })

const SEED_PASSWORD = 'Patient#123'
const provider = useTestProvider({}, { timeout: 120_000 })
let second: TestProvider
let superAdmin: string
let standard: string

beforeAll(async () => {
  superAdmin = await adminToken(provider, SUPER)
  standard = await adminToken(provider, STANDARD)
  second = TEST_ENGINE === 'postgres' ? await startTestProvider({ dataDir: provider.dataDir }) : provider
}, 120_000)
afterAll(async () => {
  if (second !== provider) await second.close()
})
// Each test counts what one run sent: earlier tests' patients must not be due as well.
afterEach(() => provider.sql('UPDATE reminder_preferences SET weigh_in = false, protein = false, water = false, vitamins = false, follow_up = false'))

type Settings = {
  weigh_in: boolean
  protein: boolean
  water: boolean
  vitamins: boolean
  follow_up: boolean
  time: string
  days: string[]
  time_zone: string
  channel: string
}
type Mail = { to: string; subject: string; text: string; links: string[]; headers: Record<string, string> }

const unique = () => `Rem${Math.random().toString(36).slice(2, 8)}`

function ok<T>(res: ApiResponse, status = 200): T {
  expect(res.status, res.text).toBe(status)
  return res.json.content as T
}

async function patient(spec: object = {}): Promise<{ id: number; email: string; token: string }> {
  const res = await provider.call('POST', '__dev/seed-patients/', { body: { prefix: unique(), patients: [spec] } })
  const [seeded] = ok<{ id: number; email: string }[]>(res, 201)
  const state = (spec as { state?: string }).state
  const token = state === 'unverified' ? '' : (await login(provider, 'customer', seeded.email, SEED_PASSWORD)).access
  return { ...seeded, token }
}

const save = (token: string, body: object) => provider.call('PUT', 'v1/auth/reminders/', { token, body })

const run = (on: TestProvider, now: string) =>
  on.call('POST', `__dev/run-reminders/?now=${encodeURIComponent(now)}`).then((res) => ok<{ sent: number }>(res).sent)

const reminderMails = async (email: string): Promise<Mail[]> => (await mailsTo(provider, email)) as Mail[]

describe('settings', () => {
  test('defaults: everything off, 09:00, every day, UTC, e-mail', async () => {
    const { token } = await patient()
    expect(ok<Settings>(await provider.call('GET', 'v1/auth/reminders/', { token }))).toEqual({
      weigh_in: false,
      protein: false,
      water: false,
      vitamins: false,
      follow_up: false,
      time: '09:00',
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      time_zone: 'UTC',
      channel: 'email',
    })
  })

  test('a save answers and keeps the settings; absent fields keep their value; days come back Monday first', async () => {
    const { token } = await patient()
    const res = await save(token, { protein: true, water: true, time: '07:30', days: ['fri', 'mon'], time_zone: 'America/New_York' })
    expect(res.json.message).toBe('Reminders Updated')
    expect(ok<Settings>(res)).toMatchObject({ protein: true, water: true, vitamins: false, time: '07:30', days: ['mon', 'fri'], time_zone: 'America/New_York' })
    ok(await save(token, { water: false }))
    expect(ok<Settings>(await provider.call('GET', 'v1/auth/reminders/', { token }))).toMatchObject({
      protein: true,
      water: false,
      time: '07:30',
      days: ['mon', 'fri'],
      time_zone: 'America/New_York',
    })
  })

  test('bad input: every field at once, clear messages', async () => {
    const { token } = await patient()
    const data = expectError(
      await save(token, { protein: 'yes', time: '25:00', days: ['someday'], time_zone: '+01:00', channel: 'sms' }),
      400,
      'Protein reminder must be true or false',
    )
    expect(data).toEqual({
      protein: ['Protein reminder must be true or false'],
      time: ['Time must be a time of day as HH:MM (24-hour), e.g. 08:30'],
      days: ['Days must only contain: mon, tue, wed, thu, fri, sat, sun'],
      time_zone: ['Time zone must be an IANA time zone name, e.g. Europe/Berlin'],
      channel: ['Channel must be one of: email'],
    })
    expect(expectError(await save(token, { vitamins: true, days: [] }), 400).days).toEqual(['Choose at least one day for your reminders'])
    // Follow-ups alone go on any day: no day needed.
    ok(await save(token, { follow_up: true, days: [] }))
    expectError(await save(token, { time_zone: 'Not/AZone' }), 400, 'Time zone must be an IANA time zone name, e.g. Europe/Berlin')
  })

  test('access: patients only their own (no id in the path); admin tokens refused; no token refused', async () => {
    expectError(await provider.call('GET', 'v1/auth/reminders/'), 401)
    expectError(await provider.call('GET', 'v1/auth/reminders/', { token: superAdmin }), 401, 'Token is invalid or expired')
    expectError(await provider.call('PUT', 'v1/auth/reminders/', { token: standard, body: { protein: true } }), 401)
  })

  test('both admin roles read which reminders are on from the patient record, and cannot change them', async () => {
    const { id, token } = await patient()
    ok(await save(token, { weigh_in: true, follow_up: true, time: '18:00', time_zone: 'Europe/Berlin' }))
    for (const admin of [superAdmin, standard]) {
      const record = ok<{ reminders: Settings }>(await provider.call('GET', `v1/admin/patients/${id}/`, { token: admin }))
      expect(record.reminders).toEqual({
        weigh_in: true,
        protein: false,
        water: false,
        vitamins: false,
        follow_up: true,
        time: '18:00',
        days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        time_zone: 'Europe/Berlin',
        channel: 'email',
      })
    }
    // There is no admin path that writes them; the patient path refuses an admin token.
    expect((await provider.call('PUT', `v1/admin/patients/${id}/reminders/`, { token: superAdmin, body: {} })).status).toBe(404)
  })
})

describe('the reminders job', () => {
  // A Wednesday in winter: New York is UTC−5, so 08:00 there is 13:00 UTC.
  const WEDNESDAY = '2026-11-25'

  test('due at the chosen time on the patient’s own clock, on chosen days only, once', async () => {
    const { email, token } = await patient()
    ok(await save(token, { protein: true, time: '08:00', days: ['wed'], time_zone: 'America/New_York' }))
    expect(await run(provider, `${WEDNESDAY}T12:59:00Z`)).toBe(0)
    expect(await run(provider, `${WEDNESDAY}T13:00:00Z`)).toBe(1)
    expect(await run(provider, `${WEDNESDAY}T13:05:00Z`)).toBe(0)
    // Thursday is not a chosen day; next Wednesday is.
    expect(await run(provider, '2026-11-26T13:00:00Z')).toBe(0)
    expect(await run(provider, '2026-12-02T13:10:00Z')).toBe(1)
    const mails = await reminderMails(email)
    expect(mails.map((mail) => mail.subject)).toEqual(['A nudge about protein today', 'A nudge about protein today'])
  })

  test('two runs at once (two API processes on PostgreSQL): one e-mail', async () => {
    const { email, token } = await patient()
    ok(await save(token, { water: true, time: '06:00', time_zone: 'Asia/Tokyo' }))
    // 06:00 in Tokyo (UTC+9) on Thursday the 26th is 21:00 UTC on the 25th.
    const now = `${WEDNESDAY}T21:02:00Z`
    const sent = await Promise.all([run(provider, now), run(second, now), run(provider, now), run(second, now)])
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(1)
    expect((await reminderMails(email)).filter((mail) => mail.subject === 'A nudge to drink water today')).toHaveLength(1)
    expect(await provider.db.all('SELECT slot FROM reminder_sends WHERE account_id = (SELECT id FROM accounts WHERE email = ?)', [email])).toEqual([
      { slot: '2026-11-26' },
    ])
  })

  test('nothing to unverified or deactivated accounts', async () => {
    const unverified = await patient({ state: 'unverified' })
    const deactivated = await patient()
    ok(await save(deactivated.token, { vitamins: true, time: '10:00' }))
    await provider.sql(
      `INSERT INTO reminder_preferences (account_id, vitamins, time_of_day, days, time_zone, updated_at)
       VALUES (?, true, '10:00', 127, 'UTC', now())`,
      unverified.id,
    )
    await provider.sql('UPDATE accounts SET deactivated_at = now() WHERE id = ?', deactivated.id)
    await run(provider, `${WEDNESDAY}T10:00:00Z`)
    expect(await reminderMails(unverified.email)).toEqual([])
    expect(await reminderMails(deactivated.email)).toEqual([])
  })

  test('the weekly weigh-in goes on the first chosen day of the week only', async () => {
    const { email, token } = await patient()
    ok(await save(token, { weigh_in: true, time: '07:00', days: ['wed', 'sat'] }))
    expect(await run(provider, `${WEDNESDAY}T07:00:00Z`)).toBe(1)
    expect(await run(provider, '2026-11-28T07:00:00Z')).toBe(0)
    expect((await reminderMails(email)).map((mail) => mail.subject)).toEqual(['Time for your weekly weigh-in'])
  })

  test('follow-ups: 7 days and 1 day before the milestone, whatever the chosen days', async () => {
    const { id, email, token } = await patient({ surgery_type: 'Sleeve Gastrectomy', surgery_days_ago: 30 })
    ok(await save(token, { follow_up: true, time: '09:00', days: [] }))
    const surgery = (await provider.db.get<{ day: string }>('SELECT surgery_date::text AS day FROM patient_summaries WHERE account_id = ?', [id]))!.day
    expect(surgery).toBe(addDays(todayUtc(), -30))
    const visit = addDays(surgery, 42)
    expect(await run(provider, `${addDays(visit, -8)}T09:00:00Z`)).toBe(0)
    expect(await run(provider, `${addDays(visit, -7)}T09:00:00Z`)).toBe(1)
    expect(await run(provider, `${addDays(visit, -1)}T09:30:00Z`)).toBe(1)
    expect(await run(provider, `${visit}T09:00:00Z`)).toBe(0)
    const mails = (await reminderMails(email)).reverse()
    expect(mails.map((mail) => mail.subject)).toEqual(['Your 6-week follow-up is in 7 days', 'Your 6-week follow-up is tomorrow'])
    expect(mails[0].text).toContain(`Your 6-week follow-up is in 7 days, on ${visit}.`)
  })
})

describe('the e-mail and its unsubscribe link', () => {
  test('no health figures; List-Unsubscribe headers; GET reads, POST (one click) turns the kind off', async () => {
    const { email, token } = await patient({ weights: [{ days_ago: 1, kg: 97.3 }] })
    ok(await save(token, { protein: true, water: true, time: '12:00' }))
    expect(await run(provider, '2026-11-25T12:00:00Z')).toBe(2)
    const mail = (await reminderMails(email)).find((m) => m.subject === 'A nudge about protein today')!
    // Links left out: their random tokens can spell 'lbs' or '97'.
    expect(mail.text.replace(/https?:\/\/\S+/g, '')).not.toMatch(/97|kg|lbs|\bg\b/)
    const url = mail.links[0]
    expect(url).toMatch(/^http:\/\/app\.test:3000\/reminders\/unsubscribe\?token=/)
    expect(mail.text).toContain(url)
    // The header's address is the one-click one, with the same token.
    const oneClick = url.replace('/reminders/unsubscribe?', '/reminders/one-click?')
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })

    const linkToken = new URL(url).searchParams.get('token')!
    // No sign-in: the token alone. GET changes nothing.
    const checked = await provider.call('GET', `v1/reminders/unsubscribe/?token=${encodeURIComponent(linkToken)}`)
    expect(ok(checked)).toEqual({ kind: 'protein', on: true })
    expect(ok<Settings>(await provider.call('GET', 'v1/auth/reminders/', { token })).protein).toBe(true)
    const done = await provider.call('POST', 'v1/reminders/unsubscribe/', { body: { token: linkToken } })
    expect(done.json.message).toBe('Reminder turned off.')
    expect(ok(done)).toEqual({ kind: 'protein', on: false })
    const after = ok<Settings>(await provider.call('GET', 'v1/auth/reminders/', { token }))
    expect([after.protein, after.water]).toEqual([false, true])
    expect((await provider.call('POST', 'v1/reminders/unsubscribe/', { body: { token: linkToken } })).json.message).toBe(
      'This reminder was already off.',
    )
  })

  test('a forged, altered or missing token is refused with a clear message', async () => {
    const { id } = await patient()
    const forged = `${id}.protein.${'A'.repeat(43)}`
    for (const bad of [forged, 'nonsense', '', `${id}.water.${'x'.repeat(43)}`]) {
      expectError(await provider.call('POST', 'v1/reminders/unsubscribe/', { body: { token: bad } }), 400, 'This unsubscribe link is not valid.')
      expectError(await provider.call('GET', `v1/reminders/unsubscribe/?token=${encodeURIComponent(bad)}`), 400, 'This unsubscribe link is not valid.')
    }
    expectError(await provider.call('POST', 'v1/reminders/unsubscribe/', { body: {} }), 400, 'This unsubscribe link is not valid.')
  })
})
