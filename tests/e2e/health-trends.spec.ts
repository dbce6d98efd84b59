import { expect, test, type Page } from '@playwright/test'
import { hideTour, isoDaysFromToday } from './support/log-data'
import { customerAccountId, receivedRequests } from './support/provider'
import { signInNewCustomer, signInNewCustomerAt } from './support/sign-in'
import { lastDays, seededEntriesOn, seededWeight, seedHistory } from './support/trends'
import { settled } from './support/settled'
import { expectNoViolations } from './support/axe'

// /customer/health-trends for a patient with 120 days of seeded daily data (support/trends.ts
// knows every value), with and without JavaScript.
const DAYS = 120
const TODAY = isoDaysFromToday(0)

async function seededPatient(page: Page) {
  const customer = await signInNewCustomer(page)
  await seedHistory(customer.email, DAYS)
  return customer
}

const weightPath = (page: Page) =>
  page.getByTestId('weight-svg').locator('[data-series="weight"] path').first()

async function openTable(page: Page, chart: string) {
  const table = page.getByTestId(`${chart}-table`)
  // A disclosure stays open while the range changes (client navigation keeps it).
  if ((await table.getAttribute('open')) === null) await table.locator('summary').click()
  return table.getByRole('table')
}

test.beforeEach(async ({ page }) => hideTour(page))

