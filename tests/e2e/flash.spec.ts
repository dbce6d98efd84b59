import { expect, test } from '@playwright/test'
import { uniqueEmail } from './support/provider'

// A flash toast is set by an action, survives the redirect in its own cookie, and is part of the
// server-rendered page: visible with JavaScript (Radix toast) and without (status text).
for (const js of [true, false]) {
  test.describe(`flash toasts ${js ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: js })

    test("'Reset link sent!' shows after forgot password, once", async ({ page }) => {
      await page.goto('/customer/forgot-password')
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('flash'))
      await page.getByRole('button', { name: 'Send Reset Link' }).click()
      await expect(page).toHaveURL(/\/customer\/forgot-password\?sent=1$/)
      const toast = page.getByText('Reset link sent!', { exact: true }).first()
      await expect(toast).toBeVisible()
      if (!js) await expect(page.getByRole('status').filter({ hasText: 'Reset link sent!' })).toBeVisible()

      // The flash is read once: a reload no longer shows it.
      await page.reload()
      await expect(page.getByRole('heading', { name: 'Password reset link sent' })).toBeVisible()
      await expect(page.getByText('Reset link sent!', { exact: true })).toHaveCount(0)
    })
  })
}
