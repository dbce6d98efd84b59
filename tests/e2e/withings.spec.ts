// Withings end to end against the local Withings simulator the e2e server starts
// (WITHINGS_SIMULATOR=1). Each test creates its own patient, who signs in to the simulated Withings
// with their own e-mail address, so the measures seeded for it are theirs alone.
import { expect, test, type Page } from '@playwright/test'
import { WITHINGS_SIMULATOR_URL } from './support/constants'
import { CONNECT_PATH } from './support/devices'
import { hideTour, isoDaysFromToday, logDataDayPath } from './support/log-data'
import { receivedFrom } from './support/provider'
import { signInNewCustomer } from './support/sign-in'
import {
  connectWithings,
  expectWithingsStatus,
  expireWithingsAccess,
  revokeAtWithings,
  seedWithings,
  withingsCard,
  withingsReceived,
} from './support/withings'

const TODAY = isoDaysFromToday(0)
const noon = (days: number) => `${isoDaysFromToday(days)}T12:00:00Z`
const REVOKED = "Withings no longer accepts BariCare's access: it was revoked or has expired."

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first()
}

async function metricOn(page: Page, day: string, metric: 'weight' | 'sleep') {
  await page.goto(logDataDayPath(day))
  return page.getByTestId(`day-${day}`).getByTestId(`metric-${metric}`)
}

async function syncNow(page: Page) {
  await page.goto(CONNECT_PATH)
  await withingsCard(page)
    .getByRole('button', { name: /Sync now/ })
    .click()
}

async function disconnectKeeping(page: Page) {
  await page.goto(CONNECT_PATH)
  await withingsCard(page).getByRole('link', { name: 'Disconnect' }).click()
  const confirm = page.getByTestId('disconnect-confirm')
  await expect(confirm.getByRole('heading', { name: 'Disconnect Withings?' })).toBeVisible()
  await expect(confirm.getByLabel('Keep imported data')).toBeChecked()
  await confirm.getByRole('button', { name: 'Disconnect' }).click()
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Withings (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, () => {
    test.use({ javaScriptEnabled })
    test.beforeEach(async ({ page }) => hideTour(page))

    test('connect (Allow) → first import in the log and on the dashboard → a later incremental sync → disconnect revokes at Withings', async ({
      page,
    }) => {
      // A whole journey across two sites and four screens.
      test.slow()
      const customer = await signInNewCustomer(page)
      await seedWithings(customer.email, {
        weights: [
          { at: noon(-3), kg: 101.2 },
          { at: noon(-2), kg: 100.85, unit: -2 },
          { at: noon(-1), kg: 100.4 },
        ],
        sleep: [
          {
            start: `${isoDaysFromToday(-2)}T22:30:00Z`,
            end: `${isoDaysFromToday(-1)}T06:45:00Z`,
            sleep_score: 78,
          },
        ],
      })
      await page.goto(CONNECT_PATH)
      await expectWithingsStatus(page, 'Not connected')
      await expect(withingsCard(page).getByTestId('availability-note')).toHaveCount(0)

      await connectWithings(page, customer.email)
      await expect(toast(page, 'Withings connected')).toBeVisible()
      await expect(toast(page, 'Imported 3 weight readings and 1 night of sleep.')).toBeVisible()
      await expectWithingsStatus(page, 'Connected')
      await expect(withingsCard(page).getByTestId('last-synced')).toHaveText('just now')

      // The code went to the API, never a token to the browser; the API exchanged it at Withings.
      const [complete] = await receivedFrom(customer, 'v1/auth/devices/complete/')
      expect(complete.body).toMatchObject({
        service: 'withings',
        code: expect.any(String),
        state: expect.any(String),
      })
      const exchanged = (await withingsReceived(customer.email)).filter(
        (r) => r.action === 'requesttoken' && r.params.grant_type === 'authorization_code',
      )
      expect(exchanged).toHaveLength(1)
      expect(exchanged[0].status).toBe(0)

      await expect(await metricOn(page, isoDaysFromToday(-1), 'weight')).toContainText('From Withings')
      await expect(await metricOn(page, isoDaysFromToday(-1), 'sleep')).toContainText('From Withings')
      await page.goto('/customer/dashboard')
      await expect(page.getByTestId('sync-line')).toContainText('Last synced just now')

      // Today's weighing arrives at Withings; Sync now asks only for what changed since.
      const asked = (await withingsReceived(customer.email)).filter((r) => r.action === 'getmeas')
      const firstLastupdate = Number(asked.at(-1)!.params.lastupdate)
      await seedWithings(customer.email, { weights: [{ at: noon(0), kg: 99.9 }] })
      await expect(await metricOn(page, TODAY, 'weight')).toContainText('No entry')
      await syncNow(page)
      await expect(toast(page, 'Withings synced')).toBeVisible()
      await expect(toast(page, 'Imported 1 weight reading.')).toBeVisible()
      const later = (await withingsReceived(customer.email)).filter((r) => r.action === 'getmeas').at(-1)!
      expect(Number(later.params.lastupdate)).toBeGreaterThan(firstLastupdate)
      expect(Number(later.params.lastupdate)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 120)
      await expect(await metricOn(page, TODAY, 'weight')).toContainText('From Withings')

      await disconnectKeeping(page)
      await expect(toast(page, 'Withings disconnected')).toBeVisible()
      await expectWithingsStatus(page, 'Not connected')
      const revoked = (await withingsReceived()).filter((r) => r.action === 'revoke' && r.status === 0)
      const userid = exchanged[0].userid
      expect(revoked.filter((r) => r.params.userid === String(userid))).toHaveLength(1)
      await expect(await metricOn(page, TODAY, 'weight')).toContainText('From Withings')
    })

    test('an expired access token is refreshed on the next sync; a revoked one shows Needs attention with the reason, and Reconnect recovers', async ({
      page,
    }) => {
      test.slow()
      const customer = await signInNewCustomer(page)
      await seedWithings(customer.email, { weights: [{ at: noon(-1), kg: 88.2 }] })
      await connectWithings(page, customer.email)
      await expect(toast(page, 'Withings connected')).toBeVisible()

      await expireWithingsAccess(customer.email)
      await seedWithings(customer.email, { weights: [{ at: noon(0), kg: 88 }] })
      await syncNow(page)
      await expect(toast(page, 'Withings synced')).toBeVisible()
      await expect(toast(page, 'Imported 1 weight reading.')).toBeVisible()
      await expectWithingsStatus(page, 'Connected')
      const seen = (await withingsReceived(customer.email)).map(
        (r) => `${r.action}:${r.params.grant_type ?? ''}:${r.status}`,
      )
      expect(seen).toContain('requesttoken:refresh_token:0')

      await revokeAtWithings(customer.email)
      await syncNow(page)
      await expect(toast(page, 'Withings could not sync')).toBeVisible()
      await expectWithingsStatus(page, 'Needs attention')
      await expect(withingsCard(page).getByTestId('connection-problem')).toContainText(REVOKED)
      await page.goto('/customer/dashboard')
      await expect(page.getByTestId('sync-line')).toContainText(`Withings needs attention: ${REVOKED}`)

      await connectWithings(page, customer.email, 'Allow', /Reconnect/)
      await expect(toast(page, 'Withings connected')).toBeVisible()
      await expectWithingsStatus(page, 'Connected')
      await expect(withingsCard(page).getByTestId('connection-problem')).toHaveCount(0)
    })

    test('Deny at Withings: a clear message and still Not connected', async ({ page }) => {
      const customer = await signInNewCustomer(page)
      await connectWithings(page, customer.email, 'Deny')
      await expect(toast(page, 'Withings was not connected')).toBeVisible()
      await expectWithingsStatus(page, 'Not connected')
    })
  })
}

