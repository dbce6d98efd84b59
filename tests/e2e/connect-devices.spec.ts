import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { CONNECT_PATH, connectDemo, demoCard, failNextSync, rewindSync } from './support/devices'
import { hideTour, isoDaysFromToday, logDataDayPath } from './support/log-data'
import { receivedFrom, receivedRequests } from './support/provider'
import { signInNewCustomer, signInNewCustomerAt } from './support/sign-in'
import { inViews, expectNoViolations } from './support/axe'

const TODAY = isoDaysFromToday(0)
const YESTERDAY = isoDaysFromToday(-1)

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first()
}

async function expectStatus(page: Page, status: string) {
  await expect(demoCard(page).getByTestId('connection-status')).toHaveText(status)
}

async function todaysWeight(page: Page) {
  await page.goto(logDataDayPath(TODAY))
  return page.getByTestId(`day-${TODAY}`).getByTestId('metric-weight')
}

test.describe('Connect Devices (with JavaScript)', () => {
  test.beforeEach(async ({ page }) => hideTour(page))

  test('connect (Allow) → synced → readings in the week with their source → sync now adds the new day → disconnect keeping data', async ({
    page,
  }) => {
    const customer = await signInNewCustomer(page)
    await page.goto(CONNECT_PATH)
    await expect(page).toHaveTitle('Connect Devices | BariCare')
    await expectStatus(page, 'Not connected')
    await expect(demoCard(page)).toContainText('Weight, sleep and activity')

    await connectDemo(page)
    await expect(toast(page, 'Demo Health connected')).toBeVisible()
    await expect(toast(page, 'Imported 14 weight readings and 13 nights of sleep.')).toBeVisible()
    await expectStatus(page, 'Connected')
    const synced = demoCard(page).getByTestId('last-synced')
    await expect(synced).toHaveText('just now')
    // The exact time is there on focus, as the time's description.
    await synced.focus()
    await expect(page.getByRole('tooltip')).toBeVisible()
    await expect(synced).toHaveAccessibleDescription(/\d{4}, \d{1,2}:\d{2} [AP]M/)

    const [complete] = await receivedFrom(customer, 'v1/auth/devices/complete/')
    expect(complete.body).toMatchObject({
      service: 'demo_health',
      code: expect.any(String),
      state: expect.any(String),
    })

    // The week view: today's weight came from Demo Health, and says so.
    const weight = await todaysWeight(page)
    await expect(weight).toContainText('From Demo Health')
    await expect(page.getByTestId('day-entries')).toContainText('From Demo Health')
    // Last night's sleep, on yesterday (last week's on a Monday).
    await page.goto(logDataDayPath(YESTERDAY))
    await expect(page.getByTestId(`day-${YESTERDAY}`).getByTestId('metric-sleep')).toContainText(
      'From Demo Health',
    )

    // A day later: today's reading is not there yet; Sync now brings it.
    await rewindSync(customer.email, 1)
    await expect(await todaysWeight(page)).toContainText('No entry')
    await page.goto(CONNECT_PATH)
    await demoCard(page)
      .getByRole('button', { name: /Sync now/ })
      .click()
    await expect(toast(page, 'Demo Health synced')).toBeVisible()
    await expect(toast(page, 'Imported 1 weight reading.')).toBeVisible()
    await expect(demoCard(page).getByTestId('last-synced')).toHaveText('just now')
    await expect(await todaysWeight(page)).toContainText('From Demo Health')

    // Disconnect, keeping the data.
    await page.goto(CONNECT_PATH)
    await demoCard(page).getByRole('link', { name: 'Disconnect' }).click()
    const confirm = page.getByTestId('disconnect-confirm')
    await expect(confirm.getByRole('heading', { name: 'Disconnect Demo Health?' })).toBeFocused()
    await expect(confirm.getByLabel('Keep imported data')).toBeChecked()
    await confirm.getByRole('button', { name: 'Disconnect' }).click()
    await expect(toast(page, 'Demo Health disconnected')).toBeVisible()
    await expect(toast(page, 'Its imported readings stay in your log.')).toBeVisible()
    await expectStatus(page, 'Not connected')
    const [disconnect] = await receivedFrom(customer, 'v1/auth/devices/disconnect/')
    expect(disconnect.body).toEqual({ service: 'demo_health', delete_imported: false })
    await expect(await todaysWeight(page)).toContainText('From Demo Health')
  })

  test('Deny: a clear message and still Not connected', async ({ page }) => {
    await signInNewCustomer(page)
    await connectDemo(page, 'Deny')
    await expect(toast(page, 'Demo Health was not connected')).toBeVisible()
    await expect(toast(page, 'You chose not to allow access, so nothing was shared.')).toBeVisible()
    await expectStatus(page, 'Not connected')
  })

  test('a forged state is refused and nothing is connected', async ({ page }) => {
    await signInNewCustomer(page)
    await page.goto(CONNECT_PATH)
    await demoCard(page)
      .getByRole('button', { name: /Connect Demo Health/ })
      .click()
    await expect(page).toHaveURL(/\/dev\/device-consent/)
    const consentUrl = page.url()
    const forged = `forged-${randomUUID()}`
    await page.goto(`${CONNECT_PATH}/callback?code=stolen-code&state=${forged}`)
    await expect(page).toHaveURL(new RegExp(`${CONNECT_PATH}$`))
    await expect(toast(page, 'Connection refused')).toBeVisible()
    await expectStatus(page, 'Not connected')
    const completes = await receivedRequests('v1/auth/devices/complete/')
    expect(completes.filter((request) => JSON.stringify(request.body).includes(forged))).toEqual([])
    // The pending state was cleared too: even the real answer cannot complete it now.
    await page.goto(consentUrl)
    await page.getByRole('button', { name: 'Allow', exact: true }).click()
    await expect(toast(page, 'Connection refused')).toBeVisible()
    await expectStatus(page, 'Not connected')
  })

  test('a failing sync shows Needs attention with the reason and Reconnect; the dashboard line follows', async ({
    page,
  }) => {
    const customer = await signInNewCustomerAt(page, '/customer/dashboard')
    await expect(page.getByTestId('sync-line')).toHaveText('No device connected yet. Connect a device')

    await connectDemo(page)
    await page.goto('/customer/dashboard')
    await expect(page.getByTestId('sync-line')).toContainText('Last synced just now')

    await rewindSync(customer.email, 3)
    await page.goto('/customer/dashboard')
    const line = page.getByTestId('sync-line')
    await expect(line).toContainText('Not synced for 3 days — check your connection.')
    await line.getByRole('link', { name: 'Manage connections' }).click()
    await expect(page).toHaveURL(new RegExp(`${CONNECT_PATH}$`))

    const reason = 'Demo Health says the access was revoked on its side.'
    await failNextSync(customer.email, reason)
    await demoCard(page)
      .getByRole('button', { name: /Sync now/ })
      .click()
    await expect(toast(page, 'Demo Health could not sync')).toBeVisible()
    await expectStatus(page, 'Needs attention')
    await expect(demoCard(page).getByTestId('connection-problem')).toContainText(reason)

    await page.goto('/customer/dashboard')
    await expect(page.getByTestId('sync-line')).toContainText(`Demo Health needs attention: ${reason}`)
    await page.getByTestId('sync-line').getByRole('link', { name: 'Reconnect' }).click()

    await demoCard(page)
      .getByRole('button', { name: /Reconnect/ })
      .click()
    await page.getByRole('button', { name: 'Allow', exact: true }).click()
    await expect(toast(page, 'Demo Health connected')).toBeVisible()
    await expectStatus(page, 'Connected')
    await expect(demoCard(page).getByTestId('connection-problem')).toHaveCount(0)
  })

  test('the phone explanation follows the onboarding answer; other services are honest about this environment', async ({
    page,
  }) => {
    await signInNewCustomerAt(page, CONNECT_PATH, undefined, {
      device: { wearable_type: 'Galaxy Watch', wearable_os: 'android' },
    })
    const phone = page.getByTestId('phone-apps')
    await expect(phone.getByRole('heading', { name: 'Health Connect' })).toBeVisible()
    await expect(phone).toContainText('You told us you use an Android phone with Galaxy Watch.')
    await expect(phone).toContainText('needs the BariCare mobile companion app')
    await expect(phone.getByRole('button')).toHaveCount(0)
    // Withings runs against its simulator in this server (tests/e2e/withings.spec.ts); Fitbit is not set up.
    const fitbit = page.getByTestId('service-fitbit')
    await expect(fitbit.getByTestId('availability-note')).toContainText(
      "Your clinic hasn't set up Fitbit / Google Health yet.",
    )
    await expect(fitbit.getByRole('button')).toHaveCount(0)

    // The profile's Connected tab summarises the connections and links here.
    await connectDemo(page)
    await page.goto('/customer/profile?tab=connected')
    const summary = page.getByTestId('connections-summary')
    await expect(summary).toContainText('Demo Health')
    await expect(summary.getByTestId('connection-status')).toHaveText('Connected')
    await summary.getByRole('link', { name: 'Manage connections in Connect Devices' }).click()
    await expect(page).toHaveURL(new RegExp(`${CONNECT_PATH}$`))
  })
})

