import { expect, test, type Page } from '@playwright/test'
import { expectToast } from './support/auth'
import { adminToken, auditEventsAbout } from './support/admin-patients'
import { createCustomer, customerAccountId, customerToken, outbox, providerCall } from './support/provider'
import { signInAdmin, signInCustomer } from './support/sign-in'
import { WITHINGS_SIMULATOR_URL } from './support/constants'
import { connectWithings } from './support/withings'
import { inViews, scanWcag } from './support/axe'

// Closing an account (docs/provider-api.md "Closing an account"): the patient's page, the sign-in
// afterwards, reminders, Withings (the simulator records the revoke), the admin record, a Super
// Admin's closure on a written request, and the retention job on a moved clock
// (POST __dev/run-retention/?now=…).

// One after the other, the retention test last: its run at a moved clock deletes every closed
// account that is due then, which would take the other tests' patients from under them.
test.describe.configure({ mode: 'serial' })

const CLOSED = 'This account has been closed.'
/**
 * Reminder slots no other spec uses, one per run of the test (they run in parallel, and a run
 * sends whatever is due for anyone): Monday 6 and Tuesday 7 January 2020, 03:35 UTC.
 */
const REMINDER = { true: { day: 'mon', at: '2020-01-06T03:35:00Z' }, false: { day: 'tue', at: '2020-01-07T03:35:00Z' } } as const

async function simulatorUser(withingsEmail: string) {
  const response = await fetch(new URL(`__sim/user?email=${encodeURIComponent(withingsEmail)}`, WITHINGS_SIMULATOR_URL), { method: 'POST' })
  return (await response.json()) as { userid: number; revocations: { userid: number }[] }
}

