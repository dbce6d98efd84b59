import { expect, test, type Page } from '@playwright/test'
import { hideTour, isoDaysFromToday, lbsToKg, logThroughProvider, mondayOf, usDate } from './support/log-data'
import { createCustomer, customerToken, providerCall, receivedFrom, receivedRequests } from './support/provider'
import { signInCustomer, signInNewCustomerAt } from './support/sign-in'
import { settled } from './support/settled'
import { A11Y_WIDTHS, inEveryThemeAndWidth, expectNoViolations } from './support/axe'

const TODAY = isoDaysFromToday(0)

function day(page: Page, iso: string) {
  return page.getByTestId(`day-${iso}`)
}

async function logWeightInLbs(page: Page, lbs: string, date = TODAY) {
  await page.getByLabel('Date', { exact: true }).fill(usDate(date))
  const weight = page.getByRole('group', { name: 'Weight' })
  await weight.locator('label').filter({ hasText: /^lbs$/ }).click()
  await weight.getByRole('textbox', { name: 'Weight' }).fill(lbs)
  await page.getByRole('button', { name: 'Save weight' }).click()
}

test.describe('Log Data (with JavaScript)', () => {
  test.beforeEach(async ({ page }) => hideTour(page))

  test('a weight typed in lbs is stored in kg and shown in the week in the preferred unit', async ({
    page,
  }) => {
    const customer = await signInNewCustomerAt(page, '/customer/log-data')
    await expect(page).toHaveTitle('Log Data | BariCare')
    // The date starts on today.
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(usDate(TODAY))
    await expect(day(page, TODAY).getByTestId('metric-weight')).toContainText('No entry')

    await logWeightInLbs(page, '220')
    await expect(page.getByText('Weight logged', { exact: true }).first()).toBeVisible()
    // The sample patient sees kg: 220 lbs = 99.79 kg → 99.8 kg.
    await expect(day(page, TODAY).getByTestId('metric-weight')).toContainText('99.8 kg')
    await expect(page).toHaveURL(new RegExp(`week=${mondayOf(TODAY)}&day=${TODAY}`))
    await expect(page.getByTestId('day-entries')).toContainText('Weight 99.8 kg')

    const [sent] = await receivedFrom(customer, 'v1/auth/entries/weight/')
    expect(sent.method).toBe('POST')
    expect(sent.body).toEqual({
      date: TODAY,
      weight: lbsToKg(220),
      weight_unit: 'lbs',
      note: '',
      source: 'manual',
    })
    // The form is empty again, ready for the next entry.
    await expect(
      page.getByRole('group', { name: 'Weight' }).getByRole('textbox', { name: 'Weight' }),
    ).toHaveValue('')
  })

  test('edit an entry, then delete it after confirming', async ({ page }) => {
    const customer = await createCustomer()
    const entry = await logThroughProvider(customer.email, 'weight', {
      date: TODAY,
      weight: 110,
      weight_unit: 'kg',
    })
    await signInCustomer(page, customer.email, customer.password, { at: '/customer/log-data' })
    const row = page.getByTestId(`entry-weight-${entry.id}`)
    await expect(row).toContainText('110.0 kg')

    await row.getByRole('link', { name: 'Edit weight entry, 110.0 kg' }).click()
    await expect(page.getByRole('heading', { name: 'Edit weight entry' })).toBeVisible()
    const weight = page.getByRole('group', { name: 'Weight' }).getByRole('textbox', { name: 'Weight' })
    await expect(weight).toHaveValue('110')
    await weight.fill('108.5')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Entry updated', { exact: true }).first()).toBeVisible()
    await expect(day(page, TODAY).getByTestId('metric-weight')).toContainText('108.5 kg')
    const [put] = await receivedRequests(`v1/auth/entries/weight/${entry.id}/`)
    expect(put).toMatchObject({ method: 'PUT', body: { date: TODAY, weight: 108.5, weight_unit: 'kg' } })

    await page
      .getByTestId(`entry-weight-${entry.id}`)
      .getByRole('link', { name: /^Delete weight entry/ })
      .click()
    await expect(page).toHaveURL(new RegExp(`confirmDelete=weight:${entry.id}`))
    await expect(page.getByRole('heading', { name: 'Delete this entry?' })).toBeVisible()
    await expect(page.getByTestId('delete-subject')).toContainText('Weight: 108.5 kg')
    // Cancel keeps it.
    await page.getByRole('link', { name: 'Cancel' }).click()
    // The row stays on screen throughout, so the cancel is seen done by the question going away;
    // a second Delete pressed before that would race the cancel's own navigation.
    await expect(page.getByRole('heading', { name: 'Delete this entry?' })).toBeHidden()
    await expect(page).not.toHaveURL(/confirmDelete=/)
    await expect(page.getByTestId(`entry-weight-${entry.id}`)).toBeVisible()
    await page
      .getByTestId(`entry-weight-${entry.id}`)
      .getByRole('link', { name: /^Delete weight entry/ })
      .click()
    await expect(page.getByRole('heading', { name: 'Delete this entry?' })).toBeVisible()
    await page.getByRole('button', { name: 'Delete entry' }).click()
    await expect(page.getByText('Entry deleted', { exact: true }).first()).toBeVisible()
    await expect(page.getByTestId(`entry-weight-${entry.id}`)).toHaveCount(0)
    await expect(day(page, TODAY).getByTestId('metric-weight')).toContainText('No entry')
    const [deleted] = await receivedRequests(`v1/auth/entries/weight/${entry.id}/`)
    expect(deleted).toMatchObject({ method: 'DELETE', status: 200 })
  })

  test('a future date is refused with a message, and nothing is sent', async ({ page }) => {
    const customer = await signInNewCustomerAt(page, '/customer/log-data?log=water')
    await page.getByLabel('Date', { exact: true }).fill(usDate(isoDaysFromToday(1)))
    await page.getByRole('textbox', { name: 'Water' }).fill('500')
    const before = (await receivedFrom(customer, 'v1/auth/entries/water/')).length
    await page.getByRole('button', { name: 'Save water' }).click()
    await expect(page.getByText('Date cannot be in the future')).toBeVisible()
    await expect(page.getByLabel('Date', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Please check your form', { exact: true }).first()).toBeVisible()
    expect((await receivedFrom(customer, 'v1/auth/entries/water/')).length).toBe(before)
  })

  test('sleep, meal, water and vitamins each land on their day', async ({ page }) => {
    const customer = await signInNewCustomerAt(page, '/customer/log-data?log=sleep')
    // A night counts for the date the patient woke up: last night's is today's, the default.
    await expect(page.getByRole('textbox', { name: 'Date' })).toHaveValue(usDate(TODAY))
    await expect(page.getByText('Sleep counts for the date you woke up.', { exact: true })).toBeVisible()
    await page.getByRole('textbox', { name: 'Hours of sleep' }).fill('7.5')
    await page.getByRole('radio', { name: '4' }).check()
    await page.getByRole('button', { name: 'Save sleep' }).click()
    await expect(page.getByText('Sleep logged', { exact: true }).first()).toBeVisible()

    await page.getByRole('link', { name: 'Meal' }).click()
    await page.getByLabel('Date', { exact: true }).fill(usDate(TODAY))
    await page.getByLabel('Time', { exact: true }).fill('12:30')
    await page.getByRole('radio', { name: 'Lunch' }).check()
    await page.getByRole('textbox', { name: 'Protein' }).fill('32')
    await page.getByRole('button', { name: 'Save meal' }).click()
    await expect(page.getByText('Meal logged', { exact: true }).first()).toBeVisible()

    await page.getByRole('link', { name: 'Water' }).click()
    await page.getByLabel('Date', { exact: true }).fill(usDate(TODAY))
    await page.getByRole('textbox', { name: 'Water' }).fill('750')
    await page.getByRole('button', { name: 'Save water' }).click()
    await expect(page.getByText('Water logged', { exact: true }).first()).toBeVisible()

    await page.getByRole('link', { name: 'Vitamins' }).click()
    await page.getByLabel('Date', { exact: true }).fill(usDate(TODAY))
    await page.getByRole('checkbox', { name: 'Vitamin B12' }).check()
    await page.getByRole('checkbox', { name: 'Iron' }).check()
    await page.getByRole('button', { name: 'Save vitamins' }).click()
    await expect(page.getByText('Vitamins logged', { exact: true }).first()).toBeVisible()

    await expect(day(page, TODAY).getByTestId('metric-sleep')).toContainText('7.5 h')
    await expect(day(page, TODAY).getByTestId('metric-protein')).toContainText('32 g')
    await expect(day(page, TODAY).getByTestId('metric-water')).toContainText('750 ml')
    await expect(day(page, TODAY).getByTestId('metric-vitamins')).toContainText('2 of 5')
    const [vitamins] = await receivedFrom(customer, 'v1/auth/entries/vitamins/')
    expect(vitamins.body).toEqual({ date: TODAY, taken: ['Vitamin B12', 'Iron'] })
    const [meal] = await receivedFrom(customer, 'v1/auth/entries/meal/')
    expect(meal.body).toEqual({
      date: TODAY,
      time: '12:30',
      meal_type: 'lunch',
      protein_g: 32,
      calories: null,
      description: '',
    })
  })

  test('weeks: previous and back in the URL; no next week from this one; future weeks fall back to this one', async ({
    page,
  }) => {
    const customer = await createCustomer()
    const lastWeek = isoDaysFromToday(-7)
    await logThroughProvider(customer.email, 'water', { date: lastWeek, ml: 1250 })
    await signInCustomer(page, customer.email, customer.password, { at: '/customer/log-data' })
    await expect(page.getByRole('button', { name: 'Next week' })).toBeDisabled()
    await page.getByRole('link', { name: /^Previous week/ }).click()
    await expect(page).toHaveURL(new RegExp(`week=${mondayOf(lastWeek)}`))
    await expect(day(page, lastWeek).getByTestId('metric-water')).toContainText('1,250 ml')
    await page.getByRole('link', { name: /^Next week/ }).click()
    await expect(page).toHaveURL(new RegExp(`week=${mondayOf(TODAY)}`))
    await expect(page.getByRole('button', { name: 'Next week' })).toBeDisabled()

    await page.goto(`/customer/log-data?week=${isoDaysFromToday(21)}`)
    await expect(page).toHaveURL(new RegExp(`week=${mondayOf(TODAY)}`))
  })

  test('on a phone the week is a list of days, one under the other', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await signInNewCustomerAt(page, '/customer/log-data')
    const days = page.getByTestId('week-grid').locator(':scope > li')
    await expect(days).toHaveCount(7)
    const first = await days.nth(0).boundingBox()
    const second = await days.nth(1).boundingBox()
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1)
    expect(Math.abs(second!.x - first!.x)).toBeLessThan(2)
    // Nothing spills sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })
})

test.describe('Log Data without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the entry form, field errors, the week and delete with confirmation all work', async ({ page }) => {
    await signInNewCustomerAt(page, '/customer/log-data?log=water')
    // An empty submit: the server answers with the field messages.
    await page.getByLabel('Date', { exact: true }).fill('')
    await page.getByRole('button', { name: 'Save water' }).click()
    await expect(page.getByText('Date is required')).toBeVisible()
    await expect(page.getByText('Water is required')).toBeVisible()
    await expect(page.getByText('Please check your form', { exact: true }).first()).toBeVisible()

    // Two days ahead is in the future everywhere on Earth, so the server refuses it too.
    await page.getByLabel('Date', { exact: true }).fill(usDate(isoDaysFromToday(2)))
    await page.getByRole('textbox', { name: 'Water' }).fill('500')
    await page.getByRole('button', { name: 'Save water' }).click()
    await expect(page.getByText('Date cannot be in the future')).toBeVisible()
    // What was typed is kept.
    await expect(page.getByRole('textbox', { name: 'Water' })).toHaveValue('500')

    await page.getByLabel('Date', { exact: true }).fill(usDate(TODAY))
    await page.getByRole('button', { name: 'Save water' }).click()
    await expect(page.getByText('Water logged', { exact: true }).first()).toBeVisible()
    await expect(day(page, TODAY).getByTestId('metric-water')).toContainText('500 ml')

    await page.getByRole('link', { name: /^Previous week/ }).click()
    await expect(page).toHaveURL(new RegExp(`week=${mondayOf(isoDaysFromToday(-7))}`))
    const lastMonday = day(page, mondayOf(isoDaysFromToday(-7))).getByTestId('metric-water')
    await expect(lastMonday).toBeVisible()
    await expect(lastMonday).toContainText('No entry')
    await page.getByRole('link', { name: 'Back to this week' }).click()

    await page.getByRole('link', { name: 'Delete water entry, 500 ml' }).click()
    await expect(page.getByRole('heading', { name: 'Delete this entry?' })).toBeVisible()
    await page.getByRole('button', { name: 'Delete entry' }).click()
    await expect(page.getByText('Entry deleted', { exact: true }).first()).toBeVisible()
    await expect(day(page, TODAY).getByTestId('metric-water')).toContainText('No entry')
  })

  test('a weight in lbs without JavaScript', async ({ page }) => {
    await signInNewCustomerAt(page, '/customer/log-data')
    await logWeightInLbs(page, '200')
    await expect(page.getByText('Weight logged', { exact: true }).first()).toBeVisible()
    await expect(day(page, TODAY).getByTestId('metric-weight')).toContainText('90.7 kg')
  })
})

