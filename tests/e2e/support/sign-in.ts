import { expect, type Page } from '@playwright/test'
import { createCustomer, DEMO_ADMINS } from './provider'
import { adminSessionCookie, browserCookie, customerSessionCookie, E2E_SERVER, type SessionCookie, type SessionTarget } from './session-cookie'

// Two ways in. Specs about signing in (its form, its toast, its limits, two-factor) use the form:
// signInCustomerThroughForm / signInAdminThroughForm. Every other spec only needs someone signed
// in, and gets there faster with a sealed session cookie (support/session-cookie.ts): the same
// tokens and session the form would store, then the page the form would land on, which the guards
// refuse (a redirect to the sign-in) if the cookie is not one the server accepts. A test about
// another page names it (`at`): the first load is then that page, under the same guards, instead
// of a landing page (a dashboard, for a patient) loaded only to be left.

type Admin = keyof typeof DEMO_ADMINS | { email: string; password: string }

function adminCredentials(who: Admin) {
  return typeof who === 'string' ? DEMO_ADMINS[who] : who
}

/** Where a sealed-cookie sign-in opens: `at`, a path on the target, instead of the landing page. */
export type SignInOptions = { at?: string; target?: SessionTarget }

async function enter(page: Page, cookie: SessionCookie, { at, target = E2E_SERVER }: SignInOptions) {
  await page.context().addCookies([browserCookie(cookie, target)])
  const first = new URL(at ?? cookie.landing, target.baseURL).href
  await page.goto(first)
  await expect(page).toHaveURL(first)
}

/** A patient signed in with a sealed session cookie, on their landing page (or `at`). */
export async function signInCustomer(page: Page, email: string, password: string, options: SignInOptions = {}) {
  await enter(page, await customerSessionCookie(email, password, options.target), options)
}

/** A demo admin (by role; read-only use) or a test's own admin, signed in with a sealed session cookie. */
export async function signInAdmin(page: Page, who: Admin = 'super', options: SignInOptions = {}) {
  const admin = adminCredentials(who)
  await enter(page, await adminSessionCookie(admin.email, admin.password, options.target), options)
}

/** A fresh onboarded patient (or one with the given steps), signed in with a sealed session cookie. */
export async function signInNewCustomer(page: Page, ...args: Parameters<typeof createCustomer>) {
  const customer = await createCustomer(...args)
  await signInCustomer(page, customer.email, customer.password)
  return customer
}

/** signInNewCustomer, opening `at` (a path) first instead of the landing page. */
export async function signInNewCustomerAt(page: Page, at: string, ...args: Parameters<typeof createCustomer>) {
  const customer = await createCustomer(...args)
  await signInCustomer(page, customer.email, customer.password, { at })
  return customer
}

// Through the real screens (works with and without JavaScript).

export async function signInCustomerThroughForm(page: Page, email: string, password: string) {
  await page.goto('/customer/signin')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).not.toHaveURL(/\/customer\/signin/)
}

export async function signInAdminThroughForm(page: Page, who: Admin = 'super') {
  const admin = adminCredentials(who)
  await page.goto('/admin/signin')
  await page.getByLabel('Email', { exact: true }).fill(admin.email)
  await page.getByLabel('Password', { exact: true }).fill(admin.password)
  await page.getByRole('button', { name: 'Access Admin Portal', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard/)
}

/** A fresh patient signed in through the form. */
export async function signInNewCustomerThroughForm(page: Page, ...args: Parameters<typeof createCustomer>) {
  const customer = await createCustomer(...args)
  await signInCustomerThroughForm(page, customer.email, customer.password)
  return customer
}