async function remindersOn(email: string, password: string, day: string) {
  const token = await customerToken(email, password)
  const { status } = await providerCall('PUT', 'v1/auth/reminders/', {
    token,
    body: { weigh_in: true, time: '03:35', days: [day], time_zone: 'UTC' },
  })
  expect(status).toBe(200)
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/customer/signin')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })
    const reminder = REMINDER[`${javaScriptEnabled}`]

    test('a patient closes their account: signed out, sign-in says closed, no reminder, Withings revoked, the admin record shows it', async ({ page }) => {
      // Two portals, Withings' consent and a reminders run: longer than one screen's test.
      test.setTimeout(90_000)
      const customer = await createCustomer()
      const id = await customerAccountId(customer.email, customer.password)
      await remindersOn(customer.email, customer.password, reminder.day)
      await signInCustomer(page, customer.email, customer.password)
      const withingsEmail = `w-${customer.email}`
      await connectWithings(page, withingsEmail)

      await page.goto('/customer/close-account')
      await expect(page).toHaveTitle('Close Account | BariCare')
      await expect(page.getByRole('heading', { level: 1, name: 'Close your account' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Download my record' })).toHaveAttribute('href', '/customer/your-data')
      await expect(page.getByText('It is deleted 10 years after you close your account.')).toBeVisible()

      // Nothing typed, then a wrong password: the standard errors, and the account stays open.
      await page.getByRole('button', { name: 'Close my account' }).click()
      await expect(page.getByText('Password is required')).toBeVisible()
      await page.getByLabel('Password', { exact: true }).fill('Wrong#Password1')
      await page.getByRole('button', { name: 'Close my account' }).click()
      await expect(page.locator('#close-account').getByText('Password is incorrect')).toBeVisible()
      await expect(page).toHaveURL(/\/customer\/close-account$/)

      await page.getByLabel('Password', { exact: true }).fill(customer.password)
      await page.getByRole('button', { name: 'Close my account' }).click()
      await expect(page).toHaveURL(/\/customer\/signin$/)
      await expectToast(page, 'Your account has been closed')
      // The session is gone here too.
      await page.goto('/customer/dashboard')
      await expect(page).toHaveURL(/\/customer\/signin/)

      // Sign-in: the clear message, inline.
      await signInThroughForm(page, customer.email, customer.password)
      await expect(page.getByText(CLOSED)).toBeVisible()
      await expect(page).toHaveURL(/\/customer\/signin/)

      // No reminder at the slot it was set for.
      const ran = await providerCall<{ sent: number }>('POST', `__dev/run-reminders/?now=${encodeURIComponent(reminder.at)}`)
      expect(ran.status).toBe(200)
      expect((await outbox(customer.email)).filter((mail) => /weigh/i.test(mail.subject))).toEqual([])

      // Withings got the signed revoke for this user.
      const user = await simulatorUser(withingsEmail)
      expect(user.revocations).toEqual([expect.objectContaining({ userid: user.userid })])

      // The admin record: closed, read-only, no "Close account" any more.
      await signInAdmin(page, 'super', { at: `/admin/patient/${id}` })
      await expect(page.getByTestId('account-closed')).toContainText('Account closed on')
      await expect(page.getByTestId('account-closed')).toContainText('Closed by the patient.')
      await expect(page.locator('summary', { hasText: 'Close account' })).toHaveCount(0)
      await page.goto(`/admin/patient/${id}?tab=messages`)
      await expect(page.getByText('no more messages can be sent')).toBeVisible()
      await expect(page.getByRole('button', { name: /send/i })).toHaveCount(0)
      // The patients list marks it beside the name.
      await page.goto(`/admin/patients?q=${encodeURIComponent(customer.email)}`)
      const row = page.getByRole('row', { name: new RegExp(customer.email.replace(/[.+]/g, '\\$&')) })
      await expect(row.getByText('Closed', { exact: true })).toBeVisible()
      const events = await auditEventsAbout(id)
      expect(events.filter((event) => event.action === 'account_close')).toHaveLength(1)
    })

    test('a Super Admin closes an account on a written request; a Standard Admin cannot', async ({ page, browser }) => {
      const customer = await createCustomer()
      const id = await customerAccountId(customer.email, customer.password)
      const standard = await browser.newContext({ javaScriptEnabled })
      const standardPage = await standard.newPage()
      await signInAdmin(standardPage, 'standard', { at: `/admin/patient/${id}` })
      await expect(standardPage.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(standardPage.locator('summary', { hasText: 'Close account' })).toHaveCount(0)
      await standard.close()

      await signInAdmin(page, 'super', { at: `/admin/patient/${id}` })
      await page.locator('summary', { hasText: 'Close account' }).click()
      const form = page.locator('#close-patient-account')
      await form.getByRole('button', { name: 'Close account' }).click()
      await expect(page.getByText("Enter the reference of the patient's written request")).toBeVisible()
      await expect(page.getByText('Tick the box to confirm that the patient asked for this in writing')).toBeVisible()
      await form.getByLabel('Reference of the written request').fill('Letter of 11/20/2026')
      await form.getByLabel('The patient asked in writing for their account to be closed.').check()
      await form.getByRole('button', { name: 'Close account' }).click()
      await expectToast(page, 'Account closed')
      await expect(page.getByTestId('account-closed')).toContainText("on the patient's written request (Letter of 11/20/2026)")

      const login = await providerCall('POST', 'v1/auth/login/', { body: { email: customer.email, password: customer.password } })
      expect(login.status).toBe(403)
      expect(login.json.message).toBe(CLOSED)
    })
  })
}

async function axeViolations(page: Page) {
  await page.waitForLoadState('networkidle')
  const result = await scanWcag(page)
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`)
}

// The buttons are measured as the pointer left them (on them, after the click): their hover colours count.
test('the page and the admin form have no WCAG 2.1 A/AA violations, light at 375 px and dark at 1280 px', async ({ page }) => {
  test.setTimeout(90_000)
  const customer = await createCustomer()
  const id = await customerAccountId(customer.email, customer.password)
  const views = [
    { width: 375, height: 800, colorScheme: 'light' },
    { width: 1280, height: 900, colorScheme: 'dark' },
  ] as const
  await signInCustomer(page, customer.email, customer.password, { at: '/customer/close-account' })
  // Submitted again in each view, so the pointer rests on the button there too.
  await inViews(page, 'patient page', views, async (label) => {
    await page.getByRole('button', { name: 'Close my account' }).click()
    await expect(page.getByText('Password is required')).toBeVisible()
    expect(await axeViolations(page), label).toEqual([])
  })
  await signInAdmin(page, 'super', { at: `/admin/patient/${id}` })
  await inViews(page, 'admin form', views, async (label) => {
    const form = page.locator('#close-patient-account')
    if (!(await form.isVisible())) await page.locator('summary', { hasText: 'Close account' }).click()
    await form.getByRole('button', { name: 'Close account' }).click()
    await expect(page.getByText('Tick the box to confirm that the patient asked for this in writing')).toBeVisible()
    expect(await axeViolations(page), label).toEqual([])
  })
})

test('after the retention period (moved clock) the job deletes the record and audits it; other patients are untouched', async () => {
  const closing = await createCustomer()
  const other = await createCustomer()
  const closingId = await customerAccountId(closing.email, closing.password)
  const otherId = await customerAccountId(other.email, other.password)
  const otherToken = await customerToken(other.email, other.password)
  await providerCall('POST', 'v1/auth/entries/weight/', { token: otherToken, body: { date: '2026-11-01', weight: 110, weight_unit: 'kg' } })
  await providerCall('POST', 'v1/auth/messages/', { token: otherToken, body: { body: 'Still here' } })
  const closed = await providerCall<{ delete_after: string }>('POST', 'v1/auth/close-account/', {
    token: await customerToken(closing.email, closing.password),
    body: { password: closing.password },
  })
  expect(closed.status).toBe(200)

  const admin = await adminToken('super')
  const fingerprint = async () =>
    JSON.stringify(
      await Promise.all(
        [`v1/admin/patients/${otherId}/?include=entries&from=2026-10-01&to=2026-11-30`, `v1/admin/patients/${otherId}/messages/`].map(
          async (path) => (await providerCall('GET', path, { token: admin })).json.content,
        ),
      ),
    )
  // Twice: the first read marks the messages read by this admin, which the second then shows.
  await fingerprint()
  const before = await fingerprint()

  // The day before the record's deletion day: kept.
  const deleteAfter = new Date(`${closed.json.content.delete_after}T00:00:00Z`)
  const early = await providerCall<{ deleted: number }>('POST', `__dev/run-retention/?now=${new Date(deleteAfter.getTime() - 2 * 86_400_000).toISOString()}`)
  expect(early.status).toBe(200)
  expect((await providerCall('GET', `v1/admin/patients/${closingId}/`, { token: admin })).status).toBe(200)

  const run = await providerCall<{ deleted: number }>('POST', `__dev/run-retention/?now=${new Date(deleteAfter.getTime() + 86_400_000).toISOString()}`)
  expect(run.json.content.deleted).toBeGreaterThanOrEqual(1)
  expect((await providerCall('GET', `v1/admin/patients/${closingId}/`, { token: admin })).status).toBe(404)
  const events = await auditEventsAbout(closingId)
  const deletion = events.find((event) => event.action === 'record_delete')
  expect(deletion).toMatchObject({ target_account_id: closingId })
  expect(JSON.stringify(deletion)).not.toContain(closing.email)

  expect(await fingerprint()).toBe(before)
})
