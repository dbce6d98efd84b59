import { expect, test, type Page } from '@playwright/test'
import { hideTour, isoDaysFromToday, logDataDayPath, usDate } from './support/log-data'
import { signInNewCustomer } from './support/sign-in'

// One rule for which day a night's sleep belongs to: the date the patient woke up. Sleep
// logged for a date is found on that same date in the week, the day's list, the dashboard and the
// trends table — never a day earlier or later.

const TODAY = isoDaysFromToday(0)
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The date as the trends table may write it: 'Nov 24, 2026' or '11/24/2026'. */
function dateText(iso: string): RegExp {
  const [year, month, day] = iso.split('-').map(Number)
  return new RegExp(`${MONTHS[month - 1]} ${day}, ${year}|${usDate(iso)}`)
}

async function logSleep(page: Page, iso: string, hours: string) {
  await page.goto('/customer/log-data?log=sleep')
  const date = page.getByRole('textbox', { name: 'Date' })
  await expect(date).toHaveValue(usDate(TODAY))
  await expect(page.getByText('Sleep counts for the date you woke up.', { exact: true })).toBeVisible()
  await date.fill(usDate(iso))
  await page.getByRole('textbox', { name: 'Hours of sleep' }).fill(hours)
  await page.getByRole('radio', { name: '4' }).check()
  await page.getByRole('button', { name: 'Save sleep' }).click()
  await expect(page.getByText('Sleep logged', { exact: true }).first()).toBeVisible()
}

test.beforeEach(async ({ page }) => hideTour(page))

test('sleep logged for a date is on that date in the week, the day list, the dashboard and the trends', async ({
  page,
}) => {
  test.slow()
  await signInNewCustomer(page)
  const earlier = isoDaysFromToday(-2)

  // This morning's: today in the week and in 'Today, …', and 'Sleep last night' on the dashboard.
  await logSleep(page, TODAY, '7.5')
  await expect(page.getByTestId(`day-${TODAY}`).getByTestId('metric-sleep')).toContainText('7.5 h')
  const list = page.getByTestId('day-entries')
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(/^Today, /)
  await expect(list).toContainText('Sleep')
  await expect(list).toContainText('7.5 h')
  // Not a day earlier either (yesterday is last week's on a Monday).
  const yesterday = isoDaysFromToday(-1)
  await page.goto(logDataDayPath(yesterday))
  await expect(page.getByTestId(`day-${yesterday}`).getByTestId('metric-sleep')).not.toContainText('7.5 h')
  await expect(list).not.toContainText('7.5 h')

  // Two days ago: that day in its week and in its own list (the page goes to it after saving).
  await logSleep(page, earlier, '6.4')
  await expect(page).toHaveURL(new RegExp(`day=${earlier}`))
  await expect(page.getByTestId(`day-${earlier}`).getByTestId('metric-sleep')).toContainText('6.4 h')
  await expect(list).toContainText('6.4 h')
  await expect(list).not.toContainText('7.5 h')

  await page.goto('/customer/dashboard')
  await expect(page.getByTestId('today-sleep')).toContainText('7.5')

  await page.goto('/customer/health-trends?range=7d')
  const table = page.getByTestId('sleep-table')
  if ((await table.getAttribute('open')) === null) await table.locator('summary').click()
  const rows = table.getByRole('table').locator('tbody tr')
  await expect(rows.filter({ hasText: '7.5' }).locator('th')).toHaveText(dateText(TODAY))
  await expect(rows.filter({ hasText: '6.4' }).locator('th')).toHaveText(dateText(earlier))
})
