import { expect, test } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { settled } from './support/settled'

test.describe('routing and document shell', () => {
  test('unknown paths render the Page Not Found screen with status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await expect(
      page.getByText(
        "Oops! The page you're looking for doesn't exist. It might have been moved, deleted, or you entered the wrong URL.",
        { exact: true },
      ),
    ).toBeVisible()
    await expect(page).toHaveTitle('Page Not Found | BariCare')
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect(page).toHaveURL(/\/customer\/signin$/)
  })

  test('Go Back returns to the previous page', async ({ page }) => {
    await page.goto('/not-authorized')
    await page.goto('/missing-page')
    // history.back() needs the hydrated page; before that the link goes home (the no-JS path).
    await page.waitForLoadState('networkidle')
    await page.getByRole('link', { name: 'Go Back' }).click()
    await expect(page).toHaveURL(/\/not-authorized$/)
  })

  test('/not-authorized shows its text and title', async ({ page }) => {
    await page.goto('/not-authorized')
    await expect(page.getByText('You are not authorized to view this page.', { exact: true })).toBeVisible()
    await expect(page).toHaveTitle('Not Authorized | BariCare')
  })

  test('redirects keep the query string', async ({ request }) => {
    for (const [from, to] of [
      ['/', '/customer/signin'],
      ['/signin?redirectTo=%2Fcustomer%2Fprofile', '/customer/signin?redirectTo=%2Fcustomer%2Fprofile'],
      ['/signup?ref=clinic', '/customer/signup?ref=clinic'],
    ]) {
      const response = await request.get(from, { maxRedirects: 0 })
      expect(response.status(), from).toBe(302)
      expect(new URL(response.headers()['location']!, 'http://x').pathname + new URL(response.headers()['location']!, 'http://x').search).toBe(to)
    }
  })

  test('/healthz answers ok with the version', async ({ request }) => {
    const response = await request.get('/healthz')
    expect(response.status()).toBe(200)
    const body = await response.json()
    expect(body.status).toBe('ok')
    expect(typeof body.version).toBe('string')
  })
})

test.describe('theme', () => {
  test('the stored choice is applied before hydration, across reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/not-authorized')
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
    await page.evaluate(() => window.localStorage.setItem('theme', 'dark'))
    // Block the app's scripts: only the inline boot script can have set the class.
    await page.route('**/build/**', (route) => route.abort())
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  })

  test('a system theme change while the scripts load is followed once they run', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    let release = () => {}
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/build/**', async (route) => {
      await scriptsHeld
      await route.continue()
    })
    await page.goto('/customer/signin', { waitUntil: 'commit' })
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    // The evening comes to an end: the system turns light before the page has hydrated.
    await page.emulateMedia({ colorScheme: 'light' })
    release()
    await settled(page)
    await expect(page.locator('html')).toHaveClass(/\blight\b/)
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  })

  test('the toggle switches and remembers the theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/customer/signin')
    await page.getByRole('button', { name: 'Dark' }).click()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark')
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(page.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true')
    await page.getByRole('button', { name: 'System' }).click()
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the system preference applies and the 404 screen still works', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    const response = await page.goto('/nowhere')
    expect(response?.status()).toBe(404)
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background).not.toBe('rgb(255, 255, 255)')
    await page.getByRole('link', { name: 'Go Back' }).click()
    await expect(page).toHaveURL(/\/customer\/signin$/)
  })
})

test('the server exits with status 1 and one clear line on an invalid PORT', () => {
  const result = spawnSync(process.execPath, [`${process.env.BUILD_DIR || 'build'}/server.js`], {
    env: { ...process.env, PORT: 'not-a-port', NODE_ENV: 'test', PROVIDER_API_URL: 'http://127.0.0.1:9/' },
    encoding: 'utf8',
    timeout: 10_000,
  })
  expect(result.status).toBe(1)
  expect(result.stderr.trim()).toMatch(/^Invalid environment: PORT must be a whole number between 1 and 65535/)
  expect(result.stderr.trim().split('\n')).toHaveLength(1)
})

test('the server refuses to start in production without SESSION_SECRET', () => {
  const result = spawnSync(process.execPath, [`${process.env.BUILD_DIR || 'build'}/server.js`], {
    env: { ...process.env, NODE_ENV: 'production', SESSION_SECRET: '', PROVIDER_API_URL: 'http://127.0.0.1:9/' },
    encoding: 'utf8',
    timeout: 10_000,
  })
  expect(result.status).toBe(1)
  expect(result.stderr).toContain('SESSION_SECRET')
})

// The machine's own Node (Debian's v20 on ours) is turned away by the built entry point.
const systemNode = '/usr/bin/node'
const systemMajor = existsSync(systemNode)
  ? Number(spawnSync(systemNode, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout)
  : 0
test.describe('on an older Node', () => {
  test.skip(!systemMajor || systemMajor >= 24, `${systemNode} is absent or new enough`)
  test('the server exits with status 1 and one line naming the Node.js it needs', () => {
    const result = spawnSync(systemNode, [`${process.env.BUILD_DIR || 'build'}/server.js`], {
      env: { ...process.env, NODE_ENV: 'test', PROVIDER_API_URL: 'http://127.0.0.1:9/' },
      encoding: 'utf8',
      timeout: 10_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/^BariCare needs Node\.js 24\.\d+\.\d+ or newer; this is v\d+\./)
  })
})
