import { expect, test, type APIRequestContext, type Browser } from '@playwright/test'
import { E2E_PORT } from './support/constants'
import { createCustomer, DEMO_ADMINS, providerCall } from './support/provider'
import { otherRoleAdminCookie, readSessionCookie, signedSessionCookie } from './support/session'
import { signInAdmin, signInCustomer } from './support/sign-in'

// DESIGN.md §4's route table × every kind of visitor: the first answer of each route (its status,
// or where it redirects to) for each one. Visitors sign in through the real screens; only the
// admin with an unknown role is a signed session cookie, because the reference provider has no
// such account (see otherRoleAdminCookie).

const PERSONAS = ['anonymous', 'customer not onboarded', 'customer onboarded', 'Standard Admin', 'Super Admin', 'other role admin'] as const
type Persona = (typeof PERSONAS)[number]

/** 200 / 400 / 404, or '→/path' for a redirect (compared with the Location's path and query). */
type Outcome = 200 | 400 | 404 | `→${string}`
/** `endsOtherPortal`: a public auth screen, which signs the other portal out, in the API too. */
type Row = { path: string; expect: Record<Persona, Outcome>; endsOtherPortal?: boolean }

function row(path: string, ...outcomes: [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome]): Row {
  return { path, expect: Object.fromEntries(PERSONAS.map((p, i) => [p, outcomes[i]])) as Record<Persona, Outcome> }
}

const signIn = (portal: 'customer' | 'admin', from?: string): Outcome =>
  from ? `→/${portal}/signin?redirectTo=${encodeURIComponent(from)}` : `→/${portal}/signin`
const CUSTOMER_HOME: Outcome = '→/customer/dashboard'
const ADMIN_HOME: Outcome = '→/admin/dashboard'
const SETUP: Outcome = '→/customer/profile-setup'
const NOT_AUTHORIZED: Outcome = '→/not-authorized'

const publicCustomer = (path: string): Row => ({ ...row(path, 200, CUSTOMER_HOME, CUSTOMER_HOME, 200, 200, 200), endsOtherPortal: true })
const publicAdmin = (path: string): Row => ({ ...row(path, 200, 200, 200, ADMIN_HOME, ADMIN_HOME, ADMIN_HOME), endsOtherPortal: true })
const patientApp = (path: string) => row(path, signIn('customer', path), SETUP, 200, signIn('customer', path), signIn('customer', path), signIn('customer', path))
const adminPortal = (path: string) =>
  row(path, signIn('admin', path), signIn('admin', path), signIn('admin', path), 200, 200, NOT_AUTHORIZED)

const ROUTES: Row[] = [
  row('/', '→/customer/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin'),
  row('/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin'),
  row('/signup', '→/customer/signup', '→/customer/signup', '→/customer/signup', '→/customer/signup', '→/customer/signup', '→/customer/signup'),
  publicCustomer('/customer/signin'),
  publicCustomer('/customer/signup'),
  publicCustomer('/customer/forgot-password'),
  publicCustomer('/customer/reset-password?token=matrix'),
  publicCustomer('/customer/reset_password?token=matrix'),
  row('/customer/reset-password', '→/customer/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin'),
  row('/customer/verify-email', '→/customer/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin', '→/customer/signin'),
  row('/customer/profile-setup', signIn('customer', '/customer/profile-setup'), 200, CUSTOMER_HOME, signIn('customer', '/customer/profile-setup'), signIn('customer', '/customer/profile-setup'), signIn('customer', '/customer/profile-setup')),
  patientApp('/customer/dashboard'),
  patientApp('/customer/log-data'),
  patientApp('/customer/health-trends'),
  patientApp('/customer/connect-devices'),
  patientApp('/customer/profile'),
  patientApp('/customer/change-password'),
  patientApp('/customer/messages'),
  publicAdmin('/admin/signin'),
  publicAdmin('/admin/forgot-password'),
  publicAdmin('/admin/reset-password?token=matrix'),
  publicAdmin('/admin/reset_password?token=matrix'),
  publicAdmin('/admin/signup'),
  row('/admin/reset-password', '→/admin/signin', '→/admin/signin', '→/admin/signin', '→/admin/signin', '→/admin/signin', '→/admin/signin'),
  adminPortal('/admin/dashboard'),
  adminPortal('/admin/patients'),
  // A real patient's record is in admin-patients-access.spec.ts; an id that is no patient is a 404 for admins.
  row('/admin/patient/999999999', signIn('admin', '/admin/patient/999999999'), signIn('admin', '/admin/patient/999999999'), signIn('admin', '/admin/patient/999999999'), 404, 404, NOT_AUTHORIZED),
  adminPortal('/admin/messages'),
  adminPortal('/admin/reports'),
  adminPortal('/admin/profile'),
  adminPortal('/admin/change-password'),
  row('/admin/users', signIn('admin', '/admin/users'), signIn('admin', '/admin/users'), signIn('admin', '/admin/users'), NOT_AUTHORIZED, 200, NOT_AUTHORIZED),
  row('/not-authorized', 200, 200, 200, 200, 200, 200),
  row('/no/such/page', 404, 404, 404, 404, 404, 404),
]

