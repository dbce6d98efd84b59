import { expect, test, type Page } from '@playwright/test'
import { REGAINING_PATIENT } from '../support/fixtures'
import { auditEventsAbout, seedPatients, uniquePrefix, type SeededPatient } from './support/admin-patients'
import { DEMO_ADMINS, receivedRequests } from './support/provider'
import { storageStateFor } from './support/sessions'
import { inViews, expectNoViolations } from './support/axe'

// /admin/patient/:id — the record: header, clinical summary, alerts with acknowledge (with and
// without JavaScript), adherence and regain, devices, the trends; every view is audited.

const DESKTOP = { width: 1280, height: 900 }

let standardState: string
test.beforeAll(async () => {
  standardState = await storageStateFor('standard-admin')
})

/** 6 kg above a 100 kg nadir (tier 1 at the default 5%), protein short on 4 days (tier 3). */
async function regainingPatient(): Promise<SeededPatient> {
  const prefix = uniquePrefix('Det')
  const [patient] = await seedPatients(prefix, [
    { ...REGAINING_PATIENT, full_name: `${prefix} Rita`, surgery_type: 'Gastric Bypass (RNY)' },
  ])
  return patient
}

const alertCard = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Alerts' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) })

test('shows the record, and the view is in the audit log', async ({ browser }) => {
  const patient = await regainingPatient()
  const context = await browser.newContext({ storageState: standardState, viewport: DESKTOP })
  const page = await context.newPage()
  await page.goto(`/admin/patients?q=${encodeURIComponent(patient.full_name)}`)
  await page.waitForLoadState('networkidle')
  await page.getByRole('link', { name: patient.full_name }).first().click()
  await expect(page).toHaveURL(`/admin/patient/${patient.id}`)
  await expect(page).toHaveTitle(`${patient.full_name} | BariCare`)
  await expect(page.getByRole('heading', { level: 1, name: patient.full_name })).toBeVisible()

  const summary = page.getByRole('region', { name: 'Clinical summary' })
  await expect(summary).toContainText('Gastric Bypass (RNY)')
  await expect(summary).toContainText('200 days post-op')
  await expect(summary).toContainText('Baseline weight130.0 kgPre-surgery weight')
  await expect(summary).toContainText('Ideal body weight72.3 kg')
  await expect(summary).toContainText('Goal weight80.0 kg')
  await expect(summary).toContainText('Latest weight106.0 kg')
  await expect(summary).toContainText('Total weight loss (%TWL)18.5%')

  const adherence = page.getByRole('region', { name: 'Adherence and weight regain' })
  await expect(adherence).toContainText('5 of 30 days with data')
  await expect(adherence).toContainText('hit on 20% of logged days (1 of 5)')
  await expect(page.getByTestId('regain-flag')).toContainText(
    '6.0 kg (6.0%) above the lowest logged weight, over the 5% threshold',
  )

  await expect(alertCard(page, 'Weight regain')).toContainText('Tier 1')
  await expect(alertCard(page, 'Low protein intake')).toContainText('Tier 3')
  await expect(page.getByRole('region', { name: 'Connected devices' })).toContainText('No devices connected')
  await expect(
    page.getByRole('region', { name: 'Trends' }).getByRole('heading', { name: 'Weight', exact: true }),
  ).toBeVisible()

  // In lbs on request.
  await page.getByRole('navigation', { name: 'Weight unit' }).getByRole('link', { name: 'lbs' }).click()
  await expect(summary).toContainText('Latest weight233.7 lbs')

  const views = (await auditEventsAbout(patient.id)).filter((event) => event.action === 'patient_view')
  expect(views.length).toBeGreaterThanOrEqual(2)
  expect(views.every((event) => event.actor_email === DEMO_ADMINS.standard.email)).toBe(true)
  await context.close()
})

for (const javaScriptEnabled of [true, false]) {
  test(`acknowledges an alert with a note ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
    browser,
  }) => {
    const patient = await regainingPatient()
    const context = await browser.newContext({
      storageState: standardState,
      javaScriptEnabled,
      viewport: DESKTOP,
    })
    const page = await context.newPage()
    await page.goto(`/admin/patient/${patient.id}`)
    // Hydrated before the first click. Without scripts the browser never finishes the page's module
    // preloads, so 'networkidle' may never come; goto's load is all there is to wait for.
    if (javaScriptEnabled) await page.waitForLoadState('networkidle')
    const card = alertCard(page, 'Weight regain')

    // No note: refused, said under the field, nothing sent.
    await card.getByRole('button', { name: 'Acknowledge' }).click()
    await expect(card.getByRole('alert')).toHaveText('Note is required')
    await expect(card.getByLabel('Note')).toHaveAttribute('aria-invalid', 'true')

    const note = `Called ${patient.full_name}; agreed a dietitian review.`
    await card.getByLabel('Note').fill(note)
    await card.getByRole('button', { name: 'Acknowledge' }).click()
    await expect(page.getByText('Alert acknowledged.', { exact: true }).first()).toBeVisible()
    await expect(card).toContainText(`Acknowledged by ${DEMO_ADMINS.standard.email}`)
    await expect(card).toContainText(note)
    await expect(card.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0)
    // The other alert is still open.
    await expect(
      alertCard(page, 'Low protein intake').getByRole('button', { name: 'Acknowledge' }),
    ).toBeVisible()

    const posts = (await receivedRequests()).filter(
      (r) => r.method === 'POST' && /^\/?v1\/admin\/alerts\/\d+\/acknowledge\/$/.test(r.path),
    )
    expect(posts.filter((r) => r.body?.note === note)).toHaveLength(1)
    const events = await auditEventsAbout(patient.id)
    expect(events.filter((event) => event.action === 'alert_acknowledge')).toHaveLength(1)
    await context.close()
  })
}

test('a patient that does not exist is a 404 inside the portal, not an error', async ({ browser }) => {
  const context = await browser.newContext({ storageState: standardState })
  const page = await context.newPage()
  for (const path of ['/admin/patient/999999999', '/admin/patient/not-a-number', '/admin/patient/1']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Patient not found')
    await expect(page).toHaveTitle(/^Patient not found \| /)
    await expect(page.getByRole('link', { name: 'Go to Patients' })).toHaveAttribute('href', '/admin/patients')
    // The portal's layout stays: its navigation is there.
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeAttached()
  }
  await context.close()
})

test('has no WCAG 2.1 A/AA violations, light at 375 px and dark at 1280 px', async ({ browser }) => {
  const patient = await regainingPatient()
  const context = await browser.newContext({ storageState: standardState, viewport: { width: 375, height: 800 } })
  const page = await context.newPage()
  await page.goto(`/admin/patient/${patient.id}`)
  await page.waitForLoadState('networkidle')
  const views = [
    { width: 375, height: 800, colorScheme: 'light' },
    { ...DESKTOP, colorScheme: 'dark' },
  ] as const
  await inViews(page, 'patient record', views, (label) => expectNoViolations(page, label))
  await context.close()
})