test('each range is a link; the charts, summaries and tables follow it with one provider call', async ({
  page,
}) => {
  const customer = await seededPatient(page)
  await page.goto('/customer/health-trends')
  const ranges = page.getByRole('navigation', { name: 'Range' })
  await expect(ranges.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('trends-charts')).toHaveAttribute('data-bucket', 'day')
  for (const chart of ['weight', 'loss', 'sleep', 'protein', 'water']) {
    const svg = page.getByTestId(`${chart}-svg`)
    await expect(svg).toHaveAttribute('role', 'img')
    await expect(svg).toHaveAttribute('aria-labelledby', `${chart}-summary`)
  }
  await expect(page.getByTestId('weight-summary')).toHaveText(/^Down \d+\.\d kg in \d+ days\.$/)
  await expect(page.getByTestId('sleep-svg').locator('rect')).toHaveCount(29) // tonight is not logged yet
  // The goal (80 kg) lies far below 30 days near 110 kg: the axis fits the weights and the goal
  // is named at the plot's bottom edge instead of drawn.
  await expect(page.getByTestId('weight-svg').locator('[data-reference="Goal"]')).toHaveCount(0)
  await expect(page.getByTestId('trend-weight').locator('[data-reference-label="Goal"]')).toHaveText(
    '↓ Goal 80.0 kg',
  )
  await expect(page.getByTestId('sleep-svg').locator('[data-reference="7-hour line"]')).toHaveCount(1)

  const seen = new Set<string>()
  for (const [name, range, window] of [
    ['7 days', '7d', 7],
    ['90 days', '90d', 90],
    ['30 days', '30d', 30],
  ] as const) {
    await ranges.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(
      range === '30d' ? /\/customer\/health-trends$/ : new RegExp(`range=${range}$`),
    )
    await expect(ranges.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page')
    const d = await weightPath(page).getAttribute('d')
    expect(d).toBeTruthy()
    expect(seen.has(d!)).toBe(false) // the path changes with the range
    seen.add(d!)

    // The weight table lists exactly the days with a weight, newest value as the seed wrote it.
    const days = lastDays(DAYS, window)
    const weighed = days.filter((n) => seededWeight(n) !== null)
    const table = await openTable(page, 'weight')
    await expect(table.locator('tbody tr')).toHaveCount(weighed.length)
    const last = weighed[weighed.length - 1]
    await expect(table.locator('tbody tr').last().locator('td').first()).toHaveText(
      seededWeight(last)!.toFixed(1),
    )
    await expect(page.getByTestId('weight-svg').locator('[data-series="weight"] path')).not.toHaveCount(0)
  }

  // Every page view asked the provider once for its range.
  // Other tests share this provider: only this patient's calls count.
  const accountId = await customerAccountId(customer.email, customer.password)
  const calls = (await receivedRequests('/v1/auth/trends/readings/')).filter((call) => call.account_id === accountId)
  expect(calls).toHaveLength(4) // the first visit, then the three links
  expect(calls[0].query).toEqual({ from: isoDaysFromToday(-29), to: TODAY })
  expect(calls[1].query).toEqual({ from: isoDaysFromToday(-89), to: TODAY })
  expect(calls[2].query).toEqual({ from: isoDaysFromToday(-6), to: TODAY })
})

// "All" is drawn by the span logged (trends.ts bucketFor): this patient's four months are per day.
test('a year is drawn per week and "all" of four months per day; an unknown range falls back to 30 days', async ({ page }) => {
  const customer = await seededPatient(page)
  await page.goto('/customer/health-trends?range=1y')
  await expect(page.getByTestId('trends-charts')).toHaveAttribute('data-bucket', 'week')
  const table = await openTable(page, 'weight')
  await expect(table.getByRole('columnheader')).toHaveText([
    'Week',
    'Average weight (kg)',
    'Days weighed',
    'Source',
  ])
  const rows = await table.locator('tbody tr').count()
  expect(rows).toBeGreaterThanOrEqual(17)
  expect(rows).toBeLessThanOrEqual(19)

  await page.getByRole('link', { name: 'All', exact: true }).click()
  await expect(page).toHaveURL(/range=all$/)
  await expect(page.getByTestId('trends-charts')).toHaveAttribute('data-bucket', 'day')
  const accountId = await customerAccountId(customer.email, customer.password)
  const [all] = (await receivedRequests('/v1/auth/trends/readings/')).filter((call) => call.account_id === accountId)
  expect(all.query).toEqual({ to: TODAY })

  const response = await page.goto('/customer/health-trends?range=forever')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('link', { name: '30 days', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
})

test('Download CSV gives the range’s entries with units in the header', async ({ page }) => {
  await seededPatient(page)
  await page.goto('/customer/health-trends?range=7d')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ])
  const from = isoDaysFromToday(-6)
  expect(download.suggestedFilename()).toBe(`baricare-entries-${from}-to-${TODAY}.csv`)
  const text = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'))
  const lines = text.trimEnd().split('\r\n')
  expect(lines[0]).toBe(
    'date,kind,time,weight_kg,weight_lbs,sleep_hours,sleep_quality_1_to_5,bed_time,wake_time,meal_type,protein_g,calories_kcal,water_ml,water_fl_oz,vitamins_taken,source,note',
  )
  const expected = lastDays(DAYS, 7).reduce((total, n) => total + seededEntriesOn(n, n === DAYS - 1), 0)
  expect(lines).toHaveLength(1 + expected)
  expect(lines[1].startsWith(`${from},`)).toBe(true)
  expect(lines.at(-1)!.startsWith(`${TODAY},vitamins,`)).toBe(true)

  const response = await page.request.get('/customer/health-trends.csv?range=30d')
  expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8')
  expect(response.headers()['content-disposition']).toBe(
    `attachment; filename="baricare-entries-${isoDaysFromToday(-29)}-to-${TODAY}.csv"`,
  )
})

test('with JavaScript, hovering or arrowing through a chart shows the value and date', async ({ page }) => {
  await seededPatient(page)
  await page.goto('/customer/health-trends?range=7d')
  // The chart answers the pointer once hydrated; a hover before that is a move nobody hears.
  await settled(page)
  const plot = page.getByTestId('weight-plot')
  await plot.hover({ position: { x: 5, y: 40 } })
  const tooltip = page.getByTestId('weight-tooltip')
  await expect(tooltip).toContainText('Daily weight:')
  await page.mouse.move(0, 0)
  await expect(tooltip).toHaveCount(0)

  await plot.focus()
  await page.keyboard.press('End')
  const lastWeighed = lastDays(DAYS, 7)
    .filter((n) => seededWeight(n) !== null)
    .at(-1)!
  await expect(tooltip).toContainText(`Daily weight: ${seededWeight(lastWeighed)!.toFixed(1)} kg`)
  await page.keyboard.press('ArrowLeft')
  await expect(tooltip).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the charts are server-rendered SVG, ranges are links, tables open and the CSV downloads', async ({
    page,
  }) => {
    await seededPatient(page)
    await page.goto('/customer/health-trends')
    await expect(page.getByTestId('weight-svg').locator('path').first()).toBeAttached()
    await page.getByRole('link', { name: '90 days', exact: true }).click()
    await expect(page).toHaveURL(/range=90d$/)
    await expect(page.getByRole('link', { name: '90 days', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    const table = await openTable(page, 'sleep')
    await expect(table).toBeVisible()
    await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Sleep (h)', '7-hour line reached'])
    await expect(table.locator('tbody tr')).toHaveCount(89)
    // No tab stop in the chart without the script that reads it aloud.
    await expect(page.getByTestId('weight-plot')).not.toHaveAttribute('tabindex', /.*/)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`baricare-entries-${isoDaysFromToday(-89)}-to-${TODAY}.csv`)
  })

  test('a patient who has logged nothing is invited to log', async ({ page }) => {
    await signInNewCustomerAt(page, '/customer/health-trends?range=all')
    await expect(page.getByRole('heading', { name: 'Nothing to chart yet' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0)
    await page.getByRole('link', { name: 'Log your first entry' }).click()
    await expect(page).toHaveURL(/\/customer\/log-data$/)
  })
})

test('axe: no WCAG 2.1 A/AA violations in light and dark, at 375 px and 1280 px', async ({ page }) => {
  test.setTimeout(90_000)
  await hideTour(page)
  await seededPatient(page)
  // One page for all four: each range is loaded in its width and theme (set in place beforehand),
  // then brought into its state: a table open, the chart's last point read out.
  for (const [width, colorScheme, path] of [
    [375, 'light', '/customer/health-trends'],
    [1280, 'dark', '/customer/health-trends?range=1y'],
    [375, 'dark', '/customer/health-trends?range=7d'],
    [1280, 'light', '/customer/health-trends?range=90d'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 })
    await page.emulateMedia({ colorScheme })
    await page.goto(path)
    await page.getByTestId('weight-table').locator('summary').click()
    await page.getByTestId('weight-plot').focus()
    await page.keyboard.press('End')
    await expectNoViolations(page, `${path} at ${width}px, ${colorScheme}`)
  }
})
