import { expect, test } from '@playwright/test'
import { specPort } from './support/constants'
import { createCustomer, customerToken, providerCall } from './support/provider'
import { readSessionCookie } from './support/session'
import { signInAdminThroughForm, signInCustomerThroughForm, signInNewCustomerThroughForm } from './support/sign-in'
import { spawnServer } from './support/spawn-server'

// What a browser or a shared cache may keep of a signed-in page, and whose address counts.

test('pages and data requests that depend on the session are never stored', async ({ page }) => {
  await signInNewCustomerThroughForm(page)
  for (const path of ['/customer/dashboard', '/customer/profile', '/customer/dashboard.data', '/customer/signin']) {
    const response = await page.request.get(path, { maxRedirects: 0 })
    expect(response.headers()['cache-control'], path).toBe('no-store')
    expect(response.headers()['vary'] ?? '', path).toMatch(/\bCookie\b/i)
  }
  // Fingerprinted build assets stay cacheable: only what depends on the session is private.
  const script = await page.locator('link[href^="/build/"]').first().getAttribute('href')
  const asset = await page.request.get(script!)
  expect(asset.headers()['cache-control']).toMatch(/max-age=31536000/)
})

test('only signed-in pages renew the inactivity clock, inside the sealed session', async ({ page }) => {
  await signInNewCustomerThroughForm(page)
  const sessionSetCookie = (headers: { name: string; value: string }[]) =>
    headers.find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('__session='))?.value
  // No separate activity cookie to drop or replay.
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('__activity')

  const missing = await page.request.get('/no-such-page')
  expect(missing.status()).toBe(404)
  expect(sessionSetCookie(missing.headersArray())).toBeUndefined()

  const before = Date.now()
  const dashboard = await page.request.get('/customer/dashboard')
  expect(dashboard.status()).toBe(200)
  const stamped = sessionSetCookie(dashboard.headersArray())
  expect(stamped).toBeDefined()
  const data = await readSessionCookie(stamped!.split(';')[0]!.slice('__session='.length))
  expect((data.seenAt as { customer?: number }).customer).toBeGreaterThanOrEqual(before)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('Back after sign-out shows the sign-in page, not the patient profile', async ({ page }) => {
    await signInNewCustomerThroughForm(page)
    await page.goto('/customer/profile')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/customer\/signin/)
    await page.goBack()
    await expect(page).toHaveURL(/\/customer\/signin/)
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
  })
})

// Sign-out ends the session in the API: a copy of the cookie taken before it opens nothing after.
for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'sign-out, with JavaScript' : 'sign-out, without JavaScript', () => {
    test.use({ javaScriptEnabled })

    for (const portal of ['customer', 'admin'] as const) {
      test(`${portal}: a cookie copied before sign-out reaches the sign-in page, and its refresh token is refused`, async ({
        page,
        browser,
        baseURL,
      }) => {
        if (portal === 'customer') {
          const customer = await createCustomer()
          // The dashboard tour would cover the header; this test is about sign-out.
          await providerCall('POST', 'v1/auth/tour-completed/', { token: await customerToken(customer.email, customer.password) })
          await signInCustomerThroughForm(page, customer.email, customer.password)
        } else await signInAdminThroughForm(page, 'standard')
        const copied = (await page.context().cookies()).find((c) => c.name === '__session')
        expect(copied).toBeDefined()
        const data = await readSessionCookie(copied!.value)
        const tokens = data[portal] as { refresh_token: string }
        expect(tokens.refresh_token).not.toBe('')

        await page.getByRole('button', { name: 'Sign out' }).click()
        await expect(page).toHaveURL(new RegExp(`/${portal}/signin`))

        // Another browser replays the copy: still inside the inactivity limit, so only the API can say no.
        const other = await browser.newContext({ javaScriptEnabled, baseURL })
        try {
          await other.addCookies([copied!])
          const replay = await other.newPage()
          await replay.goto(`/${portal}/dashboard`)
          await expect(replay).toHaveURL(new RegExp(`/${portal}/signin`))
          await expect(replay.getByLabel('Password', { exact: true })).toBeVisible()
        } finally {
          await other.close()
        }

        const refreshPath = portal === 'customer' ? 'v1/auth/token/refresh/' : 'v1/admin/token/refresh/'
        const refreshed = await providerCall('POST', refreshPath, { body: { refresh: tokens.refresh_token } })
        expect(refreshed.status).toBe(401)
      })
    }
  })
}

test.describe('with the abuse limits on', () => {
  // Its own ports: +50 is spec-texts' server, and a spec that finds another's server on its port
  // would test that one.
  const PORT = specPort('session-privacy')
  const DEV_PORT = specPort('session-privacy', 1)
  let server: Awaited<ReturnType<typeof spawnServer>>
  test.describe.configure({ mode: 'serial' })
  test.beforeAll(async () => {
    server = await spawnServer(PORT, { RATE_LIMITS: 'on' })
  })
  test.afterAll(async () => {
    await server.stop()
  })

  test('a forged X-Forwarded-For does not give each attempt a new address', async ({ request }) => {
    // 30 failed admin sign-ins per address in 15 minutes; distinct e-mails keep the API's
    // per-account count out of it.
    const statuses: number[] = []
    for (let i = 1; i <= 31; i++) {
      const response = await request.post(`${server.baseURL}/admin/signin`, {
        form: { email: `forged-${i}@example.com`, password: 'Wrong#Pass1' },
        headers: { 'X-Forwarded-For': `203.0.113.${i}` },
        maxRedirects: 0,
      })
      statuses.push(response.status())
    }
    expect(statuses.slice(0, 30)).not.toContain(429)
    expect(statuses[30]).toBe(429)
  })

  test('in development the server listens on loopback IPv4 only', async () => {
    const dev = await spawnServer(DEV_PORT, { NODE_ENV: 'development' })
    try {
      expect((await fetch(`http://127.0.0.1:${DEV_PORT}/healthz`)).ok).toBe(true)
      // Listening on every interface (the old default, '::') would accept this too.
      await expect(fetch(`http://[::1]:${DEV_PORT}/healthz`)).rejects.toThrow()
    } finally {
      await dev.stop()
    }
  })
})
