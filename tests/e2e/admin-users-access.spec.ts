import { expect, test, type APIRequestContext } from '@playwright/test'
import { adminToken, createAdmin } from './support/admin-users'
import { createCustomer, customerToken, providerCall, receivedRequests, uniqueEmail } from './support/provider'
import { storageStateFor, type SessionKind } from './support/sessions'

// The admin-users access matrix: every new screen, action and provider endpoint of users,
// audit and reports, for no session, a patient, a Standard Admin and a Super Admin — including
// direct POSTs that skip the screens, and direct provider calls that skip the app.

type Who = 'anonymous' | Extract<SessionKind, 'customer-onboarded' | 'standard-admin' | 'super-admin'>
const WHO: Who[] = ['anonymous', 'customer-onboarded', 'standard-admin', 'super-admin']

async function requestAs(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }, who: Who, baseURL: string) {
  return playwright.request.newContext({
    baseURL,
    storageState: who === 'anonymous' ? undefined : await storageStateFor(who),
  })
}

const where = (location: string | undefined) => new URL(location ?? '', 'http://x').pathname

test.describe('app routes', () => {
  const PAGES: { path: string; allowed: Who[] }[] = [
    { path: '/admin/users', allowed: ['super-admin'] },
    { path: '/admin/users?tab=audit', allowed: ['super-admin'] },
    { path: '/admin/reports', allowed: ['standard-admin', 'super-admin'] },
  ]
  for (const { path, allowed } of PAGES) {
    for (const who of WHO) {
      test(`GET ${path} as ${who}`, async ({ playwright, baseURL }) => {
        const api = await requestAs(playwright, who, baseURL!)
        const response = await api.get(path, { maxRedirects: 0 })
        if (allowed.includes(who)) expect(response.status()).toBe(200)
        else {
          expect(response.status()).toBe(302)
          expect(where(response.headers().location)).toBe(who === 'standard-admin' ? '/not-authorized' : '/admin/signin')
        }
        await api.dispose()
      })
    }
  }

  const USER_ACTIONS: Record<string, string>[] = [
    { intent: 'invite', full_name: 'Mallory', email: 'will-be-replaced', role: 'Super Admin' },
    { intent: 'role', id: 'ID', name: 'x', role: 'Super Admin' },
    { intent: 'deactivate', id: 'ID', name: 'x' },
    { intent: 'reactivate', id: 'ID', name: 'x' },
  ]
  for (const who of ['anonymous', 'customer-onboarded', 'standard-admin'] as const) {
    test(`POST /admin/users (every intent) as ${who} is refused and never reaches the provider`, async ({ playwright, baseURL }) => {
      const target = await createAdmin('Standard Admin', 'p13a-target')
      const api = await requestAs(playwright, who, baseURL!)
      const before = (await receivedRequests())[0]?.id ?? 0
      const invited: string[] = []
      for (const form of USER_ACTIONS) {
        const email = form.email ? uniqueEmail('p13a-mallory') : null
        if (email) invited.push(email)
        const body = { ...form, ...(form.id ? { id: String(target.id) } : {}), ...(email ? { email } : {}) }
        const response = await api.post('/admin/users', { form: body, maxRedirects: 0 })
        expect(response.status(), form.intent).toBe(302)
        expect(where(response.headers().location)).toBe(who === 'standard-admin' ? '/not-authorized' : '/admin/signin')
      }
      const reached = (await receivedRequests()).filter((r) => r.id > before && /^\/?v1\/admin\/admins\//.test(r.path))
      // Other tests invite admins on the same provider at the same time: look only for ours.
      const ours = (r: (typeof reached)[number]) =>
        r.path.includes(`/${target.id}/`) || (r.path.endsWith('invite/') && invited.includes(String(r.body?.email)))
      expect(reached.filter(ours)).toEqual([])
      const admins = await providerCall<{ id: number; role: string; status: string }[]>('GET', 'v1/admin/admins/', { token: await adminToken('super') })
      expect(admins.json.content.find((a) => a.id === target.id)).toMatchObject({ role: 'Standard Admin', status: 'active' })
      await api.dispose()
    })
  }

  test('POST /admin/reports/export: sign-in for no session or a patient; identified only for a Super Admin', async ({ playwright, baseURL }) => {
    for (const who of ['anonymous', 'customer-onboarded'] as const) {
      const api = await requestAs(playwright, who, baseURL!)
      const response = await api.post('/admin/reports/export', { form: { dataset: 'patients', mode: 'deidentified' }, maxRedirects: 0 })
      expect(response.status()).toBe(302)
      expect(where(response.headers().location)).toBe('/admin/signin')
      await api.dispose()
    }
    const standard = await requestAs(playwright, 'standard-admin', baseURL!)
    const refused = await standard.post('/admin/reports/export', { form: { dataset: 'entries', mode: 'identified' }, maxRedirects: 0 })
    expect(refused.status()).toBe(302)
    expect(where(refused.headers().location)).toBe('/admin/reports')
    const allowed = await standard.post('/admin/reports/export', { form: { dataset: 'patients', mode: 'deidentified', procedure: 'Other' }, maxRedirects: 0 })
    expect(allowed.status()).toBe(200)
    expect(allowed.headers()['content-type']).toContain('text/csv')
    expect(allowed.headers()['cache-control']).toBe('no-store')
    await standard.dispose()
    const superAdmin = await requestAs(playwright, 'super-admin', baseURL!)
    const identified = await superAdmin.post('/admin/reports/export', { form: { dataset: 'patients', mode: 'identified', procedure: 'Other' }, maxRedirects: 0 })
    expect(identified.status()).toBe(200)
    expect((await identified.text()).split('\r\n')[0]).toContain('full_name')
    // A GET (a link, a prefetch) never exports.
    const get = await superAdmin.get('/admin/reports/export?dataset=patients&mode=identified', { maxRedirects: 0 })
    expect(get.status()).toBe(302)
    expect(where(get.headers().location)).toBe('/admin/reports')
    await superAdmin.dispose()
  })
})

test.describe('provider endpoints', () => {
  type Expect = { none: number; customer: number; standard: number; super: number }
  const ENDPOINTS: { method: string; path: (id: number) => string; body?: object; expect: Expect }[] = [
    { method: 'GET', path: () => 'v1/admin/admins/', expect: { none: 401, customer: 401, standard: 403, super: 200 } },
    { method: 'POST', path: () => 'v1/admin/admins/invite/', body: { email: '', full_name: '', role: '' }, expect: { none: 401, customer: 401, standard: 403, super: 400 } },
    { method: 'PUT', path: (id) => `v1/admin/admins/${id}/role/`, body: { role: 'Standard Admin' }, expect: { none: 401, customer: 401, standard: 403, super: 200 } },
    { method: 'POST', path: (id) => `v1/admin/admins/${id}/deactivate/`, expect: { none: 401, customer: 401, standard: 403, super: 200 } },
    { method: 'POST', path: (id) => `v1/admin/admins/${id}/reactivate/`, expect: { none: 401, customer: 401, standard: 403, super: 200 } },
    { method: 'GET', path: () => 'v1/admin/audit-events/', expect: { none: 401, customer: 401, standard: 403, super: 200 } },
    { method: 'GET', path: () => 'v1/admin/reports/summary/', expect: { none: 401, customer: 401, standard: 200, super: 200 } },
    { method: 'GET', path: () => 'v1/admin/exports/patients/?mode=deidentified&procedure=Other', expect: { none: 401, customer: 401, standard: 200, super: 200 } },
    { method: 'GET', path: () => 'v1/admin/exports/entries/?mode=deidentified&procedure=Other', expect: { none: 401, customer: 401, standard: 200, super: 200 } },
    { method: 'GET', path: () => 'v1/admin/exports/patients/?mode=identified&procedure=Other', expect: { none: 401, customer: 401, standard: 403, super: 200 } },
    { method: 'GET', path: () => 'v1/admin/exports/entries/?mode=identified&procedure=Other', expect: { none: 401, customer: 401, standard: 403, super: 200 } },
  ]

  test('each endpoint for no token, a patient token, a Standard Admin and a Super Admin', async () => {
    const target = await createAdmin('Super Admin', 'p13a-matrix')
    const patient = await createCustomer()
    const tokens = {
      none: undefined,
      customer: await customerToken(patient.email, patient.password),
      standard: await adminToken('standard'),
      super: await adminToken('super'),
    }
    for (const endpoint of ENDPOINTS) {
      for (const who of ['none', 'customer', 'standard', 'super'] as const) {
        const { status } = await providerCall(endpoint.method, endpoint.path(target.id), { token: tokens[who], body: endpoint.body })
        expect(status, `${endpoint.method} ${endpoint.path(target.id)} as ${who}`).toBe(endpoint.expect[who])
      }
    }
  })
})
