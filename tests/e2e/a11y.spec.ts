import { expect, test, type Page, type Route } from '@playwright/test'
import { PATIENT_PASSWORD, REGAINING_PATIENT } from '../support/fixtures'
import { seedPatients, uniquePrefix } from './support/admin-patients'
import { createVerifiedCustomer, customerToken, outbox, providerCall } from './support/provider'
import { storageStateFor, type SessionKind } from './support/sessions'
import { settled, trackRequests } from './support/settled'
import { A11Y_WIDTHS, inEveryThemeAndWidth, scanWcag } from './support/axe'
import { skipBrowserValidation } from './support/auth'

// axe-core (WCAG 2.1 A and AA) over every screen and its main states, light and dark,
// at 375 px and 1280 px. Zero violations.

type Screen = {
  name: string
  path: string
  as?: SessionKind
  /** Brings the page into the state to check (e.g. errors shown) after it loaded. */
  state?: (page: Page) => Promise<void>
  javaScriptEnabled?: boolean
}

const submitEmpty = (button: string) => async (page: Page) => {
  await skipBrowserValidation(page)
  await page.getByRole('button', { name: button, exact: true }).click()
  await expect(page.getByText(/is required|valid email/).first()).toBeVisible()
}

/** A real unsubscribe link (a new patient's vitamins reminder, sent by one run of the job), opened. */
async function openUnsubscribeLink(page: Page) {
  const { email, password } = await createVerifiedCustomer()
  const token = await customerToken(email, password)
  await providerCall('PUT', 'v1/auth/reminders/', { token, body: { vitamins: true, time: '10:00', time_zone: 'UTC' } })
  await providerCall('POST', `__dev/run-reminders/?now=${encodeURIComponent('2026-11-25T10:00:00Z')}`)
  const link = new URL((await outbox(email))[0].links[0])
  await page.goto(link.pathname + link.search)
  await expect(page.getByRole('heading', { name: 'Stop vitamin reminders?' })).toBeVisible()
}

