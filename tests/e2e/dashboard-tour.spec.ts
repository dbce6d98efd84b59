import { expect, test, type Page } from '@playwright/test'
import { createCustomer, customerToken, providerCall, receivedFrom } from './support/provider'
import { atRest, settled } from './support/settled'
import { signInCustomer } from './support/sign-in'

// The patient's dashboard (a real summary of the profile, nothing invented) and its guided tour.

const LBS_PER_KG = 2.20462
const kg = (lbs: number) => Math.round((lbs / LBS_PER_KG) * 1000) / 1000

async function signedInPatient(page: Page, ...args: Parameters<typeof createCustomer>) {
  const customer = await createCustomer(...args)
  await signInCustomer(page, customer.email, customer.password)
  await expect(page).toHaveURL(/\/customer\/dashboard$/)
  return customer
}

async function skipTourForGood(page: Page) {
  await page.evaluate(() => window.localStorage.setItem('has_seen_tour', 'true'))
  await page.reload()
}

const tooltip = (page: Page) => page.getByRole('alertdialog')
const counter = (page: Page) => page.getByTestId('tour-counter')

async function profileSaysSeen(email: string, password: string) {
  const token = await customerToken(email, password)
  const { json } = await providerCall<{ profile: { has_seen_tour: boolean } }>('GET', 'v1/auth/profile/', { token })
  return json.content.profile.has_seen_tour
}

test.describe('dashboard summary', () => {
  test('a patient in kg: surgery, weights, BMI and device from the profile', async ({ page }) => {
    await signedInPatient(page, undefined, {
      personal: { full_name: 'Kim Kilos', height: 165, height_unit: 'cm', initial_weight: 112.5, weight_unit: 'kg' },
      bariatric: { surgery_date: '2025-09-15', pre_surgery_weight: 118, goal_weight: 75 },
    })
    await skipTourForGood(page)
    await expect(page).toHaveTitle('Dashboard | BariCare')
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Kim' })).toBeVisible()

    const surgery = page.getByTestId('surgery-summary')
    await expect(surgery).toContainText('Had bariatric surgery')
    await expect(surgery).toContainText('Sleeve Gastrectomy')
    await expect(surgery).toContainText('09/15/2025')
    const days = Math.round((Date.now() - new Date(2025, 8, 15).getTime()) / 86_400_000)
    // The server and the test may straddle midnight; one day either way is the same answer.
    const shown = Number((await page.getByTestId('surgery-days').textContent())?.match(/\d+/)?.[0])
    expect(Math.abs(shown - days)).toBeLessThanOrEqual(1)
    await expect(surgery).toContainText('since your surgery')

    const weight = page.getByTestId('weight-summary')
    await expect(page.getByTestId('weight-current')).toHaveText('112.5 kg')
    await expect(weight).toContainText('Pre-surgery118.0 kg')
    await expect(weight).toContainText('Goal75.0 kg')
    await expect(weight).toContainText('To goal37.5 kg')
    // 112.5 / 1.65² = 41.32
    await expect(page.getByTestId('bmi-value')).toHaveText('41.3')
    await expect(page.getByTestId('bmi-summary')).toContainText('Obesity')
    await expect(page.getByTestId('bmi-summary')).toContainText('165 cm')
    await expect(page.getByTestId('device-name')).toHaveText('Apple Watch')
    await expect(page.getByTestId('device-summary')).toContainText('iOS')

    for (const [name, url] of [
      ['Log Data', /\/customer\/log-data$/],
      ['Health Trends', /\/customer\/health-trends$/],
      ['Connect Devices', /\/customer\/connect-devices$/],
    ] as const) {
      await page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) }).first().click()
      await expect(page).toHaveURL(url)
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await page.goBack()
    }
  })

  test('a patient in lbs sees every weight in lbs, one decimal', async ({ page }) => {
    await signedInPatient(page, undefined, {
      personal: { full_name: 'Leo Pounds', height: 177.8, height_unit: 'ft-in', initial_weight: kg(262), weight_unit: 'lbs' },
      bariatric: { pre_surgery_weight: kg(275), pre_surgery_weight_unit: 'lbs', goal_weight: kg(185), goal_weight_unit: 'lbs' },
    })
    await skipTourForGood(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Leo' })).toBeVisible()
    await expect(page.getByTestId('weight-current')).toHaveText('262.0 lbs')
    await expect(page.getByTestId('weight-summary')).toContainText('Pre-surgery275.0 lbs')
    await expect(page.getByTestId('weight-summary')).toContainText('Goal185.0 lbs')
    await expect(page.getByTestId('weight-summary')).toContainText('To goal77.0 lbs')
    await expect(page.getByTestId('bmi-summary')).toContainText('5 ft 10 in')
    // 118.841 kg / 1.778² = 37.59
    await expect(page.getByTestId('bmi-value')).toHaveText('37.6')
  })

  test('says what is missing instead of inventing it, and links to where it is entered', async ({ page }) => {
    await signedInPatient(page, undefined, {
      bariatric: { bariatric_status: 'plan' },
      device: { has_wearable: false, need_device_shipment: true, wearable_type: null, wearable_os: 'android' },
    })
    await skipTourForGood(page)
    const surgery = page.getByTestId('surgery-summary')
    await expect(surgery).toContainText('Planning bariatric surgery')
    await expect(page.getByTestId('surgery-days')).toHaveCount(0)
    await expect(page.getByTestId('weight-summary')).toContainText('GoalNot recorded')
    // Under the list (a <dl> holds only name–value groups), still on the weight card.
    await expect(page.getByTestId('weight-summary').locator('xpath=following-sibling::p[1]')).toContainText('No goal weight yet.')
    await expect(page.getByTestId('device-name')).toHaveText('You asked us for a device')
    await page.getByRole('link', { name: 'Set a goal weight.' }).click()
    await expect(page).toHaveURL(/\/customer\/profile\?tab=medical$/)
  })

  test('without JavaScript the dashboard simply shows, with no tour', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await signedInPatient(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Pat' })).toBeVisible()
    await expect(page.getByTestId('weight-current')).toHaveText('120.0 kg')
    await expect(page.getByText("Here's How Your Dashboard Works")).toHaveCount(0)
    await context.close()
  })
})

