import { expect, test, type APIRequestContext } from '@playwright/test'
import { E2E_PORT, PROVIDER_URL } from './support/constants'
import { isoDaysFromToday, usDate } from './support/log-data'
import { outbox, receivedRequests, uniqueEmail } from './support/provider'
import { requestContexts } from './support/sessions'

// Input meant to be something else: an e-mail field naming more recipients, a display name or a
// header; NUL bytes and lone surrogates the database cannot store; negative measurements. Every
// form and API route answers with a field message or a 400 sentence, never a 500 or a 502, and
// nothing is mailed to an address the attacker added.

const baseURL = `http://localhost:${E2E_PORT}`
const EMAIL_INVALID = 'Please enter a valid email address'
const UNSTORABLE = 'Text must not contain NUL characters or unpaired surrogates'
const STACK = /\n\s+at .+:\d+:\d+|node_modules|TypeError|ReferenceError/

const HOSTILE_EMAILS = [
  'atk@example.test,victim@example.org',
  'atk@example.test;victim@example.org',
  '"Boss"<atk2@example.test>;cc2@example.org',
  'nel@example.test\u0085bcc:nelbcc@example.org',
  'a\u0000b@x.test',
]
const ADDED_RECIPIENTS = ['victim@example.org', 'cc2@example.org', 'nelbcc@example.org']

const contextFor = requestContexts(baseURL)
test.describe.configure({ mode: 'parallel' })

/** A form post as a browser without JavaScript sends it; the answer is the page, rendered. */
async function post(api: APIRequestContext, path: string, form: Record<string, string>) {
  const response = await api.post(path, { form, maxRedirects: 0 })
  const text = await response.text()
  expect(text, path).not.toMatch(STACK)
  return { status: response.status(), text }
}

/** The sign-up form's hidden fields (the honeypot and its time stamp), as the page renders them. */
async function signUpFields(api: APIRequestContext): Promise<Record<string, string>> {
  const html = await (await api.get('/customer/signup')).text()
  const fields: Record<string, string> = {}
  for (const match of html.matchAll(/<input[^>]*name="(\w+__confirm)"[^>]*value="([^"]*)"[^>]*>/g)) {
    fields[match[1]] = match[2].replace(/&quot;/g, '"').replace(/&amp;/g, '&')
  }
  return fields
}

async function expectNothingMailedToAddedRecipients() {
  const recipients = (await outbox()).map((mail) => mail.to)
  for (const added of ADDED_RECIPIENTS) expect(recipients.filter((to) => to.includes(added))).toEqual([])
}

test.describe('e-mail fields take one address', () => {
  for (const email of HOSTILE_EMAILS) {
    test(`${JSON.stringify(email)}: sign-in, sign-up, resend, forgot and invitation answer the field message`, async () => {
      const visitor = await contextFor()
      for (const path of ['/customer/signin', '/admin/signin']) {
        const answer = await post(visitor, path, { email, password: 'Whatever#1' })
        expect(answer.status, path).toBe(400)
        expect(answer.text, path).toContain(EMAIL_INVALID)
      }
      for (const path of ['/customer/forgot-password', '/admin/forgot-password']) {
        const answer = await post(visitor, path, { email })
        expect(answer.status, path).toBe(400)
        expect(answer.text, path).toContain(EMAIL_INVALID)
      }
      const hidden = await signUpFields(visitor)
      const signUp = await post(visitor, '/customer/signup', {
        ...hidden,
        email,
        password: 'Patient#123',
        confirmPassword: 'Patient#123',
        agreeToTerms: 'on',
      })
      expect(signUp.status).toBe(400)
      expect(signUp.text).toContain(EMAIL_INVALID)
      const resend = await post(visitor, '/customer/signup', { ...hidden, intent: 'resend', email })
      expect(resend.status).toBe(400)
      expect(resend.text).toContain(EMAIL_INVALID)

      const superAdmin = await contextFor('super-admin')
      const invite = await post(superAdmin, '/admin/users', { intent: 'invite', email, full_name: 'Ivy Invited', role: 'Standard Admin' })
      expect(invite.status).toBe(400)
      expect(invite.text).toContain(EMAIL_INVALID)

      // Refused before the API: it never heard of the address.
      expect((await receivedRequests()).filter((r) => JSON.stringify(r.body ?? {}).includes('example.test,'))).toEqual([])
      await expectNothingMailedToAddedRecipients()
    })
  }
})

