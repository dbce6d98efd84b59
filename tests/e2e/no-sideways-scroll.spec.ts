import { expect, test, type Browser, type Page } from '@playwright/test'
import { seedPatients, uniquePrefix } from './support/admin-patients'
import { hideTour } from './support/log-data'
import { createCustomer, DEMO_ADMINS } from './support/provider'
import { seedHistory } from './support/trends'
import { signInAdmin, signInCustomer } from './support/sign-in'

// At 375 px no screen scrolls sideways (the document is never wider than the viewport);
// wide content scrolls inside its own region (tables, charts) instead.

const PHONE = { width: 375, height: 812 }

async function documentOverflow(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    // What sticks out, to make a failure readable.
    culprits: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((el) => !el.closest('[role="region"], .overflow-x-auto, [aria-hidden="true"], .sr-only'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`),
  }))
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBeLessThan(500)
  await page.waitForLoadState('networkidle')
  const { scrollWidth, viewport, culprits } = await documentOverflow(page)
  expect(
    scrollWidth,
    `${path} is ${scrollWidth}px wide at ${viewport}px: ${culprits.join(', ')}`,
  ).toBeLessThanOrEqual(viewport)
}

async function signedInPage(
  browser: Browser,
  portal: 'admin' | 'customer',
  email: string,
  password: string,
  viewport = PHONE,
) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  await hideTour(page)
  if (portal === 'admin') await signInAdmin(page, { email, password })
  else await signInCustomer(page, email, password)
  return { context, page }
}

test('public and error screens fit 375 px', async ({ browser }) => {
  test.setTimeout(60_000)
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  for (const path of [
    '/customer/signin',
    '/customer/signup',
    '/customer/forgot-password',
    '/customer/forgot-password?sent=1',
    '/customer/reset-password?token=x',
    '/customer/reset-password?token=x&createPassword=true',
    '/customer/verify-email?token=bad&email=a%40b.co',
    '/admin/signin',
    '/admin/forgot-password',
    '/admin/reset-password?token=x',
    '/terms',
    '/privacy',
    '/not-authorized',
    '/no-such-page',
  ]) {
    await expectNoSidewaysScroll(page, path)
  }
  await context.close()
})

test('the patient screens fit 375 px, with months of data', async ({ browser }) => {
  test.setTimeout(90_000)
  const customer = await createCustomer()
  await seedHistory(customer.email, 120)
  const { context, page } = await signedInPage(browser, 'customer', customer.email, customer.password)
  for (const path of [
    '/customer/dashboard',
    '/customer/log-data',
    '/customer/health-trends',
    '/customer/health-trends?range=7d',
    '/customer/health-trends?range=1y',
    '/customer/connect-devices',
    '/customer/profile?tab=personal',
    '/customer/profile?tab=medical',
    '/customer/profile?tab=preferences',
    '/customer/profile?tab=connected',
    '/customer/change-password',
    '/customer/your-data',
  ]) {
    await expectNoSidewaysScroll(page, path)
  }
  await context.close()
})

test('the wizard fits 375 px', async ({ browser }) => {
  const customer = await createCustomer([])
  const { context, page } = await signedInPage(browser, 'customer', customer.email, customer.password)
  await expectNoSidewaysScroll(page, '/customer/profile-setup')
  await context.close()
})

test('the admin portal fits 375 px as Super Admin, with long names and e-mails', async ({ browser }) => {
  test.setTimeout(90_000)
  const prefix = uniquePrefix('Wide')
  const [long] = await seedPatients(prefix, [
    {
      full_name: `${prefix} Maximiliana Alexandrina Wolfeschlegelsteinhausen-Bergerdorff`,
      email: `${prefix.toLowerCase()}.maximiliana.alexandrina.wolfeschlegelsteinhausen@longdomain-example.org`,
      surgery_type: 'Duodenal Switch',
      surgery_days_ago: 200,
    },
    {
      full_name: `${prefix} Unverified`,
      email: `${prefix.toLowerCase()}.unverified.with.a.long.address@example.org`,
      state: 'unverified',
    },
  ])
  const { context, page } = await signedInPage(
    browser,
    'admin',
    DEMO_ADMINS.super.email,
    DEMO_ADMINS.super.password,
  )
  for (const path of [
    '/admin/dashboard',
    '/admin/patients',
    `/admin/patients?q=${encodeURIComponent(prefix)}`,
    `/admin/patient/${long!.id}`,
    '/admin/patient/999999999',
    '/admin/users',
    '/admin/users?tab=audit',
    '/admin/reports',
    '/admin/profile',
    '/admin/change-password',
  ]) {
    await expectNoSidewaysScroll(page, path)
  }
  // The record's range tabs fit inside its Trends card: 'All' is not cut off at the card's edge.
  await page.goto(`/admin/patient/${long!.id}`)
  const tabs = await page.getByTestId('trend-ranges').boundingBox()
  const all = await page.getByTestId('trend-ranges').getByRole('link', { name: 'All' }).boundingBox()
  expect(all!.x + all!.width).toBeLessThanOrEqual(tabs!.x + tabs!.width)
  await context.close()
})

// At 768 px the sidebar is open and leaves about 500 px: cards side by side there were squeezed
// (a hospital name on three lines, 'Health Trends' wrapping under its arrow, a 24 px e-mail field).
const TABLET = { width: 768, height: 1024 }

async function narrowest(page: Page, selector: string) {
  const widths = await page
    .locator(selector)
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width))
  expect(widths.length, selector).toBeGreaterThan(0)
  return Math.min(...widths)
}

test('at 768 px the dashboard, trends and admin screens fit, and no card or chart is squeezed', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const customer = await createCustomer()
  await seedHistory(customer.email, 120)
  const patient = await signedInPage(browser, 'customer', customer.email, customer.password, TABLET)
  await expectNoSidewaysScroll(patient.page, '/customer/dashboard')
  expect(
    await narrowest(patient.page, '[data-testid="surgery-summary"], [data-testid="device-summary"]'),
  ).toBeGreaterThan(400)
  expect(await narrowest(patient.page, 'main a[data-tour]')).toBeGreaterThan(400)
  for (const range of ['30d', '1y']) {
    await expectNoSidewaysScroll(patient.page, `/customer/health-trends?range=${range}`)
    expect(await narrowest(patient.page, '[data-testid$="-svg"]')).toBeGreaterThan(300)
  }
  await expectNoSidewaysScroll(patient.page, '/customer/connect-devices')
  await patient.context.close()

  const admin = await signedInPage(
    browser,
    'admin',
    DEMO_ADMINS.super.email,
    DEMO_ADMINS.super.password,
    TABLET,
  )
  await expectNoSidewaysScroll(admin.page, '/admin/dashboard')
  expect(await narrowest(admin.page, '[data-testid^="stat-"]')).toBeGreaterThan(400)
  await expectNoSidewaysScroll(admin.page, '/admin/users')
  expect(await narrowest(admin.page, 'form[aria-labelledby="invite-heading"] input:visible')).toBeGreaterThan(
    300,
  )
  await admin.context.close()
})