test.describe('Connect Devices (without JavaScript)', () => {
  test.use({ javaScriptEnabled: false })

  test('connect, then disconnect deleting the imported data', async ({ page }) => {
    await signInNewCustomer(page)
    await connectDemo(page)
    await expect(toast(page, 'Demo Health connected')).toBeVisible()
    await expectStatus(page, 'Connected')
    await expect(demoCard(page).getByTestId('last-synced')).toHaveText('just now')
    await expect(await todaysWeight(page)).toContainText('From Demo Health')

    await page.goto(CONNECT_PATH)
    await demoCard(page).getByRole('link', { name: 'Disconnect' }).click()
    await expect(page).toHaveURL(/\?disconnect=demo_health/)
    const confirm = page.getByTestId('disconnect-confirm')
    await confirm.getByLabel('Delete imported data').check()
    await confirm.getByRole('button', { name: 'Disconnect' }).click()
    await expect(toast(page, 'Demo Health disconnected')).toBeVisible()
    await expect(toast(page, '27 imported readings were deleted.')).toBeVisible()
    await expectStatus(page, 'Not connected')
    await expect(await todaysWeight(page)).toContainText('No entry')
  })

  test('Cancel leaves the connection as it was', async ({ page }) => {
    await signInNewCustomer(page)
    await connectDemo(page)
    await page.goto(`${CONNECT_PATH}?disconnect=demo_health`)
    await page.getByTestId('disconnect-confirm').getByRole('link', { name: 'Cancel' }).click()
    await expect(page.getByTestId('disconnect-confirm')).toHaveCount(0)
    await expectStatus(page, 'Connected')
  })
})