test.describe('NUL bytes and negative numbers in forms give field messages', () => {
  const personal = {
    step: '1',
    full_name: 'Pat Example',
    phone_number: '5551234567',
    date_of_birth: '06/15/1985',
    gender: 'F',
    height_unit: 'cm',
    height: '170',
    initial_weight: '80',
    weight_unit: 'kg',
    address_line1: '1 Main Street',
    address_line2: '',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
  }

  test('sign-in with email=a%00b@x.test: the field message, not a 502', async () => {
    const visitor = await contextFor()
    const response = await visitor.post('/customer/signin', {
      data: 'email=a%00b%40x.test&password=Whatever%231',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(400)
    expect(await response.text()).toContain(EMAIL_INVALID)
  })

  test('wizard step 1: height=-170&initial_weight=-80 is refused under both fields, nothing saved', async () => {
    const patient = await contextFor('customer-new')
    const answer = await post(patient, '/customer/profile-setup?step=1', { ...personal, height: '-170', initial_weight: '-80' })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('Height cannot be negative')
    expect(answer.text).toContain('Initial weight cannot be negative')
    const feet = await post(patient, '/customer/profile-setup?step=1', { ...personal, height_unit: 'ft-in', height: '', height_ft: '-5', height_in: '7' })
    expect(feet.status).toBe(400)
    expect(feet.text).toContain('Height cannot be negative')
  })

  test('wizard step 1 and 3: a NUL in a text field comes back as that field\'s message; negative weights refused', async () => {
    const patient = await contextFor('customer-new')
    const city = await post(patient, '/customer/profile-setup?step=1', { ...personal, city: 'Spring\u0000field' })
    expect(city.status).toBe(400)
    expect(city.text).toContain(UNSTORABLE)
    const later = await contextFor('customer-at-step-3')
    const bariatric = await post(later, '/customer/profile-setup?step=3', {
      step: '3',
      bariatric_status: 'yes',
      surgery_type: 'Sleeve Gastrectomy',
      surgery_date: '03/01/2026',
      pre_surgery_weight: '-125',
      pre_surgery_weight_unit: 'kg',
      goal_weight: '-80',
      goal_weight_unit: 'kg',
    })
    expect(bariatric.status).toBe(400)
    expect(bariatric.text).toContain('Pre-surgery weight cannot be negative')
    expect(bariatric.text).toContain('Goal weight cannot be negative')
    const hospital = await post(later, '/customer/profile-setup?step=3', {
      step: '3',
      bariatric_status: 'yes',
      surgery_type: 'Sleeve Gastrectomy',
      surgery_date: '03/01/2026',
      pre_surgery_weight: '125',
      pre_surgery_weight_unit: 'kg',
      hospital_name: 'General\u0000',
    })
    expect(hospital.status).toBe(400)
    expect(hospital.text).toContain(UNSTORABLE)
  })

  test('health log: negative numbers get the range message, a NUL in a note the sentence', async () => {
    const patient = await contextFor('customer-onboarded')
    const date = usDate(isoDaysFromToday(0))
    const cases: [Record<string, string>, string][] = [
      [{ kind: 'weight', weight: '-80', weight_unit: 'kg' }, 'Weight must be between'],
      [{ kind: 'sleep', hours: '-7', quality: '3' }, 'Hours of sleep must be between 0 and 24'],
      [{ kind: 'meal', time: '08:00', meal_type: 'breakfast', protein_g: '-20', calories: '-300' }, 'Protein must be between 0 and 300 g'],
      [{ kind: 'water', ml: '-250', water_unit: 'ml' }, 'Water must be between 0 and 10000 ml'],
      [{ kind: 'weight', weight: '80', weight_unit: 'kg', note: 'a\u0000b' }, UNSTORABLE],
    ]
    for (const [fields, message] of cases) {
      const answer = await post(patient, '/customer/log-data', { intent: 'create', date, ...fields })
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(answer.text, JSON.stringify(fields)).toContain(message)
    }
  })

  test('messages and the profile: a NUL is never a 500; the profile answers under the field', async () => {
    const patient = await contextFor('customer-onboarded')
    // A message's NUL is removed as the message is normalised (docs/decisions/160-messages-api.md).
    const message = await post(patient, '/customer/messages', { intent: 'send', body: 'hello\u0000there' })
    expect(message.status).toBeLessThan(500)
    const medical = await post(patient, '/customer/profile?tab=medical', {
      intent: 'medical',
      pre_existing_conditions: 'None',
      previous_weight_loss_attempts: 'None',
      allergies: 'pea\u0000nuts',
    })
    expect(medical.status).toBe(400)
    expect(medical.text).toContain(UNSTORABLE)
  })

  test('the admin search with ?q=%00 is not a 500', async () => {
    const admin = await contextFor('standard-admin')
    for (const path of ['/admin/patients?q=%00', '/admin/patients?q=a%00b&page=1', '/admin/messages?q=%00']) {
      const response = await admin.get(path, { maxRedirects: 0 })
      expect(response.status(), path).toBeLessThan(500)
      expect(await response.text(), path).not.toMatch(STACK)
    }
  })
})

// Every route of the API this suite knows, straight on its port: NUL and lone surrogates are a 400
// with the sentence whoever asks, before any handler (so before any token check, too).
const API_ROUTES: [string, string][] = [
  ['POST', 'v1/auth/login/'],
  ['POST', 'v1/auth/signup/'],
  ['POST', 'v1/auth/resend-verify-email/'],
  ['GET', 'v1/auth/verify-email-token/'],
  ['POST', 'v1/auth/forgot_password/'],
  ['POST', 'v1/auth/reset_password/submit/'],
  ['POST', 'v1/auth/token/refresh/'],
  ['POST', 'v1/auth/logout/'],
  ['GET', 'v1/auth/profile/'],
  ['PUT', 'v1/auth/profile/personal/'],
  ['PUT', 'v1/auth/profile/medical/'],
  ['PUT', 'v1/auth/profile/bariatric/'],
  ['PUT', 'v1/auth/profile/device/'],
  ['PUT', 'v1/auth/profile/preferences/'],
  ['POST', 'v1/auth/tour-completed/'],
  ['POST', 'v1/auth/change_password/'],
  ['GET', 'v1/auth/entries/'],
  ['POST', 'v1/auth/entries/weight/'],
  ['POST', 'v1/auth/entries/sleep/'],
  ['POST', 'v1/auth/entries/meal/'],
  ['POST', 'v1/auth/entries/water/'],
  ['POST', 'v1/auth/entries/vitamins/'],
  ['PUT', 'v1/auth/entries/weight/1/'],
  ['GET', 'v1/auth/trends/'],
  ['GET', 'v1/auth/record-export/'],
  ['GET', 'v1/auth/messages/'],
  ['POST', 'v1/auth/messages/'],
  ['POST', 'v1/auth/messages/read/'],
  ['GET', 'v1/auth/reminders/'],
  ['PUT', 'v1/auth/reminders/'],
  ['GET', 'v1/reminders/unsubscribe/'],
  ['POST', 'v1/reminders/unsubscribe/'],
  ['GET', 'v1/auth/devices/'],
  ['POST', 'v1/auth/devices/connect/'],
  ['POST', 'v1/auth/devices/complete/'],
  ['POST', 'v1/auth/devices/sync/'],
  ['POST', 'v1/auth/devices/disconnect/'],
  ['POST', 'v1/devices/withings/notify/'],
  ['POST', 'v1/admin/login/'],
  ['POST', 'v1/admin/login/mfa/'],
  ['POST', 'v1/admin/token/refresh/'],
  ['GET', 'v1/admin/profile/'],
  ['POST', 'v1/admin/change_password/'],
  ['GET', 'v1/admin/mfa/'],
  ['POST', 'v1/admin/mfa/setup/'],
  ['POST', 'v1/admin/mfa/confirm/'],
  ['GET', 'v1/admin/dashboard/'],
  ['GET', 'v1/admin/patients/'],
  ['GET', 'v1/admin/patients/1/'],
  ['GET', 'v1/admin/patients/1/entries/'],
  ['GET', 'v1/admin/patients/1/record-export/'],
  ['GET', 'v1/admin/patients/1/messages/'],
  ['POST', 'v1/admin/patients/1/messages/'],
  ['POST', 'v1/admin/patients/1/messages/read/'],
  ['POST', 'v1/admin/patients/1/messages/handled/'],
  ['GET', 'v1/admin/messages/'],
  ['GET', 'v1/admin/alerts/'],
  ['POST', 'v1/admin/alerts/1/acknowledge/'],
  ['GET', 'v1/admin/admins/'],
  ['POST', 'v1/admin/admins/invite/'],
  ['PUT', 'v1/admin/admins/1/role/'],
  ['POST', 'v1/admin/admins/1/deactivate/'],
  ['POST', 'v1/admin/admins/1/reactivate/'],
  ['POST', 'v1/admin/admins/1/mfa/reset/'],
  ['GET', 'v1/admin/audit-events/'],
  ['GET', 'v1/admin/reports/summary/'],
  ['GET', 'v1/admin/exports/patients/'],
]

test('every API route: NUL and lone surrogates in the body or query are a 400 with the sentence', async () => {
  test.setTimeout(60_000)
  const failures: string[] = []
  for (const [method, path] of API_ROUTES) {
    const tries: { query: string; body?: string }[] = [
      { query: '?q=a%00b' },
      { query: '?email=a%00b%40x.test&token=%00' },
    ]
    if (method !== 'GET') {
      tries.push(
        { query: '', body: '{"email":"a\\u0000b@x.test","note":"x","body":"y"}' },
        { query: '', body: '{"note":"a\\ud800b","password":"x"}' },
        { query: '', body: '{"nested":{"list":["ok","\\udc00"]}}' },
      )
    }
    for (const { query, body } of tries) {
      const response = await fetch(new URL(`${path}${query}`, PROVIDER_URL), {
        method,
        headers: { 'Content-Type': 'application/json' },
        body,
      })
      const json = (await response.json().catch(() => ({}))) as { message?: string }
      if (response.status !== 400 || json.message !== UNSTORABLE) {
        failures.push(`${method} ${path}${query} ${body ?? ''} → ${response.status} ${json.message}`)
      }
    }
  }
  expect(failures).toEqual([])
})

test('a fresh sign-up with an ordinary address is still mailed, once, to that address', async () => {
  const visitor = await contextFor()
  const email = uniqueEmail('plain')
  const answer = await post(visitor, '/customer/signup', {
    ...(await signUpFields(visitor)),
    email,
    password: 'Patient#123',
    confirmPassword: 'Patient#123',
    agreeToTerms: 'on',
  })
  expect(answer.status).toBe(302)
  await expect.poll(async () => (await outbox(email)).length).toBe(1)
})