test.describe('Ownership', () => {
  test("one patient cannot fetch, change or delete another's entry (the provider answers 404)", async () => {
    const owner = await createCustomer()
    const other = await createCustomer()
    const entry = await logThroughProvider(owner.email, 'weight', { date: TODAY, weight: 100 })
    const intruder = await customerToken(other.email)
    const path = `v1/auth/entries/weight/${entry.id}/`
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const { status, json } = await providerCall(method, path, {
        token: intruder,
        body: method === 'PUT' ? { date: TODAY, weight: 50 } : undefined,
      })
      expect(status, method).toBe(404)
      expect(json.message).toBe('Entry not found.')
    }
    const { json } = await providerCall<{ weight: number }>('GET', path, {
      token: await customerToken(owner.email),
    })
    expect(json.content.weight).toBe(100)
  })

  test("through the app, another patient's entry id shows as missing", async ({ page }) => {
    const owner = await createCustomer()
    const entry = await logThroughProvider(owner.email, 'weight', { date: TODAY, weight: 100 })
    const other = await createCustomer()
    await hideTour(page)
    await signInCustomer(page, other.email, other.password, { at: `/customer/log-data?edit=weight:${entry.id}` })
    await expect(page.getByText('This entry no longer exists')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
  })
})

test.describe('Accessibility of the log states', () => {
  test('edit, confirm-delete and error states have no WCAG 2.1 A/AA violations (375 and 1280 px, light and dark)', async ({
    browser,
  }) => {
    // Twelve axe runs: more than the default 30 s on a busy machine.
    test.setTimeout(120_000)
    const customer = await createCustomer()
    const entry = await logThroughProvider(customer.email, 'meal', {
      date: TODAY,
      time: '12:30',
      meal_type: 'lunch',
      protein_g: 30,
      calories: 400,
      description: 'Soup',
    })
    const page = await browser.newPage({ viewport: A11Y_WIDTHS[0] })
    await hideTour(page)
    await signInCustomer(page, customer.email, customer.password)
    for (const path of [
      `/customer/log-data?edit=meal:${entry.id}`,
      `/customer/log-data?confirmDelete=meal:${entry.id}`,
      '/customer/log-data?log=sleep',
    ]) {
      await page.goto(path)
      // Hydrated before the system theme changes: the page follows a change from then on.
      await settled(page)
      if (path.endsWith('log=sleep')) {
        await page.getByRole('textbox', { name: 'Date' }).fill('')
        await page.getByRole('button', { name: 'Save sleep' }).click()
        await expect(page.getByText('Hours of sleep is required')).toBeVisible()
      }
      await inEveryThemeAndWidth(page, path, (label) => expectNoViolations(page, label))
    }
    await page.close()
  })
})
