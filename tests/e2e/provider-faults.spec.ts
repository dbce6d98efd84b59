import { expect, test } from '@playwright/test'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { specPort } from './support/constants'
import { spawnServer } from './support/spawn-server'

// The provider down, slower than the timeout, a 500 with an HTML body, malformed JSON, a 401
// on every call → every screen shows a friendly message and the server stays up and responsive.

/** The status each screen answers with when its data could not be loaded. */
const STATUS: Record<string, number> = { '/customer/dashboard': 200, '/customer/log-data': 200, '/customer/profile': 200 }

type Mode = 'ok' | 'slow' | 'html500' | 'badjson' | 'unauthorized' | 'down'
let mode: Mode = 'ok'
let stub: Server
let app: Awaited<ReturnType<typeof spawnServer>>
const PORT = specPort('provider-faults')

const PROFILE = {
  profile: { id: 1, email: 'pat@example.com', is_onboarded: true, profile_completed: true, medical_completed: true, bariatric_completed: true, has_seen_tour: true },
  personal: null,
  medical_history: null,
  bariatric_surgery: null,
  device_information: null,
  preferences: { height_unit: 'cm', weight_unit: 'kg' },
}

function answer(path: string) {
  if (path.includes('login')) return { access_token: 'a'.repeat(40), refresh_token: 'r'.repeat(40) }
  if (path.includes('refresh')) return { access: 'a'.repeat(40) }
  if (path.includes('profile')) return PROFILE
  if (path.includes('entries')) return { weight: [], sleep: [], meal: [], water: [], vitamins: [], latest: {} }
  return null
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  stub = createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'Content-Type': type })
      res.end(body)
    }
    if (mode === 'slow') return void setTimeout(() => send(200, JSON.stringify({ content: answer(req.url ?? '') })), 2_000)
    if (mode === 'html500') return send(500, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html')
    if (mode === 'badjson') return send(200, '{"content": {"access_token": ')
    if (mode === 'unauthorized') return send(401, JSON.stringify({ message: 'Token is invalid or expired', data: {} }))
    send(200, JSON.stringify({ message: 'ok', content: answer(req.url ?? '') }))
  })
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
  const { port } = stub.address() as AddressInfo
  app = await spawnServer(PORT, { PROVIDER_API_URL: `http://127.0.0.1:${port}/`, PROVIDER_TIMEOUT_MS: '500' })
})

test.afterAll(async () => {
  await app.stop()
  stub.close()
})

// What each screen must say, exactly. A fault without the provider's own message reads as SPEC.md
// §8's generic text on a screen (forms add what happened as a second line: spec-texts.spec.ts);
// a refused session is sent to sign-in with its own words.
const GENERIC = 'Something went wrong. Please try again.'
const SESSION_EXPIRED = 'Your session has expired. Please sign in again.'
const EXPECTED: Record<Exclude<Mode, 'ok'>, string> = {
  // The stub answers after 2 s, the app gives up after 500 ms: had it waited, the screen would
  // show the late answer's content instead of the message.
  slow: GENERIC,
  html500: GENERIC,
  badjson: GENERIC,
  unauthorized: SESSION_EXPIRED,
  down: GENERIC,
}

for (const fault of ['slow', 'html500', 'badjson', 'unauthorized', 'down'] as const) {
  test(`provider fault "${fault}": sign-in and the signed-in screens answer with a friendly message`, async ({ page }) => {
    test.setTimeout(60_000)
    // Sign in while the provider is healthy, then break it ('down' runs last: it stops the stub).
    mode = 'ok'
    await page.goto(`${app.baseURL}/customer/signin`)
    await page.getByLabel('Email', { exact: true }).fill('pat@example.com')
    await page.getByLabel('Password', { exact: true }).fill('Patient#123')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(/\/customer\/dashboard/)

    mode = fault === 'down' ? 'ok' : fault
    if (fault === 'down') await new Promise<void>((resolve) => stub.close(() => resolve()))
    // Every call refused: the one refresh fails too, so the patient is signed out and told why.
    const paths = fault === 'unauthorized' ? ['/customer/dashboard'] : ['/customer/dashboard', '/customer/log-data', '/customer/profile']
    for (const path of paths) {
      const response = await page.goto(`${app.baseURL}${path}`)
      if (fault === 'unauthorized') {
        // Signed out: the sign-in page, with the way back, answered normally.
        await expect(page, path).toHaveURL(`${app.baseURL}/customer/signin?redirectTo=${encodeURIComponent(path)}`)
        expect(response!.status(), path).toBe(200)
      } else {
        await expect(page, path).toHaveURL(`${app.baseURL}${path}`)
        expect(response!.status(), path).toBe(STATUS[path])
      }
      await expect(page.locator('body'), path).not.toContainText(/\n\s+at |node_modules/)
      await expect(page.getByText(EXPECTED[fault], { exact: true }).first(), path).toBeVisible()
    }
    const health = await page.request.get(`${app.baseURL}/healthz`)
    expect(health.status()).toBe(200)
  })
}
