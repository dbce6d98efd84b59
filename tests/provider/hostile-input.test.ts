// Input a client should never be able to turn into something else: an e-mail field that names more
// than one recipient, a display name or a header; NUL bytes and lone surrogates that the database
// cannot store; negative measurements. Each answer is a 400 with a sentence, never a 500.
import { beforeAll, describe, expect, test } from 'vitest'
import { GOOD_PASSWORD, PROFILE_STEPS, SUPER } from '../support/fixtures'
import { adminToken, completeProfile, expectError, uniqueEmail, useTestProvider, verifiedCustomer } from './helpers'

const provider = useTestProvider()
let superToken: string
beforeAll(async () => {
  superToken = await adminToken(provider, SUPER)
})

const EMAIL_INVALID = 'Please enter a valid email address'

/** The probe's recipient injections, and their near relatives. */
const HOSTILE_EMAILS = [
  'atk@example.test,victim@example.org',
  'atk@example.test;victim@example.org',
  '"Boss"<atk2@example.test>;cc2@example.org',
  'Boss <atk2@example.test>',
  'nel@example.test\u0085bcc:nelbcc@example.org',
  'a@example.test\r\nBcc: victim@example.org',
  'josé@example.org',
]

async function outboxRecipients(): Promise<string[]> {
  const outbox = await provider.call('GET', '__dev/outbox/')
  return (outbox.json.content as { to: string }[]).map((mail) => mail.to)
}

describe('one address per e-mail field: sign-up, resend, forgot, sign-in, invitations', () => {
  test.each(HOSTILE_EMAILS)('%j is refused with the field message and nothing is mailed', async (email) => {
    const calls = [
      provider.call('POST', 'v1/auth/signup/', { body: { email, password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD } }),
      provider.call('POST', 'v1/auth/resend-verify-email/', { body: { email } }),
      provider.call('POST', 'v1/auth/forgot_password/', { body: { email, portal: 'customer' } }),
      provider.call('POST', 'v1/auth/login/', { body: { email, password: GOOD_PASSWORD } }),
      provider.call('POST', 'v1/admin/login/', { body: { email, password: GOOD_PASSWORD } }),
      provider.call('POST', 'v1/admin/admins/invite/', {
        token: superToken,
        body: { email, full_name: 'Ivy Invited', role: 'Standard Admin' },
      }),
    ]
    for (const res of await Promise.all(calls)) expect(expectError(res, 400).email).toEqual([EMAIL_INVALID])
    const recipients = await outboxRecipients()
    for (const part of ['victim@example.org', 'nelbcc@example.org', 'cc2@example.org', email.toLowerCase()]) {
      expect(recipients.some((to) => to.includes(part))).toBe(false)
    }
  })

  test('an ordinary address still signs up and is mailed once, to itself', async () => {
    const email = uniqueEmail('plain')
    const res = await provider.call('POST', 'v1/auth/signup/', { body: { email, password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD } })
    expect(res.status, res.text).toBe(201)
    expect((await outboxRecipients()).filter((to) => to === email)).toHaveLength(1)
  })
})

