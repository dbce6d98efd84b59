import { expect, test, type Page } from '@playwright/test'
import { BARIATRIC, PERSONAL } from '../support/fixtures'
import { hideTour, isoDaysFromToday, lbsToKg, logThroughProvider, usDate } from './support/log-data'
import { createCustomer, customerToken, providerCall, receivedFrom } from './support/provider'
import { signInCustomer, signInNewCustomer, signInNewCustomerAt } from './support/sign-in'

// The sample patient (tests/support/fixtures.ts): 170 cm, initial 120 kg, pre-surgery 125 kg, goal 80 kg.
const HEIGHT_M = PERSONAL.height / 100
const PRE_OP = BARIATRIC.pre_surgery_weight
const GOAL = BARIATRIC.goal_weight
const IBW = 25 * HEIGHT_M * HEIGHT_M
const TODAY = isoDaysFromToday(0)

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1)

test.beforeEach(async ({ page }) => hideTour(page))

test('a weight logged in lbs becomes the current weight, with %TWL, %EWL, BMI and goal progress from it', async ({
  page,
}) => {
  const customer = await signInNewCustomerAt(page, '/customer/log-data')
  const weight = page.getByRole('group', { name: 'Weight' })
  await weight.locator('label').filter({ hasText: /^lbs$/ }).click()
  await weight.getByRole('textbox', { name: 'Weight' }).fill('220')
  await page.getByRole('button', { name: 'Save weight' }).click()
  await expect(page.getByText('Weight logged', { exact: true }).first()).toBeVisible()

  await page.getByRole('navigation', { name: 'Patient' }).getByRole('link', { name: 'Dashboard' }).click()
  const kg = lbsToKg(220) // 99.79
  await expect(page.getByTestId('progress-current-weight')).toHaveText(`${oneDecimal(kg)} kg`)
  await expect(page.getByTestId('weight-progress')).toContainText(`Current weight, logged ${usDate(TODAY)}`)
  // %TWL = (pre-op − current) / pre-op × 100 = 20.2 %
  await expect(page.getByTestId('progress-twl')).toHaveText(`${oneDecimal(((PRE_OP - kg) / PRE_OP) * 100)}%`)
  // %EWL = (pre-op − current) / (pre-op − 25 × 1.70²) × 100 = 47.8 %
  await expect(page.getByTestId('progress-ewl')).toHaveText(
    `${oneDecimal(((PRE_OP - kg) / (PRE_OP - IBW)) * 100)}%`,
  )
  await expect(page.getByTestId('progress-bmi')).toHaveText(oneDecimal(kg / (HEIGHT_M * HEIGHT_M)))
  await expect(page.getByTestId('progress-goal')).toHaveText(
    `${oneDecimal(((PRE_OP - kg) / (PRE_OP - GOAL)) * 100)}% of the way`,
  )
  await expect(page.getByTestId('progress-change')).toHaveText(
    `${oneDecimal(PRE_OP - kg)} kg lost since your pre-surgery weight`,
  )
  // The pre-surgery weight is shown once, in its own row of the weight card.
  await expect(page.getByTestId('weight-pre-surgery')).toHaveText('125.0 kg')
  await expect(page.getByRole('main').getByText('125.0 kg')).toHaveCount(1)
  // The profile summary follows the same latest weight.
  await expect(page.getByTestId('weight-current')).toHaveText(`${oneDecimal(kg)} kg`)
  await expect(page.getByTestId('bmi-value')).toHaveText(oneDecimal(kg / (HEIGHT_M * HEIGHT_M)))
  await expect(page.getByTestId('logging-nudge')).toHaveCount(0)

  // One call for the whole dashboard (profile, yesterday's and today's log, devices), for the
  // patient's today; the separate calls are only for a provider without it.
  const calls = await receivedFrom(customer, 'v1/auth/dashboard/')
  expect(calls.length).toBeGreaterThan(0)
  for (const call of calls) expect(call.query).toEqual({ today: TODAY })
  expect(await receivedFrom(customer, 'v1/auth/devices/')).toEqual([])
  const log = await receivedFrom(customer, 'v1/auth/entries/')
  expect(log.map((call) => call.query)).not.toContainEqual({ from: isoDaysFromToday(-1), to: TODAY })
})

test('nothing logged: the initial weight stands in, and a gentle nudge appears', async ({ page }) => {
  await signInNewCustomerAt(page, '/customer/dashboard')
  await expect(page.getByTestId('progress-current-weight')).toHaveText('120.0 kg')
  await expect(page.getByTestId('weight-progress')).toContainText('your starting weight (nothing logged yet)')
  await expect(page.getByTestId('progress-twl')).toHaveText(`${oneDecimal(((PRE_OP - 120) / PRE_OP) * 100)}%`)
  await expect(page.getByTestId('logging-nudge')).toContainText('Nothing logged yet.')
  await expect(page.getByTestId('today-protein')).toContainText('No entry / 60 g')
  await expect(page.getByTestId('today-water')).toContainText('No entry / 1,900 ml')
  await expect(page.getByTestId('today-sleep')).toContainText('No entry / 7 h')
  await page.getByTestId('logging-nudge').getByRole('link', { name: 'Log now' }).click()
  await expect(page).toHaveURL(/\/customer\/log-data$/)
})

