import { expect, test, type Page } from '@playwright/test'
import { seedPatients, uniquePrefix } from './support/admin-patients'
import { storageStateFor } from './support/sessions'
import { inViews, expectNoViolations } from './support/axe'

// /admin/dashboard. The suite shares one provider with specs that create patients at the same time,
// so numbers are checked as "went up by at least what we added", never as absolute values.

let superState: string
test.beforeAll(async () => {
  superState = await storageStateFor('super-admin')
})

const statValue = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).locator('p').first().textContent())
const funnelCount = async (page: Page, step: string) =>
  Number(
    (await page
      .getByTestId('funnel')
      .getByRole('listitem')
      .filter({ hasText: step })
      .locator('.font-medium')
      .textContent()) ?? NaN,
  )
const tierCount = async (page: Page, tier: number) =>
  Number(
    (
      await page
        .getByTestId('alerts-by-tier')
        .getByRole('link', { name: new RegExp(`open tier ${tier} alerts`) })
        .textContent()
    )?.match(/^\d+/)?.[0],
  )

test('counts what it should: the funnel, quiet patients, alerts by tier, cohorts', async ({ browser }) => {
  const context = await browser.newContext({
    storageState: superState,
    viewport: { width: 1280, height: 900 },
  })
  const page = await context.newPage()
  await page.goto('/admin/dashboard')
  await expect(page).toHaveTitle('Admin Dashboard | BariCare')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const before = {
    signedUp: await funnelCount(page, 'Signed up'),
    verified: await funnelCount(page, 'Verified e-mail'),
    onboarded: await funnelCount(page, 'Onboarded'),
    quiet: await statValue(page, 'stat-quiet'),
    active: await statValue(page, 'stat-active'),
    tier2: await tierCount(page, 2),
  }
  expect(Object.values(before).every(Number.isFinite)).toBe(true)

  await seedPatients(uniquePrefix('Dash'), [
    { state: 'unverified' },
    { state: 'verified' },
    // Onboarded, logged today: active.
    {
      surgery_type: 'Sleeve Gastrectomy',
      surgery_days_ago: 50,
      weights: [{ days_ago: 0, kg: 100 }],
      meals: [],
    },
    // Onboarded, quiet for 10 days: no data 7+ days, a tier 2 alert.
    {
      surgery_type: 'Duodenal Switch',
      surgery_days_ago: 500,
      weights: [{ days_ago: 10, kg: 90 }],
      meals: [],
    },
  ])
  await page.reload()
  expect(await funnelCount(page, 'Signed up')).toBeGreaterThanOrEqual(before.signedUp + 4)
  expect(await funnelCount(page, 'Verified e-mail')).toBeGreaterThanOrEqual(before.verified + 3)
  expect(await funnelCount(page, 'Onboarded')).toBeGreaterThanOrEqual(before.onboarded + 2)
  expect(await statValue(page, 'stat-active')).toBeGreaterThanOrEqual(before.active + 2)
  expect(await statValue(page, 'stat-quiet')).toBeGreaterThanOrEqual(before.quiet + 1)
  expect(await tierCount(page, 2)).toBeGreaterThanOrEqual(before.tier2 + 1)

  for (const [id, caption, row] of [
    ['cohort-procedure', 'Outcomes by procedure', 'Duodenal Switch'],
    ['cohort-months', 'Outcomes by months since surgery', '12–24 months'],
  ]) {
    const table = page.getByTestId(id)
    await expect(table.locator('caption')).toContainText(caption)
    await expect(table.getByRole('rowheader', { name: row })).toBeVisible()
  }

  // The tier link opens the patients list filtered by it.
  await page.getByRole('link', { name: /open tier 2 alerts/ }).click()
  await expect(page).toHaveURL('/admin/patients?alert=tier2')
  await expect(page.getByRole('combobox', { name: 'Alerts', exact: true })).toHaveValue('tier2')
  await context.close()
})

test('has no WCAG 2.1 A/AA violations, dark at 375 px and light at 1280 px', async ({ browser }) => {
  const context = await browser.newContext({ storageState: superState, viewport: { width: 375, height: 800 } })
  const page = await context.newPage()
  await page.goto('/admin/dashboard')
  await page.waitForLoadState('networkidle')
  const views = [
    { width: 375, height: 800, colorScheme: 'dark' },
    { width: 1280, height: 900, colorScheme: 'light' },
  ] as const
  await inViews(page, 'admin dashboard', views, (label) => expectNoViolations(page, label))
  await context.close()
})
