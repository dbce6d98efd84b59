import { expect, test, type Locator, type Page } from '@playwright/test'
import { seedPatients, uniquePrefix } from './support/admin-patients'
import { DEMO_ADMINS } from './support/provider'
import { storageStateFor } from './support/sessions'

// Admin tables never clip at 1280 px; at 375 px they scroll inside a named, focusable region
// that says so; one date style (MM/DD/YYYY), times in the clinic's zone with its abbreviation,
// phone numbers formatted; one audit row per record view.

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 375, height: 812 }
const CLINIC_TIME = /^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (AM|PM) E[SD]T$/

async function clipped(region: Locator) {
  return region.evaluate((el) => el.scrollWidth - el.clientWidth)
}

async function longPatient() {
  const prefix = uniquePrefix('Fmt')
  const [patient] = await seedPatients(prefix, [
    {
      full_name: `${prefix} Maximiliana Alexandrina Wolfeschlegelsteinhausen-Bergerdorff`,
      email: `${prefix.toLowerCase()}.maximiliana.alexandrina.wolfeschlegelsteinhausen@longdomain-example.org`,
      surgery_type: 'Duodenal Switch',
      surgery_days_ago: 200,
    },
  ])
  return patient!
}

async function visitRecord(page: Page, id: number) {
  const response = await page.goto(`/admin/patient/${id}`)
  expect(response?.status()).toBe(200)
}

test('at 1280 px the users and audit tables fit, with times in the clinic zone', async ({ browser }) => {
  const patient = await longPatient()
  const context = await browser.newContext({
    viewport: DESKTOP,
    storageState: await storageStateFor('super-admin'),
  })
  const page = await context.newPage()
  await visitRecord(page, patient.id)

  await page.goto('/admin/users')
  const admins = page.getByRole('region', { name: /^Admins \(/ })
  expect(await clipped(admins)).toBeLessThanOrEqual(0)
  const standard = admins.locator(`tr[data-admin-email="${DEMO_ADMINS.standard.email}"]`)
  await expect(
    standard.getByRole('link', { name: `Deactivate ${DEMO_ADMINS.standard.name}` }),
  ).toBeInViewport()
  const signedIn = admins.locator(`tr[data-admin-email="${DEMO_ADMINS.super.email}"] td`).nth(3)
  await expect(signedIn).toHaveText(CLINIC_TIME)

  await page.goto(`/admin/users?tab=audit&action=patient_view`)
  const audit = page.getByRole('region', { name: 'Audit events' })
  expect(await clipped(audit)).toBeLessThanOrEqual(0)
  const row = audit.locator('tr[data-audit-action="patient_view"]').filter({ hasText: patient.email })
  // One visit, one row, whose Details column is on screen.
  await expect(row).toHaveCount(1)
  await expect(row.locator('td').nth(4)).toBeInViewport()
  await expect(row.locator('td').first()).toHaveText(CLINIC_TIME)
  await expect(page.getByText(/Times are the clinic's \(America\/New York, E[SD]T\)/)).toBeVisible()
  await context.close()
})

test('at 1280 px a long e-mail in the patients list stays in its column, whole in its title', async ({
  browser,
}) => {
  const patient = await longPatient()
  const context = await browser.newContext({
    viewport: DESKTOP,
    storageState: await storageStateFor('standard-admin'),
  })
  const page = await context.newPage()
  await page.goto(`/admin/patients?q=${encodeURIComponent(patient.full_name.split(' ')[0]!)}`)
  const table = page.getByRole('region', { name: /^Patients matching/ })
  expect(await clipped(table)).toBeLessThanOrEqual(0)
  const email = table.getByTitle(patient.email)
  await expect(email).toBeVisible()
  const [emailBox, procedureBox] = await Promise.all([
    email.boundingBox(),
    table.getByRole('cell', { name: 'Duodenal Switch' }).boundingBox(),
  ])
  expect(emailBox!.x + emailBox!.width).toBeLessThanOrEqual(procedureBox!.x)
  await context.close()
})

test('at 375 px the admin tables scroll inside a named, focusable region that says so', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: PHONE,
    storageState: await storageStateFor('super-admin'),
  })
  const page = await context.newPage()
  for (const [path, name] of [
    ['/admin/users', /^Admins \(/],
    ['/admin/users?tab=audit', /^Audit events$/],
  ] as const) {
    await page.goto(path)
    const region = page.getByRole('region', { name })
    await expect(region).toHaveAttribute('tabindex', '0')
    expect(await clipped(region)).toBeGreaterThan(0)
    await expect(page.getByText('Scroll sideways in the table to see every column.')).toBeVisible()
    await expect(region).toHaveAttribute('aria-describedby', /.+/)
    const before = await region.evaluate((el) => el.scrollLeft)
    await region.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before)
  }
  await context.close()
})

test('the record shows dates as MM/DD/YYYY and the phone number formatted', async ({ browser }) => {
  const patient = await longPatient()
  const context = await browser.newContext({
    viewport: DESKTOP,
    storageState: await storageStateFor('standard-admin'),
  })
  const page = await context.newPage()
  await visitRecord(page, patient.id)
  await expect(page.getByText('(555) 010-0199')).toBeVisible()
  await expect(page.getByText('5550100199')).toHaveCount(0)
  const summary = page.getByRole('region', { name: 'Clinical summary' })
  await expect(summary.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible()
  await expect(summary).not.toContainText(
    /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/,
  )
  await context.close()
})
