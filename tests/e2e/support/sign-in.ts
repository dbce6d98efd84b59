import { expect, type Page } from '@playwright/test'
import { createCustomer, DEMO_ADMINS } from './provider'

// Signs in through the real screens (works with and without JavaScript).

export async function signInCustomer(page: Page, email: string, password: string) {
  await page.goto('/customer/signin')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).not.toHaveURL(/\/customer\/signin/)
}

/** Signs in a demo admin (by role; read-only use) or a test's own admin (email and password). */
export async function signInAdmin(
  page: Page,
  who: keyof typeof DEMO_ADMINS | { email: string; password: string } = 'super',
) {
  const admin = typeof who === 'string' ? DEMO_ADMINS[who] : who
  await page.goto('/admin/signin')
  await page.getByLabel('Email', { exact: true }).fill(admin.email)
  await page.getByLabel('Password', { exact: true }).fill(admin.password)
  await page.getByRole('button', { name: 'Access Admin Portal', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard/)
}

/** A fresh onboarded patient (or one with the given steps), signed in. */
export async function signInNewCustomer(page: Page, ...args: Parameters<typeof createCustomer>) {
  const customer = await createCustomer(...args)
  await signInCustomer(page, customer.email, customer.password)
  return customer
}
