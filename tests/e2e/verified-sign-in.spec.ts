import { expect, test } from '@playwright/test'
import { mailedLink, providerCall, STRONG_PASSWORD, uniqueEmail } from './support/provider'

// After verifying their e-mail, a new patient signs in with that address already filled in:
// the verified screen's 'Sign In' carries it, and the sign-in form takes it only when it
// reads as an e-mail address.

for (const javaScriptEnabled of [true, false]) {
  test(`the verified address fills the sign-in form (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled })
    const page = await context.newPage()
    const email = uniqueEmail('verified')
    await providerCall('POST', 'v1/auth/signup/', {
      body: { email, password: STRONG_PASSWORD, conf_password: STRONG_PASSWORD },
    })
    await page.goto(await mailedLink(email, '/customer/verify-email'))
    await expect(page.getByText('Email verified successfully.', { exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(/\/customer\/signin\?email=/)
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(/\/customer\/profile-setup/)
    await context.close()
  })
}

test('a ?email= that is not an address is ignored', async ({ page }) => {
  for (const value of ['<script>alert(1)</script>', 'not-an-email', `${'a'.repeat(250)}@example.com`]) {
    await page.goto(`/customer/signin?email=${encodeURIComponent(value)}`)
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('')
  }
})