const SCREENS: Screen[] = [
  { name: 'customer sign-in', path: '/customer/signin' },
  { name: 'customer sign-in, errors', path: '/customer/signin', state: submitEmpty('Sign In'), javaScriptEnabled: false },
  { name: 'customer sign-up', path: '/customer/signup' },
  {
    name: 'customer sign-up, errors',
    path: '/customer/signup',
    javaScriptEnabled: false,
    state: async (page) => {
      await skipBrowserValidation(page)
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
      await expect(page.getByText('Email is required').first()).toBeVisible()
    },
  },
  { name: 'customer forgot password', path: '/customer/forgot-password' },
  {
    name: 'customer forgot password, sent',
    path: '/customer/forgot-password',
    javaScriptEnabled: false,
    state: async (page) => {
      await page.getByLabel('Email', { exact: true }).fill('nobody@example.com')
      await page.getByRole('button', { name: /send|reset/i }).click()
      await expect(page.getByText('Password reset link sent').first()).toBeVisible()
    },
  },
  { name: 'customer reset password', path: '/customer/reset-password?token=abc' },
  { name: 'customer create password', path: '/customer/reset-password?token=abc&createPassword=true' },
  { name: 'verify e-mail, failed', path: '/customer/verify-email?token=bad&email=nobody%40example.com' },
  { name: 'admin sign-in', path: '/admin/signin' },
  { name: 'admin sign-in, errors', path: '/admin/signin', state: submitEmpty('Access Admin Portal'), javaScriptEnabled: false },
  { name: 'admin forgot password', path: '/admin/forgot-password' },
  { name: 'admin reset password', path: '/admin/reset-password?token=abc' },
  { name: 'admin sign-up', path: '/admin/signup' },
  { name: 'not authorized', path: '/not-authorized' },
  { name: 'page not found', path: '/no/such/page' },
  { name: 'profile setup step 1', path: '/customer/profile-setup', as: 'customer-new' },
  {
    name: 'profile setup step 1, errors',
    path: '/customer/profile-setup',
    as: 'customer-new',
    javaScriptEnabled: false,
    state: async (page) => {
      await skipBrowserValidation(page)
      await page.getByRole('button', { name: 'Next Step', exact: true }).click()
      await expect(page.getByText('Full name is required').first()).toBeVisible()
    },
  },
  { name: 'profile setup step 2', path: '/customer/profile-setup?step=2', as: 'customer-at-step-2' },
  { name: 'profile setup step 3', path: '/customer/profile-setup?step=3', as: 'customer-at-step-3' },
  {
    name: 'profile setup step 3, surgery details shown',
    path: '/customer/profile-setup?step=3',
    as: 'customer-at-step-3',
    state: async (page) => {
      await page.getByRole('radio', { name: /^yes/i }).check()
      await expect(page.getByText(/surgery type/i).first()).toBeVisible()
    },
  },
  { name: 'profile setup step 4', path: '/customer/profile-setup?step=4', as: 'customer-at-step-4' },
  { name: 'dashboard', path: '/customer/dashboard', as: 'customer-onboarded', javaScriptEnabled: false },
  {
    name: 'dashboard with the tour open',
    path: '/customer/dashboard',
    as: 'customer-onboarded',
    state: async (page) => {
      await expect(page.getByText("Here's How Your Dashboard Works").first()).toBeVisible()
    },
  },
  { name: 'log data', path: '/customer/log-data', as: 'customer-onboarded' },
  { name: 'health trends', path: '/customer/health-trends', as: 'customer-onboarded' },
  { name: 'connect devices', path: '/customer/connect-devices', as: 'customer-onboarded' },
  { name: 'profile (personal)', path: '/customer/profile', as: 'customer-onboarded' },
  { name: 'profile (medical)', path: '/customer/profile?tab=medical', as: 'customer-onboarded' },
  { name: 'profile (preferences)', path: '/customer/profile?tab=preferences', as: 'customer-onboarded' },
  {
    name: 'profile (preferences), reminders error',
    path: '/customer/profile?tab=preferences',
    as: 'customer-onboarded',
    javaScriptEnabled: false,
    state: async (page) => {
      const form = page.getByTestId('reminders-form')
      await form.getByLabel('Protein', { exact: true }).check()
      for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) await form.getByRole('checkbox', { name: day }).uncheck()
      await form.getByRole('button', { name: 'Save Reminders' }).click()
      await expect(page.getByText('Choose at least one day for your reminders')).toBeVisible()
    },
  },
  { name: 'reminders unsubscribe, invalid link', path: '/reminders/unsubscribe?token=bad' },
  { name: 'reminders unsubscribe, confirm', path: '/reminders/unsubscribe?token=bad', state: openUnsubscribeLink },
  {
    name: 'reminders unsubscribe, done',
    path: '/reminders/unsubscribe?token=bad',
    javaScriptEnabled: false,
    state: async (page) => {
      await openUnsubscribeLink(page)
      await page.getByRole('button', { name: 'Unsubscribe' }).click()
      await expect(page.getByRole('heading', { name: 'Reminder turned off' })).toBeVisible()
    },
  },
  { name: 'profile (connected)', path: '/customer/profile?tab=connected', as: 'customer-onboarded' },
  { name: 'change password', path: '/customer/change-password', as: 'customer-onboarded' },
  { name: 'admin dashboard', path: '/admin/dashboard', as: 'standard-admin' },
  { name: 'admin patients', path: '/admin/patients', as: 'standard-admin' },
  { name: 'admin reports', path: '/admin/reports', as: 'standard-admin' },
  { name: 'admin profile', path: '/admin/profile', as: 'standard-admin' },
  { name: 'admin change password', path: '/admin/change-password', as: 'standard-admin' },
  { name: 'admin users', path: '/admin/users', as: 'super-admin' },
  // Messages.
  { name: 'messages (empty)', path: '/customer/messages', as: 'customer-onboarded' },
  {
    name: 'messages, errors',
    path: '/customer/messages',
    as: 'customer-onboarded',
    javaScriptEnabled: false,
    state: async (page) => {
      await skipBrowserValidation(page)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(page.getByText('Message is required').first()).toBeVisible()
    },
  },
  { name: 'admin messages inbox', path: '/admin/messages', as: 'standard-admin' },
  {
    name: 'admin patient record, messages tab',
    path: '/admin/messages',
    as: 'standard-admin',
    state: async (page) => {
      const patient = await patientWithMessage()
      await page.goto(`/admin/patient/${patient.id}?tab=messages`)
      await expect(page.getByRole('region', { name: 'Messages' }).getByTestId('message-body').first()).toBeVisible()
    },
  },
]

/** A patient of this test's own who has written to the care team (the messages screens). */
async function patientWithMessage() {
  const prefix = uniquePrefix('A11yMsg')
  const [patient] = await seedPatients(prefix, [{ ...REGAINING_PATIENT, full_name: `${prefix} Morgan` }])
  const token = await customerToken(patient.email, PATIENT_PASSWORD)
  await providerCall('POST', 'v1/auth/messages/', { token, body: { body: 'A question about my vitamins.\nThank you.' } })
  return patient
}