// The actions of the signed-in shells guard themselves too (a POST never reaches the provider).
const ACTIONS: Row[] = [
  row('/customer/change-password', signIn('customer', '/customer/change-password'), SETUP, 400, signIn('customer', '/customer/change-password'), signIn('customer', '/customer/change-password'), signIn('customer', '/customer/change-password')),
  row('/customer/profile', signIn('customer', '/customer/profile'), SETUP, 400, signIn('customer', '/customer/profile'), signIn('customer', '/customer/profile'), signIn('customer', '/customer/profile')),
  row('/resources/tour-completed', signIn('customer', '/resources/tour-completed'), SETUP, 200, signIn('customer', '/resources/tour-completed'), signIn('customer', '/resources/tour-completed'), signIn('customer', '/resources/tour-completed')),
  row('/admin/change-password', signIn('admin', '/admin/change-password'), signIn('admin', '/admin/change-password'), signIn('admin', '/admin/change-password'), 400, 400, NOT_AUTHORIZED),
]

async function outcomeOf(request: APIRequestContext, method: 'GET' | 'POST', path: string): Promise<Outcome | number> {
  const response =
    method === 'GET'
      ? await request.get(path, { maxRedirects: 0 })
      : await request.post(path, { maxRedirects: 0, form: { intent: 'matrix' } })
  const status = response.status()
  if (status >= 300 && status < 400) {
    const location = new URL(response.headers()['location'] ?? '', 'http://app.invalid')
    return `→${location.pathname}${location.search}`
  }
  return status
}

const baseURL = `http://localhost:${E2E_PORT}`

/** The cookies of a browser signed in as the persona. */
async function signedInAs(browser: Browser, persona: Persona) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  switch (persona) {
    case 'anonymous':
      break
    case 'customer not onboarded': {
      const customer = await createCustomer(['personal'])
      await signInCustomer(page, customer.email, customer.password)
      break
    }
    case 'customer onboarded': {
      const customer = await createCustomer()
      await signInCustomer(page, customer.email, customer.password)
      // The tour would post tour-completed on its own; this visitor has seen it.
      await page.evaluate(() => window.localStorage.setItem('has_seen_tour', 'true'))
      break
    }
    case 'Standard Admin':
      await signInAdmin(page, 'standard')
      break
    case 'Super Admin':
      await signInAdmin(page, 'super')
      break
    case 'other role admin': {
      const cookie = await otherRoleAdminCookie()
      await context.addCookies([{ ...cookie, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
      break
    }
  }
  await page.close()
  const state = await context.storageState()
  await context.close()
  return state
}

test.describe('access matrix (DESIGN.md §4)', () => {
  for (const persona of PERSONAS) {
    test(`every route as ${persona}`, async ({ browser, playwright }) => {
      const state = await signedInAs(browser, persona)
      // Each cell starts from the signed-in cookies: some screens sign a portal out on purpose
      // (SPEC.md §2: the customer sign-in clears the admin's session and the admin sign-in both).
      // That also ends the session in the API, which no copy of the cookie brings back,
      // so those screens are visited after every other cell.
      async function check(method: 'GET' | 'POST', { path, expect: outcomes }: Row) {
        const request = await playwright.request.newContext({ baseURL, storageState: state })
        expect.soft(await outcomeOf(request, method, path), `${method} ${path} as ${persona}`).toBe(outcomes[persona])
        await request.dispose()
      }
      for (const route of ROUTES.filter((r) => !r.endsOtherPortal)) await check('GET', route)
      for (const route of ACTIONS) await check('POST', route)
      for (const route of ROUTES.filter((r) => r.endsOtherPortal)) await check('GET', route)
    })
  }

  test('the portal asks the provider for the admin profile when none is stored, then keeps it', async ({ browser }) => {
    const { status, json } = await providerCall<{ access_token: string; refresh_token: string }>('POST', 'v1/admin/login/', {
      body: { email: DEMO_ADMINS.standard.email, password: DEMO_ADMINS.standard.password },
    })
    expect(status).toBe(200)
    // Tokens and roles as after sign-in, but no admin user in the session.
    const cookie = await signedSessionCookie({
      admin: { access_token: json.content.access_token, refresh_token: json.content.refresh_token, roles: ['Standard Admin'] },
    })
    const context = await browser.newContext({ baseURL })
    await context.addCookies([{ ...cookie, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
    const page = await context.newPage()
    await page.goto('/admin/profile')
    await expect(page.getByTestId('signed-in-user')).toContainText(DEMO_ADMINS.standard.name)
    await expect(page.getByText(DEMO_ADMINS.standard.email, { exact: true })).toBeVisible()
    const stored = (await context.cookies()).find((c) => c.name === '__session')
    const session = await readSessionCookie(stored?.value ?? '')
    expect(session.admin).toMatchObject({ user: { email: DEMO_ADMINS.standard.email, full_name: DEMO_ADMINS.standard.name } })
    await context.close()
  })
})
