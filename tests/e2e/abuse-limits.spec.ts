import { expect, test, type APIRequestContext } from '@playwright/test'
import { specPort } from './support/constants'
import { spawnServer } from './support/spawn-server'

// The main e2e server runs with RATE_LIMITS=off; this file starts one with the limits on.
const PORT = specPort('abuse-limits')
// Its embedded provider on a known port, so the test can read what reached it.
const PROVIDER_PORT = specPort('abuse-limits', 1)
let server: Awaited<ReturnType<typeof spawnServer>>

test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  server = await spawnServer(PORT, { RATE_LIMITS: 'on', PROVIDER_PORT: String(PROVIDER_PORT) })
})
test.afterAll(async () => {
  await server.stop()
})

const WAIT_MESSAGE = /Too many failed sign-ins\. Please wait \d+ seconds? and try again\./

/** Wrong guesses at an admin's password from elsewhere (not this browser). */
async function guessWrong(request: APIRequestContext, email: string, times: number) {
  for (let i = 1; i <= times; i++) {
    const response = await request.post(`${server.baseURL}/admin/signin`, {
      form: { email, password: `Wrong#Pass${i}` },
      maxRedirects: 0,
    })
    // Failures only count against the account; the first five cost nothing.
    expect(response.status(), `guess ${i}`).toBe(401)
  }
}

test('after 5 wrong guesses by someone else, the owner with the right password is told how long to wait', async ({
  page,
  request,
}) => {
  await guessWrong(request, 'admin@baricare.test', 5)
  await page.goto(`${server.baseURL}/admin/signin`)
  await page.getByLabel('Email', { exact: true }).fill('admin@baricare.test')
  await page.getByLabel('Password', { exact: true }).fill('Standard#Admin1')
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Access Admin Portal', exact: true }).click(),
  ])
  expect(response.status()).toBe(429)
  await expect(page.getByText(WAIT_MESSAGE).first()).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the owner told to wait gets in once the wait is over', async ({ page, request }) => {
    test.setTimeout(60_000)
    await guessWrong(request, 'super@baricare.test', 5)
    const signIn = async () => {
      await page.goto(`${server.baseURL}/admin/signin`)
      await page.getByLabel('Email', { exact: true }).fill('super@baricare.test')
      await page.getByLabel('Password', { exact: true }).fill('Super#Admin1')
      await page.getByRole('button', { name: 'Access Admin Portal', exact: true }).click()
    }
    await signIn()
    const told = await page.getByText(WAIT_MESSAGE).first().textContent()
    const seconds = Number(/wait (\d+) second/.exec(told ?? '')?.[1])
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(15)
    await page.waitForTimeout(seconds * 1000 + 500)
    await signIn()
    await expect(page).toHaveURL(/\/admin\/dashboard/)
  })

  test('forgot password is limited per e-mail but still reveals nothing', async ({ page }) => {
    const email = 'limit-forgot@example.com'
    const forwarded = async () => {
      const response = await fetch(`http://127.0.0.1:${PROVIDER_PORT}/__dev/requests/`)
      const { content } = (await response.json()) as { content: Array<{ path: string; body: { email?: string } | null }> }
      return content.filter((r) => r.path.endsWith('v1/auth/forgot_password/') && r.body?.email === email).length
    }
    for (let i = 1; i <= 6; i++) {
      await page.goto(`${server.baseURL}/customer/forgot-password`)
      await page.getByLabel('Email', { exact: true }).fill(email)
      await page.getByRole('button', { name: 'Send Reset Link', exact: true }).click()
      // The same screen every time, limited or not: the page cannot tell who has an account.
      await expect(page.getByText('Password reset link sent').first()).toBeVisible()
      // The limit (5 per e-mail) is what stops the 6th from reaching the provider.
      expect(await forwarded(), `after submission ${i}`).toBe(Math.min(i, 5))
    }
  })
})

test('strangers’ guesses do not lock out the browser the owner signed in with before', async ({ browser, request }) => {
  test.setTimeout(60_000)
  const owner = await browser.newContext({ javaScriptEnabled: false })
  const page = await owner.newPage()
  const signIn = async () => {
    await page.goto(`${server.baseURL}/admin/signin`)
    await page.getByLabel('Email', { exact: true }).fill('super@baricare.test')
    await page.getByLabel('Password', { exact: true }).fill('Super#Admin1')
    await page.getByRole('button', { name: 'Access Admin Portal', exact: true }).click()
  }
  await signIn()
  await expect(page).toHaveURL(/\/admin\/dashboard/)
  const cookie = (await owner.cookies()).find((c) => c.name === 'known_browser')
  expect(cookie?.httpOnly).toBe(true)
  await page.goto(`${server.baseURL}/admin/profile`)
  await page.getByRole('button', { name: 'Sign out' }).first().click()
  await expect(page).toHaveURL(/\/admin\/signin/)

  // Someone else, who knows the e-mail: after their guesses, every browser without the token waits…
  await guessWrong(request, 'super@baricare.test', 5)
  const stranger = await request.post(`${server.baseURL}/admin/signin`, {
    form: { email: 'super@baricare.test', password: 'Super#Admin1' },
    maxRedirects: 0,
  })
  expect(stranger.status()).toBe(429)
  // …but the owner's browser, which signed in before, gets in with the right password at once.
  await signIn()
  await expect(page).toHaveURL(/\/admin\/dashboard/)
  await owner.close()
})