test('the nudge comes after three days without entries, not before', async ({ page }) => {
  const customer = await createCustomer()
  await logThroughProvider(customer.email, 'water', { date: isoDaysFromToday(-3), ml: 250 })
  await signInCustomer(page, customer.email, customer.password, { at: '/customer/dashboard' })
  await expect(page.getByTestId('logging-nudge')).toContainText('Nothing logged for 3 days.')
  await logThroughProvider(customer.email, 'water', { date: isoDaysFromToday(-2), ml: 250 })
  await page.reload()
  await expect(page.getByTestId('weight-progress')).toBeVisible()
  await expect(page.getByTestId('logging-nudge')).toHaveCount(0)
})

test("today's protein and water against their targets, last night's sleep against 7 h; targets follow the preferences", async ({
  page,
}) => {
  const customer = await signInNewCustomer(page)
  await logThroughProvider(customer.email, 'meal', {
    date: TODAY,
    time: '08:00',
    meal_type: 'breakfast',
    protein_g: 25,
  })
  await logThroughProvider(customer.email, 'meal', {
    date: TODAY,
    time: '12:30',
    meal_type: 'lunch',
    protein_g: 30,
  })
  await logThroughProvider(customer.email, 'water', { date: TODAY, ml: 1500 })
  await logThroughProvider(customer.email, 'water', { date: TODAY, ml: 500 })
  // Last night's sleep counts for today, the day the patient woke up (docs/decisions/122-sleep-date-woke-up.md).
  await logThroughProvider(customer.email, 'sleep', { date: TODAY, hours: 6.5, quality: 3 })
  await page.goto('/customer/dashboard')
  await expect(page.getByTestId('today-protein')).toContainText('55 g / 60 g')
  await expect(page.getByTestId('today-water')).toContainText('2,000 ml / 1,900 ml, target met')
  await expect(page.getByTestId('today-sleep')).toContainText('6.5 h / 7 h')
  await expect(page.getByTestId('today-sleep')).not.toContainText('target met')

  const token = await customerToken(customer.email)
  await providerCall('PUT', 'v1/auth/profile/preferences/', {
    token,
    body: { protein_target_g: 50, sleep_target_h: 6 },
  })
  await page.reload()
  await expect(page.getByTestId('today-protein')).toContainText('55 g / 50 g, target met')
  await expect(page.getByTestId('today-sleep')).toContainText('6.5 h / 6 h, target met')
  // 'Daily targets' leads to where they are listed, with the patient's own values.
  await page.getByRole('link', { name: 'Daily targets' }).click()
  await expect(page).toHaveURL(/\/customer\/profile\?tab=preferences#daily-targets$/)
  await expect(page.getByTestId('daily-targets')).toContainText('50 g a day')
  await expect(page.getByTestId('daily-targets')).toContainText('6 h a night')
})

test('surgery: days since on the Surgery card, the next follow-up milestone on the Follow-ups card', async ({
  page,
}) => {
  // Surgery 20 days ago: past the 2-week follow-up, the 6-week one is next, 22 days ahead.
  await createAndSignIn(page, { bariatric: { surgery_date: isoDaysFromToday(-20) } })
  await expect(page.getByTestId('next-follow-up')).toContainText('6-week follow-up')
  await expect(page.getByTestId('next-follow-up')).toContainText(
    `${usDate(isoDaysFromToday(22))} · in 22 days`,
  )
  await expect(page.getByTestId('surgery-summary').getByTestId('surgery-days')).toHaveText('20 days')
  await expect(page.getByTestId('surgery-summary')).toContainText('20 dayssince your surgery')
  // Said once: the follow-ups card does not repeat the count.
  await expect(page.getByRole('main').getByText(/since your surgery/)).toHaveCount(1)
  await expect(page.getByTestId('follow-ups')).not.toContainText('20 days')
})

test('no pre-surgery weight (planning surgery): measured from the initial weight, and the page says so', async ({
  page,
}) => {
  const customer = await createAndSignIn(page, { bariatric: { bariatric_status: 'plan' } })
  await logThroughProvider(customer.email, 'weight', { date: TODAY, weight: 110 })
  await page.reload()
  await expect(page.getByTestId('baseline-note')).toHaveText(
    'Measured from your starting weight, as no pre-surgery weight is recorded.',
  )
  await expect(page.getByTestId('progress-change')).toContainText(
    '10.0 kg lost since your starting weight (120.0 kg)',
  )
  await expect(page.getByTestId('progress-twl')).toHaveText(`${oneDecimal(((120 - 110) / 120) * 100)}%`)
  await expect(page.getByTestId('follow-ups')).toContainText(
    'Your follow-up schedule starts from your surgery date.',
  )
})

test('without JavaScript the figures are all there', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const customer = await createCustomer()
  await logThroughProvider(customer.email, 'weight', { date: TODAY, weight: 100 })
  await signInCustomer(page, customer.email, customer.password, { at: '/customer/dashboard' })
  await expect(page.getByTestId('progress-current-weight')).toHaveText('100.0 kg')
  await expect(page.getByTestId('progress-twl')).toHaveText('20.0%')
  await context.close()
})

async function createAndSignIn(page: Page, overrides: Parameters<typeof createCustomer>[1]) {
  const customer = await createCustomer(undefined, {
    ...overrides,
    bariatric: { ...BARIATRIC, ...overrides?.bariatric },
  })
  await signInCustomer(page, customer.email, customer.password, { at: '/customer/dashboard' })
  return customer
}
