import { expect, test, type Locator, type Page } from '@playwright/test'
import { hideTour, isoDaysFromToday, usDate } from './support/log-data'
import { createCustomer, receivedFrom } from './support/provider'
import { signInCustomer, signInNewCustomer, signInNewCustomerAt } from './support/sign-in'
import { seedHistory } from './support/trends'

// Charts that read at 375 px and 1280 px (labels beside the plot, never on
// it; none overlapping another), range tabs on one line, and water in fl oz for an lbs patient.

type Box = { x: number; y: number; width: number; height: number }

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5

async function visibleBoxes(locator: Locator): Promise<Box[]> {
  const boxes: Box[] = []
  for (const element of await locator.all()) {
    if (!(await element.isVisible())) continue
    const box = await element.boundingBox()
    if (box && box.width > 0) boxes.push(box)
  }
  return boxes
}

/** Every chart's plot box and label boxes, read in one go (visible labels only). */
async function chartBoxes(page: Page, id: string) {
  return page.getByTestId(`trend-${id}`).evaluate((card, id) => {
    const box = (element: Element) => {
      const r = element.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height }
    }
    const visible = (selector: string) =>
      [...card.querySelectorAll(selector)]
        .filter(
          (element) =>
            element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden',
        )
        .map(box)
        .filter((b) => b.width > 0)
    return {
      card: box(card),
      plot: box(card.querySelector(`[data-testid="${id}-plot"]`)!),
      y: visible('[data-axis-label="y"]'),
      x: visible('[data-axis-label="x"]'),
      references: visible('[data-reference-label]'),
      markers: visible('[data-marker-label]'),
    }
  }, id)
}

async function checkChart(page: Page, id: string, where: string) {
  const { card: cardBox, plot, y, x, references, markers } = await chartBoxes(page, id)
  expect(y.length, `${where}: y labels`).toBeGreaterThanOrEqual(2)
  expect(x.length, `${where}: x labels`).toBeGreaterThanOrEqual(1)
  for (const box of y)
    expect(box.x + box.width, `${where}: y label left of the plot`).toBeLessThanOrEqual(plot.x + 0.5)
  for (const box of x)
    expect(box.y, `${where}: x label below the plot`).toBeGreaterThanOrEqual(plot.y + plot.height - 0.5)
  for (const box of references)
    expect(box.x, `${where}: target label right of the plot`).toBeGreaterThanOrEqual(
      plot.x + plot.width - 0.5,
    )
  for (const box of markers)
    expect(box.y + box.height, `${where}: marker label above the plot`).toBeLessThanOrEqual(plot.y + 0.5)
  const labels = [...y, ...x, ...references, ...markers]
  for (const box of labels) expect(overlaps(box, plot), `${where}: a label on the plot`).toBe(false)
  for (let a = 0; a < labels.length; a++)
    for (let b = a + 1; b < labels.length; b++)
      expect(overlaps(labels[a], labels[b]), `${where}: labels ${a} and ${b} overlap`).toBe(false)
  // Nothing spills out of the card sideways.
  for (const box of labels) {
    expect(box.x).toBeGreaterThanOrEqual(cardBox.x)
    expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width)
  }
}

/** A patient in lbs, a year of history and more, signed in on `page` (the tour marked as seen). */
async function signInYearPatient(page: Page) {
  await hideTour(page)
  const customer = await signInNewCustomer(page, undefined, {
    personal: { weight_unit: 'lbs', height_unit: 'ft-in' },
    bariatric: { surgery_date: isoDaysFromToday(-300) },
  })
  await seedHistory(customer.email, 400)
}

