import { expect, type Page } from '@playwright/test'

// Helpers for the auth screens' end-to-end tests (customer-auth, admin-auth, flash).

/**
 * A toast by its exact text. With JavaScript it is a Radix toast whose live region repeats the
 * text, hence `.first()`; without JavaScript it is server-rendered status text.
 */
export function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first()
}

export async function expectToast(page: Page, title: string, description?: string) {
  await expect(toast(page, title)).toBeVisible()
  if (description) await expect(toast(page, description)).toBeVisible()
}

/** Lets the server answer an invalid form, as a browser without constraint validation would see it. */
export async function skipBrowserValidation(page: Page) {
  await page.evaluate(() => document.querySelectorAll('form').forEach((form) => (form.noValidate = true)))
}

export async function fillSignUp(page: Page, email: string, password: string, confirmation = password) {
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password', { exact: true }).fill(confirmation)
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check()
}

export async function submitSignIn(page: Page, email: string, password: string, button = 'Sign In') {
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: button, exact: true }).click()
}

export async function fillNewPassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel('New Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm New Password', { exact: true }).fill(confirmation)
}

/** Status of one checklist rule: met, unmet (typing), failed (after a submit) or idle. */
export function ruleStatus(page: Page, rule: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special') {
  return page.locator(`li[data-rule="${rule}"]`)
}
