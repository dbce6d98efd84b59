import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test'
import { adminToken, seedPatients, uniquePrefix, type SeededPatient } from './support/admin-patients'
import { E2E_PORT } from './support/constants'
import { createCustomer, customerToken, providerCall } from './support/provider'
import { otherRoleAdminCookie } from './support/session'
import { storageStateFor } from './support/sessions'

// The access matrix for the admin dashboard, patients and alerts: every new screen and action in the
// app, and every new provider endpoint, for each kind of visitor. The provider checks roles itself:
// a customer's token or none never reaches patient data, even when called directly.

const baseURL = `http://localhost:${E2E_PORT}`
const PERSONAS = ['anonymous', 'customer', 'Standard Admin', 'Super Admin', 'other role admin'] as const
type Persona = (typeof PERSONAS)[number]
type Outcome = number | `→${string}`

let patient: SeededPatient
const contexts = new Map<Persona, APIRequestContext>()

test.beforeAll(async () => {
  ;[patient] = await seedPatients(uniquePrefix('Acc'), [{ weights: [{ days_ago: 12, kg: 100 }], meals: [] }])
  contexts.set('anonymous', await playwrightRequest.newContext({ baseURL }))
  contexts.set(
    'customer',
    await playwrightRequest.newContext({
      baseURL,
      storageState: await storageStateFor('customer-onboarded'),
    }),
  )
  contexts.set(
    'Standard Admin',
    await playwrightRequest.newContext({ baseURL, storageState: await storageStateFor('standard-admin') }),
  )
  contexts.set(
    'Super Admin',
    await playwrightRequest.newContext({ baseURL, storageState: await storageStateFor('super-admin') }),
  )
  const cookie = await otherRoleAdminCookie()
  contexts.set(
    'other role admin',
    await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { Cookie: `${cookie.name}=${cookie.value}` },
    }),
  )
})
test.afterAll(async () => {
  for (const context of contexts.values()) await context.dispose()
})

async function outcome(
  persona: Persona,
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string>,
): Promise<Outcome> {
  const context = contexts.get(persona)!
  const response =
    method === 'GET'
      ? await context.get(path, { maxRedirects: 0 })
      : await context.post(path, { maxRedirects: 0, form })
  const status = response.status()
  if (status >= 300 && status < 400) {
    const location = new URL(response.headers()['location'] ?? '', 'http://app.invalid')
    return `→${location.pathname}${location.search}`
  }
  return status
}

const signIn = (path: string): Outcome => `→/admin/signin?redirectTo=${encodeURIComponent(path)}`

test('the screens: admins in, everyone else to sign-in or not-authorized', async () => {
  const paths = [
    '/admin/dashboard',
    '/admin/patients?q=Acc&sort=twl&dir=desc',
    `/admin/patient/${patient.id}`,
  ]
  for (const path of paths) {
    const expected: Record<Persona, Outcome> = {
      anonymous: signIn(path),
      customer: signIn(path),
      'Standard Admin': 200,
      'Super Admin': 200,
      'other role admin': '→/not-authorized',
    }
    for (const persona of PERSONAS)
      expect(await outcome(persona, 'GET', path), `${persona} GET ${path}`).toBe(expected[persona])
  }
})

test('the acknowledge action guards itself: a direct POST never reaches the provider without an admin', async () => {
  const path = `/admin/patient/${patient.id}`
  const form = { intent: 'acknowledge', alertId: '1', note: '' }
  const expected: Record<Persona, Outcome> = {
    anonymous: signIn(path),
    customer: signIn(path),
    // An empty note is refused by the app's own validation.
    'Standard Admin': 400,
    'Super Admin': 400,
    'other role admin': '→/not-authorized',
  }
  for (const persona of PERSONAS)
    expect(await outcome(persona, 'POST', path, form), `${persona} POST`).toBe(expected[persona])
})

test('the provider endpoints: 401 without an admin token, for both admin roles otherwise', async () => {
  const customer = await createCustomer()
  const tokens: Record<string, string | undefined> = {
    none: undefined,
    customer: await customerToken(customer.email, customer.password),
    garbage: 'not-a-token',
    standard: await adminToken('standard'),
    super: await adminToken('super'),
  }
  const today = new Date().toISOString().slice(0, 10)
  const reads = [
    'v1/admin/dashboard/',
    'v1/admin/patients/',
    `v1/admin/patients/${patient.id}/`,
    `v1/admin/patients/${patient.id}/entries/?to=${today}`,
    `v1/admin/alerts/?patient=${patient.id}`,
  ]
  for (const path of reads) {
    for (const [who, token] of Object.entries(tokens)) {
      const { status } = await providerCall('GET', path, { token })
      expect(status, `${who} GET ${path}`).toBe(who === 'standard' || who === 'super' ? 200 : 401)
    }
  }
  // Acknowledging: refused before anything is read for non-admins, then done once by an admin.
  const { json } = await providerCall<{ items: { id: number }[] }>(
    'GET',
    `v1/admin/alerts/?patient=${patient.id}&status=open`,
    {
      token: tokens.standard,
    },
  )
  const alertId = json.content.items[0].id
  const path = `v1/admin/alerts/${alertId}/acknowledge/`
  for (const who of ['none', 'customer', 'garbage']) {
    expect((await providerCall('POST', path, { token: tokens[who], body: { note: 'x' } })).status, who).toBe(
      401,
    )
  }
  expect((await providerCall('POST', path, { token: tokens.super, body: { note: 'Seen.' } })).status).toBe(
    200,
  )
  expect(
    (await providerCall('POST', path, { token: tokens.standard, body: { note: 'Again.' } })).status,
  ).toBe(409)
})
