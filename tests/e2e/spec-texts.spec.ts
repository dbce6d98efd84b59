import { expect, test, type Page } from '@playwright/test'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { specPort } from './support/constants'
import { spawnServer } from './support/spawn-server'

// Two SPEC.md texts, checked the way SPEC.md words them:
// - §8: sign-in, when the API answers without a `message` (an HTML 502, a timeout, garbled JSON,
//   no answer at all), shows exactly 'Something went wrong. Please try again.' — in both portals;
// - §5: sign-up with JavaScript says 'Passwords do not match' live, as soon as the confirmation is
//   as long as the password, or when it loses focus.

const GENERIC = 'Something went wrong. Please try again.'

type Mode = 'html502' | 'slow' | 'badjson' | 'down'
let mode: Mode = 'html502'
let stub: Server
let stubPort = 0
let app: Awaited<ReturnType<typeof spawnServer>>

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  stub = createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'Content-Type': type })
      res.end(body)
    }
    if (mode === 'slow') return void setTimeout(() => send(200, '{}'), 2_000)
    if (mode === 'html502')
      return send(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html')
    send(200, '{"content": {"access_token": ')
  })
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
  stubPort = (stub.address() as AddressInfo).port
  app = await spawnServer(specPort('spec-texts'), {
    PROVIDER_API_URL: `http://127.0.0.1:${stubPort}/`,
    PROVIDER_TIMEOUT_MS: '500',
    RATE_LIMITS: 'off',
  })
})

test.afterAll(async () => {
  await app.stop()
  if (stub.listening) stub.close()
})

async function signIn(page: Page, portal: 'customer' | 'admin') {
  await page.goto(`${app.baseURL}/${portal}/signin`)
  await page.getByLabel('Email', { exact: true }).fill('pat@example.com')
  await page.getByLabel('Password', { exact: true }).fill('Patient#123')
  await page
    .getByRole('button', { name: portal === 'admin' ? 'Access Admin Portal' : 'Sign In', exact: true })
    .click()
}

for (const fault of ['html502', 'slow', 'badjson', 'down'] as const) {
  for (const portal of ['customer', 'admin'] as const) {
    test(`${portal} sign-in, provider "${fault}": '${GENERIC}'`, async ({ page }) => {
      mode = fault
      if (fault === 'down' && stub.listening)
        await new Promise<void>((resolve) => stub.close(() => resolve()))
      await signIn(page, portal)
      const alert = page.getByRole('alert').filter({ hasText: GENERIC })
      await expect(alert.getByText(GENERIC, { exact: true })).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/${portal}/signin`))
    })
  }
}

test('sign-up: a confirmation that differs says so once it is as long as the password, and on leaving it', async ({
  page,
}) => {
  await page.goto(`${app.baseURL}/customer/signup`)
  const mismatch = page.getByText('Passwords do not match', { exact: true })
  await page.getByLabel('Email', { exact: true }).fill('new@example.com')
  await page.getByLabel('Password', { exact: true }).fill('Patient#123')
  const confirm = page.getByLabel('Confirm Password', { exact: true })
  await confirm.pressSequentially('Patient#12')
  await expect(mismatch).toHaveCount(0) // still typing: shorter than the password
  await confirm.press('4') // as long as the password, and different
  await expect(mismatch).toBeVisible()
  await expect(confirm).toHaveAttribute('aria-invalid', 'true')
  await confirm.press('Backspace')
  await confirm.press('3')
  await expect(mismatch).toHaveCount(0)

  // Shorter, then leaving the field.
  await confirm.fill('Pat')
  await expect(mismatch).toHaveCount(0)
  await confirm.blur()
  await expect(mismatch).toBeVisible()
})