describe('NUL bytes and lone surrogates: a 400 with a sentence, before any handler or query', () => {
  const UNSTORABLE = 'Text must not contain NUL characters or unpaired surrogates'
  let patient: string
  let alertId: number
  beforeAll(async () => {
    patient = (await verifiedCustomer(provider)).access
    await completeProfile(provider, patient)
    const seeded = await provider.call('POST', '__dev/seed-patients/', {
      body: { prefix: 'Nul', patients: [{ surgery_type: 'Duodenal Switch', weights: [{ days_ago: 12, kg: 100 }], meals: [] }] },
    })
    const [{ id }] = seeded.json.content as { id: number }[]
    const open = await provider.call('GET', `v1/admin/alerts/?status=open&patient=${id}`, { token: superToken })
    alertId = (open.json.content as { items: { id: number }[] }).items[0].id
  })

  const bodies = (bad: string) => [
    { method: 'POST', path: 'v1/auth/login/', body: { email: `a${bad}b@x.test`, password: GOOD_PASSWORD }, field: 'email' },
    { method: 'POST', path: 'v1/admin/login/', body: { email: `a${bad}b@x.test`, password: GOOD_PASSWORD }, field: 'email' },
    { method: 'POST', path: 'v1/auth/login/', body: { email: 'a@x.test', password: `Pass${bad}word1!` }, field: 'password' },
    {
      method: 'POST',
      path: 'v1/auth/signup/',
      body: { email: `a${bad}b@x.test`, password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD },
      field: 'email',
    },
    { method: 'POST', path: 'v1/auth/forgot_password/', body: { email: `a${bad}b@x.test`, portal: 'customer' }, field: 'email' },
    { method: 'POST', path: 'v1/auth/resend-verify-email/', body: { email: `a${bad}b@x.test` }, field: 'email' },
    { method: 'POST', path: () => `v1/admin/alerts/${alertId}/acknowledge/`, body: { note: `a${bad}b` }, field: 'note', admin: true },
    { method: 'POST', path: 'v1/auth/entries/weight/', body: { date: '2026-01-05', weight: 80, note: `a${bad}b` }, field: 'note' },
    { method: 'POST', path: 'v1/auth/entries/meal/', body: { date: '2026-01-05', time: '08:00', meal_type: 'breakfast', protein_g: 20, description: `a${bad}` }, field: 'description' },
    { method: 'PUT', path: 'v1/auth/profile/personal/', body: { ...PROFILE_STEPS.personal, city: `a${bad}b` }, field: 'city' },
    { method: 'PUT', path: 'v1/auth/profile/medical/', body: { ...PROFILE_STEPS.medical, allergies: `a${bad}b` }, field: 'allergies' },
    { method: 'PUT', path: 'v1/auth/profile/bariatric/', body: { ...PROFILE_STEPS.bariatric, hospital_name: `a${bad}b` }, field: 'hospital_name' },
    { method: 'PUT', path: 'v1/auth/profile/device/', body: { ...PROFILE_STEPS.device, wearable_type: `a${bad}b` }, field: 'wearable_type' },
    // A key, and a value nested in a list, count too.
    { method: 'PUT', path: 'v1/auth/profile/medical/', body: { ...PROFILE_STEPS.medical, [`x${bad}`]: 1 }, field: `x${bad}` },
    { method: 'PUT', path: 'v1/auth/profile/medical/', body: { ...PROFILE_STEPS.medical, pre_existing_conditions: [`a${bad}`] }, field: 'pre_existing_conditions' },
  ]

  test.each([
    ['NUL', '\u0000'],
    ['a lone high surrogate', '\uD800'],
    ['a lone low surrogate', '\uDC00'],
  ])('%s in a JSON body: 400, the sentence, under the field', async (_name, bad) => {
    for (const { method, path, body, field, admin } of bodies(bad)) {
      const res = await provider.call(method, typeof path === 'function' ? path() : path, { token: admin ? superToken : patient, body })
      expect(res.status, `${method} ${String(path)} ${res.text}`).toBe(400)
      expect(res.json).toEqual({ message: UNSTORABLE, data: { [field]: [UNSTORABLE] } })
    }
  })

  test('the same in a query string: the admin search, the verify link, the entries range', async () => {
    for (const [path, token] of [
      ['v1/admin/patients/?q=a%00b', superToken],
      ['v1/auth/verify-email-token/?token=a%00b&email=a%40b.co', undefined],
      ['v1/auth/entries/?from=2026-01-01%00&to=2026-01-05', patient],
    ] as const) {
      const res = await provider.call('GET', path, { token })
      expect(res.status, `${path} ${res.text}`).toBe(400)
      expect(res.json.message).toBe(UNSTORABLE)
    }
    // A surrogate's UTF-8 spelling is not UTF-8: the decoder makes it U+FFFD, plain text.
    const replaced = await provider.call('GET', 'v1/admin/patients/?q=a%ED%A0%80b', { token: superToken })
    expect(replaced.status, replaced.text).toBe(200)
  })

  test('a surrogate pair (an emoji) is ordinary text', async () => {
    const res = await provider.call('POST', 'v1/auth/entries/weight/', { token: patient, body: { date: '2026-01-06', weight: 80, note: 'fine \uD83D\uDE00' } })
    expect(res.status, res.text).toBe(201)
  })
})

describe('negative numbers are refused with the field message', () => {
  let patient: string
  beforeAll(async () => {
    patient = (await verifiedCustomer(provider)).access
  })

  test('height and weights in the profile, every health-log number, the daily targets', async () => {
    const cases = [
      ['PUT', 'v1/auth/profile/personal/', { ...PROFILE_STEPS.personal, height: -170, initial_weight: -80 }, ['height', 'initial_weight']],
      ['PUT', 'v1/auth/profile/bariatric/', { ...PROFILE_STEPS.bariatric, pre_surgery_weight: -125, goal_weight: -80 }, ['pre_surgery_weight', 'goal_weight']],
      ['POST', 'v1/auth/entries/weight/', { date: '2026-01-05', weight: -80 }, ['weight']],
      ['POST', 'v1/auth/entries/sleep/', { date: '2026-01-05', hours: -7, quality: 3 }, ['hours']],
      ['POST', 'v1/auth/entries/meal/', { date: '2026-01-05', time: '08:00', meal_type: 'breakfast', protein_g: -20, calories: -300 }, ['protein_g', 'calories']],
      ['POST', 'v1/auth/entries/water/', { date: '2026-01-05', ml: -250 }, ['ml']],
      ['PUT', 'v1/auth/profile/preferences/', { protein_target_g: -60, water_target_ml: -2000, sleep_target_h: -8 }, ['protein_target_g', 'water_target_ml', 'sleep_target_h']],
    ] as const
    for (const [method, path, body, fields] of cases) {
      const data = expectError(await provider.call(method, path, { token: patient, body }), 400)
      for (const field of fields) expect(data[field], `${path} ${field}`).toEqual([expect.stringMatching(/ must be between /)])
    }
  })
})