test('axis, target and follow-up labels sit beside the plot and never overlap, at 375, 768 and 1280 px', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signInYearPatient(page)
  // One page for the three: each width and theme is set before its pages load, as a new context would.
  for (const [width, colorScheme] of [
    [375, 'light'],
    // A tablet: the sidebar is open and leaves the charts about 500 px.
    [768, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 })
    await page.emulateMedia({ colorScheme })
    for (const range of ['7d', '30d', '1y', 'all']) {
      await page.goto(`/customer/health-trends?range=${range}`)
      for (const id of ['weight', 'loss', 'sleep', 'protein', 'water'])
        await checkChart(page, id, `${range} at ${width}px, ${id}`)
      // The page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      if (range === '7d') {
        // A week labels every day under its own bar.
        const bars = await page
          .getByTestId('sleep-svg')
          .locator('rect')
          .evaluateAll((rects) =>
            rects.map((r) => r.getBoundingClientRect()).map((b) => ({ x: b.x, width: b.width })),
          )
        const days = (await chartBoxes(page, 'sleep')).x
        expect(days).toHaveLength(7)
        for (const bar of bars) {
          const centre = bar.x + bar.width / 2
          expect(days.some((d) => Math.abs(d.x + d.width / 2 - centre) < 2)).toBe(true)
        }
      }
      if (range === '1y') {
        // A year is a weekly band, not hundreds of bars; the goal far below is named at the edge.
        await expect(page.getByTestId('sleep-svg').locator('rect')).toHaveCount(0)
        await expect(page.getByTestId('sleep-svg').locator('[data-band]').first()).toBeAttached()
        await expect(page.getByTestId('trend-weight').locator('[data-reference-label="Goal"]')).toHaveText(
          /^↓ Goal \d+\.\d lbs$/,
        )
        await expect(page.getByTestId('trend-loss').locator('[data-marker-label^="Surgery"]:visible')).toHaveText(
          'Surgery',
        )
      }
    }
  }
})

test('the range tabs fit on one line at 375 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
  const page = await context.newPage()
  await hideTour(page)
  await signInNewCustomerAt(page, '/customer/health-trends')
  const tabs = await visibleBoxes(page.getByRole('navigation', { name: 'Range' }).getByRole('link'))
  expect(tabs).toHaveLength(5)
  for (const tab of tabs) expect(Math.abs(tab.y - tabs[0].y)).toBeLessThan(1)
  const last = tabs[4]
  expect(last.x + last.width).toBeLessThanOrEqual(375)
  await context.close()
})

test('a patient who weighs in lbs logs and reads water in fl oz; the provider still gets ml', async ({
  page,
}) => {
  await hideTour(page)
  const customer = await createCustomer(undefined, { personal: { weight_unit: 'lbs', height_unit: 'ft-in' } })
  await signInCustomer(page, customer.email, customer.password)
  await expect(page.getByTestId('today-water')).toContainText('fl oz')
  await page.goto('/customer/log-data?log=water')
  const today = isoDaysFromToday(0)
  await page.getByLabel('Date', { exact: true }).fill(usDate(today))
  const amount = page.getByRole('textbox', { name: 'Water' })
  await amount.fill('400')
  await page.getByRole('button', { name: 'Save water' }).click()
  await expect(page.getByText('Water must be between 0 and 338 fl oz')).toBeVisible()
  await amount.fill('8')
  await page.getByRole('button', { name: 'Save water' }).click()
  await expect(page.getByText('Water logged', { exact: true }).first()).toBeVisible()
  const [posted] = await receivedFrom(customer, 'v1/auth/entries/water/')
  expect(posted.body).toEqual({ date: today, ml: 237 })
  await expect(page.getByTestId(`day-${today}`).getByTestId('metric-water')).toContainText('8 fl oz')
  await page.goto('/customer/health-trends?range=7d')
  await page.getByTestId('water-table').locator('summary').click()
  await expect(page.getByTestId('water-table').getByRole('columnheader')).toHaveText([
    'Date',
    'Water (fl oz)',
    'Target reached',
  ])
  await expect(page.getByTestId('trend-water').locator('[data-reference-label="Target"]')).toHaveText(
    '64 fl oz',
  )
})