test.describe('Connect Devices accessibility', () => {
  const PHONE = { width: 375, height: 812 }
  const DESKTOP = { width: 1280, height: 900 }

  /** The page as it is, in two width and theme pairs (switched in place), then back in its own. */
  async function axe(page: Page, index: number) {
    const views =
      index % 2 === 0
        ? [
            { ...PHONE, colorScheme: 'light' as const },
            { ...DESKTOP, colorScheme: 'dark' as const },
          ]
        : [
            { ...PHONE, colorScheme: 'dark' as const },
            { ...DESKTOP, colorScheme: 'light' as const },
          ]
    const own = page.viewportSize()
    const { pathname, search } = new URL(page.url())
    await inViews(page, pathname + search, views, (label) => expectNoViolations(page, label))
    if (own) await page.setViewportSize(own)
    await page.emulateMedia({ colorScheme: null })
  }

  test('consent page, connected with the disconnect question, needs attention: no axe violations', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    // "Not connected" is a11y.spec.ts's 'connect devices' screen (all four width/theme pairs).
    const customer = await signInNewCustomerAt(page, CONNECT_PATH)
    await demoCard(page)
      .getByRole('button', { name: /Connect Demo Health/ })
      .click()
    await expect(page).toHaveURL(/\/dev\/device-consent/)
    await axe(page, 1)
    await page.getByRole('button', { name: 'Allow', exact: true }).click()
    await expectStatus(page, 'Connected')
    await page.goto(`${CONNECT_PATH}?disconnect=demo_health`)
    await axe(page, 2)
    await page.goto(CONNECT_PATH)
    await failNextSync(customer.email, 'Demo Health access was revoked.')
    await demoCard(page)
      .getByRole('button', { name: /Sync now/ })
      .click()
    await expectStatus(page, 'Needs attention')
    await axe(page, 3)
  })

})