test.describe('Withings notifications', () => {
  test.beforeEach(async ({ page }) => hideTour(page))

  test("a notification from Withings (through the app's /webhooks/withings) brings a new reading without Sync now", async ({
    page,
  }) => {
    test.slow()
    const customer = await signInNewCustomer(page)
    await seedWithings(customer.email, { weights: [{ at: noon(-1), kg: 77.7 }] })
    await connectWithings(page, customer.email)
    await expect(toast(page, 'Withings connected')).toBeVisible()
    await seedWithings(customer.email, { weights: [{ at: noon(0), kg: 77.2 }] })
    const response = await fetch(new URL('__sim/notify', WITHINGS_SIMULATOR_URL), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: customer.email }),
    })
    // Subscribed for weight and sleep: two notifications, both accepted by the app.
    expect(((await response.json()) as { sent: number[] }).sent).toEqual([200, 200])
    await expect(async () => {
      await expect(await metricOn(page, TODAY, 'weight')).toContainText('From Withings', { timeout: 1_000 })
    }).toPass({ timeout: 30_000 })

    // Anyone can post here: the answer must not tell a linked Withings user id from any other.
    const user = (await (
      await fetch(new URL(`__sim/user?email=${encodeURIComponent(customer.email)}`, WITHINGS_SIMULATOR_URL), {
        method: 'POST',
      })
    ).json()) as { userid: number }
    const forge = async (userid: string) => {
      const answer = await page.request.post('/webhooks/withings', { form: { userid, appli: '1' } })
      return { status: answer.status(), type: answer.headers()['content-type'], body: await answer.text() }
    }
    const unknown = await forge('999')
    expect(unknown.status).toBe(200)
    expect(await forge(String(user.userid))).toEqual(unknown)
  })
})
