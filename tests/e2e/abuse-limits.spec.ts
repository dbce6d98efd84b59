import { expect, test } from '@playwright/test'
import { E2E_PORT } from './support/constants'
import { spawnServer } from './support/spawn-server'

// The main e2e server runs with RATE_LIMITS=off; this file starts one with the limits on.
const PORT = E2E_PORT + 30
let server: Awaited<ReturnType<typeof spawnServer>>

test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  server = await spawnServer(PORT, { RATE_LIMITS: 'on' })
})
test.afterAll(async () => {
  await server.stop()
})

test('the 11th sign-in attempt for one e-mail is refused with 429 and a clear message', async ({
  page,
  request,
}) => {
  const email = 'someone@example.com'
  for (let i = 1; i <= 10; i++) {
    const response = await request.post(`${server.baseURL}/customer/signin`, {
      form: { email, password: 'Wrong#Pass1' },
      maxRedirects: 0,
    })
    expect(response.status(), `attempt ${i}`).not.toBe(429)
  }
  await page.goto(`${server.baseURL}/customer/signin`)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1')
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Sign In', exact: true }).click(),
  ])
  expect(response.status()).toBe(429)
  await expect(
    page.getByText('Too many attempts. Please wait a few minutes and try again.').first(),
  ).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('forgot password is limited per e-mail but still reveals nothing', async ({ page }) => {
    const email = 'limit-forgot@example.com'
    for (let i = 1; i <= 6; i++) {
      await page.goto(`${server.baseURL}/customer/forgot-password`)
      await page.getByLabel('Email', { exact: true }).fill(email)
      await page.getByRole('button', { name: 'Send Reset Link', exact: true }).click()
      await expect(page.getByText('Password reset link sent').first()).toBeVisible()
    }
  })
})