test.describe('guided tour', () => {
  test('runs from the welcome card to Done, counts n / total-1, restarts, and ends for good', async ({ page }) => {
    const posts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/resources/tour-completed')) posts.push(r.url())
    })
    const customer = await signedInPatient(page)

    await expect(tooltip(page)).toBeVisible()
    await expect(tooltip(page).getByRole('heading', { name: "Here's How Your Dashboard Works" })).toBeVisible()
    await expect(tooltip(page).getByRole('listitem')).toHaveCount(3)
    await expect(tooltip(page)).toContainText('syncing')
    await expect(tooltip(page)).toContainText('weekly weight, sleep and meals')
    await expect(tooltip(page)).toContainText('health trends')
    await expect(tooltip(page).getByRole('button', { name: 'Skip Tour and Explore' })).toBeVisible()
    await tooltip(page).getByRole('button', { name: 'Start Guided Tour' }).click()

    const titles = ['Your progress at a glance', 'Log your week', 'Follow your trends', 'Connect your device', 'Your profile details']
    for (const [i, title] of titles.entries()) {
      await expect(tooltip(page).getByRole('heading', { name: title })).toBeVisible()
      await expect(counter(page)).toHaveText(`${i + 1} / ${titles.length}`)
      // Steps 2 to 4 (the first three after the welcome card) carry an illustration.
      await expect(tooltip(page).locator('[data-tour-illustration]')).toHaveCount(i < 3 ? 1 : 0)
      if (i < titles.length - 1) {
        await expect(tooltip(page).getByRole('button', { name: 'Cancel' })).toBeVisible()
        await atRest(tooltip(page))
        await tooltip(page).getByRole('button', { name: 'Next' }).click()
      }
    }
    await expect(tooltip(page).getByRole('button', { name: 'Next' })).toHaveCount(0)
    await tooltip(page).getByRole('button', { name: 'Restart' }).click()
    await expect(tooltip(page).getByRole('heading', { name: "Here's How Your Dashboard Works" })).toBeVisible()
    expect(posts).toHaveLength(0)

    await tooltip(page).getByRole('button', { name: 'Start Guided Tour' }).click()
    // Each Next waits for the step it leads to: a click that lands while the tooltip moves to its
    // next target is not a click on the next step's button.
    for (let i = 0; i < titles.length - 1; i++) {
      await expect(counter(page)).toHaveText(`${i + 1} / ${titles.length}`)
      await atRest(tooltip(page))
      await tooltip(page).getByRole('button', { name: 'Next' }).click()
    }
    await expect(counter(page)).toHaveText(`${titles.length} / ${titles.length}`)
    await tooltip(page).getByRole('button', { name: 'Done' }).click()
    await expect(tooltip(page)).toBeHidden()

    expect(await page.evaluate(() => window.localStorage.getItem('has_seen_tour'))).toBe('true')
    await expect.poll(() => posts.length).toBe(1)
    await expect.poll(() => profileSaysSeen(customer.email, customer.password)).toBe(true)
    const told = await receivedFrom(customer, 'v1/auth/tour-completed/')
    expect(told.map((r) => r.status)).toEqual([200])

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Pat' })).toBeVisible()
    await settled(page)
    await expect(tooltip(page)).toHaveCount(0)
    expect(posts).toHaveLength(1)
  })

  test('Skip Tour and Explore ends it; the provider remembers it in another browser', async ({ page, browser }) => {
    const customer = await signedInPatient(page)
    await tooltip(page).getByRole('button', { name: 'Skip Tour and Explore' }).click()
    await expect(tooltip(page)).toBeHidden()
    expect(await page.evaluate(() => window.localStorage.getItem('has_seen_tour'))).toBe('true')
    await expect.poll(() => profileSaysSeen(customer.email, customer.password)).toBe(true)

    // Fresh local storage: only the provider's has_seen_tour keeps the tour away.
    const other = await browser.newPage()
    await signInCustomer(other, customer.email, customer.password)
    await expect(other.getByRole('heading', { level: 1, name: 'Hello, Pat' })).toBeVisible()
    await settled(other)
    await expect(tooltip(other)).toHaveCount(0)
    await other.close()
  })

  test('Escape closes it, and so does a click on the overlay', async ({ page, browser }) => {
    await signedInPatient(page)
    await tooltip(page).getByRole('button', { name: 'Start Guided Tour' }).click()
    await expect(counter(page)).toHaveText('1 / 5')
    await page.keyboard.press('Escape')
    await expect(tooltip(page)).toBeHidden()
    await settled(page)
    await expect(tooltip(page)).toHaveCount(0)
    expect(await page.evaluate(() => window.localStorage.getItem('has_seen_tour'))).toBe('true')

    const second = await browser.newPage()
    const customer = await createCustomer()
    await signInCustomer(second, customer.email, customer.password)
    await tooltip(second).getByRole('button', { name: 'Start Guided Tour' }).click()
    await expect(counter(second)).toHaveText('1 / 5')
    await second.getByTestId('overlay').click({ position: { x: 5, y: 5 } })
    await expect(tooltip(second)).toBeHidden()
    expect(await second.evaluate(() => window.localStorage.getItem('has_seen_tour'))).toBe('true')
    await second.close()
  })

  test('a step whose target is missing is skipped', async ({ page }) => {
    await signedInPatient(page)
    await tooltip(page).getByRole('button', { name: 'Start Guided Tour' }).click()
    await expect(counter(page)).toHaveText('1 / 5')
    await atRest(tooltip(page))
    await tooltip(page).getByRole('button', { name: 'Next' }).click()
    await expect(counter(page)).toHaveText('2 / 5')
    await page.evaluate(() => document.querySelector('[data-tour="health-trends"]')?.remove())
    await atRest(tooltip(page))
    await tooltip(page).getByRole('button', { name: 'Next' }).click()
    await expect(tooltip(page).getByRole('heading', { name: 'Connect your device' })).toBeVisible()
    await expect(counter(page)).toHaveText('4 / 5')
  })
})