async function serveWithoutScripts(route: Route) {
  if (route.request().resourceType() !== 'document') return route.continue()
  const response = await route.fetch({ maxRedirects: 0 })
  const location = response.headers()['location']
  if (response.status() >= 300 && response.status() < 400 && location) {
    // Chromium does not always route the request that follows a redirect handed back from here,
    // and a page it fetches itself keeps its scripts (seen: the sent page after a no-JavaScript
    // post hydrated and animated its toast). A page that refreshes to the target instead makes the
    // next load a navigation of its own, which is routed; the redirect's cookies (the flash) stay.
    const headers: Record<string, string> = { ...response.headers(), 'content-type': 'text/html; charset=utf-8' }
    delete headers['location']
    delete headers['content-length']
    delete headers['content-encoding']
    const target = new URL(location, route.request().url()).href
    return route.fulfill({
      status: 200,
      headers,
      body: `<!doctype html><meta http-equiv="refresh" content="0; url=${target.replace(/"/g, '&quot;')}">`,
    })
  }
  const html = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
  return route.fulfill({ response, body: html })
}

/** Fails loudly if a page meant to run without JavaScript got its scripts after all. */
async function expectNoScripts(page: Page, what: string) {
  expect(await page.evaluate(() => document.scripts.length), `${what}: served without scripts`).toBe(0)
}

async function violations(page: Page) {
  // The whole document: react-joyride's floater and Radix's portals are checked like the rest of the page.
  const result = await scanWcag(page)
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    // What axe measured (colours, ratio, text), so a failure on a loaded CI machine can be read
    // from its log alone.
    measured: v.nodes.slice(0, 5).map((n) => ({ data: n.any[0]?.data, html: n.html.slice(0, 200) })),
  }))
}

/**
 * Screens that need the same browser set-up (who is signed in, with or without JavaScript, the tour
 * shown or not) share one page: each screen is still loaded fresh and brought into its state, but the
 * browser context, its renderer and its signed-in account are made once per group, not per screen.
 */
type Group = { name: string; as?: SessionKind; javaScriptEnabled: boolean; tour: boolean; screens: Screen[] }
const GROUPS: Group[] = []
for (const screen of SCREENS) {
  const javaScriptEnabled = screen.javaScriptEnabled !== false
  const tour = screen.name.includes('tour')
  const name = [screen.as ?? 'signed out', javaScriptEnabled ? '' : 'without JavaScript', tour ? 'the tour' : '']
    .filter(Boolean)
    .join(', ')
  const group = GROUPS.find((g) => g.name === name)
  if (group) group.screens.push(screen)
  else GROUPS.push({ name, as: screen.as, javaScriptEnabled, tour, screens: [screen] })
}

for (const group of GROUPS) {
  test(`a11y, ${group.name}: ${group.screens.length} screens without WCAG 2.1 A/AA violations in light and dark, at 375 and 1280 px`, async ({
    browser,
  }) => {
    test.setTimeout(60_000 * group.screens.length)
    const statePath = group.as ? await storageStateFor(group.as) : undefined
    // axe runs inside the page, so "without JavaScript" is emulated by serving every document
    // without its <script> elements: no boot script, no hydration, native form posts.
    const context = await browser.newContext({ viewport: A11Y_WIDTHS[0], colorScheme: 'light', storageState: statePath })
    if (!group.javaScriptEnabled) await context.route('**/*', serveWithoutScripts)
    const page = await context.newPage()
    // The guided tour is its own state; elsewhere it is marked as seen so it does not cover the page.
    if (!group.tour) await page.addInitScript(() => window.localStorage.setItem('has_seen_tour', 'true'))
    const requests = trackRequests(page)
    for (const screen of group.screens) {
      await test.step(screen.name, async () => {
        // Each screen starts as a new context would show it: light, at the phone width.
        await page.setViewportSize(A11Y_WIDTHS[0])
        await page.emulateMedia({ colorScheme: 'light' })
        await page.goto(screen.path)
        // Hydrated, with what hydration starts (a flash toast moving into Radix's lazily loaded
        // toasts) arrived, so the scan does not catch the page halfway. The requests are counted
        // rather than waited out (500 ms of quiet network per page).
        await settled(page, { hydrated: group.javaScriptEnabled, requests })
        // The intended page, not a sign-in page a lapsed session was sent to (which would pass too).
        expect(new URL(page.url()).pathname + new URL(page.url()).search, `${screen.name}: the page loaded`).toBe(screen.path)
        if (screen.state) await screen.state(page)
        if (!group.javaScriptEnabled) {
          await page.waitForLoadState('load')
          await expectNoScripts(page, screen.name)
        }
        // All four combinations on the page as it is: the system theme is switched in place (the
        // page follows it as a visitor's would), then each width is checked. Soft, so one screen's
        // findings do not hide the next screen's.
        await inEveryThemeAndWidth(page, screen.name, async (label) => {
          expect.soft(await violations(page), label).toEqual([])
        })
      })
    }
    await context.close()
  })
}
