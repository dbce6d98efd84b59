import { expect, test } from '@playwright/test'
import { E2E_PORT } from './support/constants'
import { requestContexts, type SessionKind } from './support/sessions'

// Whatever a client posts or puts in a query string, the answer is never a 500 and never a
// stack trace. Table-driven over every action and every page.

const baseURL = `http://localhost:${E2E_PORT}`
const STACK = /\n\s+at .+:\d+:\d+|node_modules|TypeError|ReferenceError/

type Target = { path: string; as?: SessionKind }

const ACTIONS: Target[] = [
  { path: '/customer/signin' },
  { path: '/customer/signup' },
  { path: '/customer/forgot-password' },
  { path: '/customer/reset-password?token=abc' },
  { path: '/customer/verify-email?token=abc&email=a%40b.co' },
  { path: '/admin/signin' },
  { path: '/admin/forgot-password' },
  { path: '/admin/reset-password?token=abc' },
  { path: '/customer/profile-setup?step=1', as: 'customer-new' },
  { path: '/customer/profile-setup?step=2', as: 'customer-at-step-2' },
  { path: '/customer/profile-setup?step=3', as: 'customer-at-step-3' },
  { path: '/customer/profile-setup?step=4', as: 'customer-at-step-4' },
  { path: '/customer/log-data', as: 'customer-onboarded' },
  { path: '/customer/profile?tab=personal', as: 'customer-onboarded' },
  { path: '/customer/profile?tab=medical', as: 'customer-onboarded' },
  { path: '/customer/profile?tab=preferences', as: 'customer-onboarded' },
  { path: '/customer/change-password', as: 'customer-onboarded' },
  { path: '/resources/tour-completed', as: 'customer-onboarded' },
  { path: '/resources/sidebar', as: 'customer-onboarded' },
  { path: '/customer/signout', as: 'customer-onboarded' },
  { path: '/admin/change-password', as: 'standard-admin' },
  { path: '/admin/signout', as: 'standard-admin' },
]

const FORM = 'application/x-www-form-urlencoded'
const BODIES: { name: string; data: string; contentType?: string }[] = [
  { name: 'empty', data: '' },
  { name: 'unknown fields only', data: 'foo=bar&__proto__=x&constructor=y' },
  { name: 'repeated fields', data: 'email=a%40b.co&email=c%40d.co&password=x&password=y&intent=save&intent=delete' },
  { name: 'wrong types and odd intents', data: 'intent=%00%FF&step=NaN&height=1e309&weight=-0&kind=__proto__&id=..%2F..' },
  { name: 'malformed encoding', data: '%%%=%ZZ&email=%E0%A4%A' },
  { name: 'long values (100 KB)', data: `email=${'a'.repeat(50_000)}%40b.co&full_name=${'x'.repeat(50_000)}` },
  { name: 'JSON instead of a form', data: '{"email": ["x"], "password": {"$gt": ""}}', contentType: 'application/json' },
  { name: 'multipart', data: '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
  { name: 'text/plain', data: 'email=a', contentType: 'text/plain' },
  // The second security probe: NUL bytes, separators in e-mails and negative numbers in every
  // field the forms have (tests/e2e/hostile-input.spec.ts checks each form's field message).
  {
    name: 'NUL, e-mail separators and negative numbers',
    data:
      'email=atk%40example.test%2Cvictim%40example.org&password=a%00b&confirmPassword=a%00b&newPassword=a%00b' +
      '&full_name=a%00b&city=a%00&note=a%00b&body=a%00b&description=a%00&allergies=a%00&hospital_name=a%00' +
      '&height=-170&initial_weight=-80&pre_surgery_weight=-1&goal_weight=-1&weight=-80&ml=-1&hours=-1&protein_g=-1',
  },
  { name: 'a NUL-only e-mail', data: 'email=%00&password=%00' },
  { name: 'lone surrogates as JSON', data: '{"email":"\\ud800@x.co","note":"a\\u0000"}', contentType: 'application/json' },
]

// A fresh user per test: sign-out targets must not sign the next test's user out.
const contextFor = requestContexts(baseURL)

test.describe.configure({ mode: 'parallel' })

for (const target of ACTIONS) {
  test(`POST ${target.path}${target.as ? ` as ${target.as}` : ''}: odd bodies never cause a 500`, async () => {
    test.setTimeout(60_000)
    const api = await contextFor(target.as)
    for (const body of BODIES) {
      const response = await api.post(target.path, {
        data: body.data,
        headers: { 'Content-Type': body.contentType ?? FORM },
        maxRedirects: 0,
      })
      expect(response.status(), `${body.name}`).toBeLessThan(500)
      expect(await response.text(), `${body.name}`).not.toMatch(STACK)
      // The session is live, so the odd body reached the action itself (a lapsed session would
      // turn every POST into a redirect to sign-in, and the action would never run).
      if (target.as && !target.path.endsWith('/signout')) {
        expect(response.headers()['location'] ?? '', `${body.name}: still signed in`).not.toMatch(/\/signin/)
      }
    }
    const huge = await api.post(target.path, { form: { email: 'x'.repeat(1024 * 1024) }, maxRedirects: 0 })
    expect(huge.status(), '1 MB field').toBe(413)
  })
}

const PAGES: Target[] = [
  { path: '/customer/signin' },
  { path: '/customer/signup' },
  { path: '/customer/forgot-password' },
  { path: '/customer/reset-password' },
  { path: '/customer/verify-email' },
  { path: '/admin/signin' },
  { path: '/admin/reset-password' },
  { path: '/customer/profile-setup', as: 'customer-new' },
  { path: '/customer/dashboard', as: 'customer-onboarded' },
  { path: '/customer/log-data', as: 'customer-onboarded' },
  { path: '/customer/profile', as: 'customer-onboarded' },
  { path: '/admin/patient/abc', as: 'standard-admin' },
  { path: '/admin/users', as: 'super-admin' },
  { path: '/admin/patients', as: 'standard-admin' },
  { path: '/admin/messages', as: 'standard-admin' },
]
const QUERIES = [
  '?step=999',
  '?step=-1&step=2',
  '?tab=%00&tab=medical',
  '?week=not-a-date',
  '?week=9999-99-99',
  '?token=%ZZ&email=%',
  '?token=a&email=b&createPassword=maybe',
  '?redirectTo=%2F%2Fevil.example',
  '?edit=weight%3Aabc',
  '?confirmDelete=__proto__%3A1',
  `?sent=${'x'.repeat(5000)}`,
  '?q=%00&email=a%00b%40x.test&token=%00',
  '?sent=atk%40example.test%2Cvictim%40example.org&email=%22Boss%22%3Catk%40x.test%3E',
  '?week=-1&edit=weight%3A-1',
]

for (const target of PAGES) {
  test(`GET ${target.path}${target.as ? ` as ${target.as}` : ''}: odd query strings never cause a 500`, async () => {
    test.setTimeout(60_000)
    const api = await contextFor(target.as)
    for (const query of QUERIES) {
      const response = await api.get(`${target.path}${query}`, { maxRedirects: 0 })
      expect(response.status(), query).toBeLessThan(500)
      expect(await response.text(), query).not.toMatch(STACK)
    }
  })
}
