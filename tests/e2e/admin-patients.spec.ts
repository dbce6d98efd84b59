import { expect, test, type Page } from '@playwright/test'
import {
  providerPatientNames,
  seedPatients,
  uniquePrefix,
  type SeededPatient,
} from './support/admin-patients'
import { receivedRequests } from './support/provider'
import { storageStateFor } from './support/sessions'
import { inViews, expectNoViolations } from './support/axe'

// /admin/patients: search, filters, sort and pagination all live in the URL, so each works as a
// plain GET form or link without JavaScript and as a client navigation with it. Every test seeds its
// own patients under a unique prefix and searches by it: the suite shares one provider.

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 375, height: 800 }

let standardState: string
let prefix: string
let seeded: SeededPatient[]

test.beforeAll(async () => {
  standardState = await storageStateFor('standard-admin')
  prefix = uniquePrefix('List')
  // 25 varied patients: two pages of 20.
  seeded = await seedPatients(prefix, 25)
})

const rows = (page: Page) => page.getByRole('table').locator('tbody tr')
const firstColumn = (page: Page) => page.getByRole('table').locator('tbody th[scope="row"] a')

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript'

  test(`searches, filters, sorts and pages through patients ${mode}`, async ({ browser }) => {
    const context = await browser.newContext({
      storageState: standardState,
      javaScriptEnabled,
      viewport: DESKTOP,
    })
    const page = await context.newPage()
    await page.goto('/admin/patients')
    // Hydrated before the first interaction. Without scripts nothing comes after goto's load, and
    // 'networkidle' once waited out the test on the page's module preloads, which never finished.
    if (javaScriptEnabled) await page.waitForLoadState('networkidle')
    await expect(page).toHaveTitle('Patients | BariCare')

    // Search (the form's Search button; Enter works the same).
    await page.getByLabel('Search by name or e-mail').fill(prefix)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`\\?q=${prefix}$`))
    await expect(page.getByRole('heading', { name: '25 patients' })).toBeVisible()
    await expect(rows(page)).toHaveCount(20)
    await expect(firstColumn(page)).toHaveText(seeded.slice(0, 20).map((p) => p.full_name))
    const table = page.getByRole('table')
    await expect(table.locator('caption')).toHaveText(
      /Patients matching the search and filters, sorted by Name ascending, page 1 of 2/,
    )
    await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending')

    // Next page.
    await page.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(rows(page)).toHaveCount(5)
    await expect(page.getByText('Page 2 of 2 · 5 of 25 patients')).toBeVisible()

    // Sort by %TWL (first click: highest first), back to page 1.
    await page.getByRole('link', { name: /Sort by %TWL/ }).click()
    await expect(page).toHaveURL(/sort=twl&dir=desc/)
    await expect(page).not.toHaveURL(/page=/)
    await expect(page.getByRole('columnheader', { name: /%TWL/ })).toHaveAttribute('aria-sort', 'descending')
    const byTwl = await providerPatientNames(`q=${prefix}&sort=twl&dir=desc&page_size=20`)
    await expect(firstColumn(page)).toHaveText(byTwl.names)

    // A filter keeps the search and the sort.
    await page.getByRole('combobox', { name: 'Procedure', exact: true }).selectOption('Sleeve Gastrectomy')
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(/procedure=Sleeve\+Gastrectomy/)
    await expect(page).toHaveURL(/sort=twl&dir=desc/)
    const sleeves = await providerPatientNames(`q=${prefix}&procedure=Sleeve+Gastrectomy&sort=twl&dir=desc`)
    expect(sleeves.total).toBeGreaterThan(0)
    await expect(page.getByRole('heading', { name: `${sleeves.total} patients` })).toBeVisible()
    await expect(firstColumn(page)).toHaveText(sleeves.names)
    await expect(page.getByRole('table').getByRole('cell', { name: 'Sleeve Gastrectomy' })).toHaveCount(
      sleeves.total,
    )

    // What the provider was asked for (by the page: the test's own calls above send no page).
    const asked = (await receivedRequests('v1/admin/patients/')).find(
      (r) => r.query.procedure === 'Sleeve Gastrectomy' && r.query.q === prefix && r.query.page !== undefined,
    )
    expect(asked?.query).toEqual({
      q: prefix,
      procedure: 'Sleeve Gastrectomy',
      sort: 'twl',
      dir: 'desc',
      page: '1',
      page_size: '20',
    })
    expect(asked?.auth).toBe('admin')

    // A filter with no match says so; Clear filters brings the whole list back.
    await page.getByLabel('Search by name or e-mail').fill(`${prefix}-nobody`)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.getByText('No patients match these filters')).toBeVisible()
    await page.getByRole('link', { name: 'Clear filters' }).click()
    await expect(page).toHaveURL(/\/admin\/patients\?sort=twl&dir=desc$/)
    await context.close()
  })
}

test('filters by alert tier and milestone window against the provider', async ({ browser }) => {
  const own = uniquePrefix('Flt')
  const [quiet, soon] = await seedPatients(own, [
    {
      surgery_type: 'Duodenal Switch',
      surgery_days_ago: 300,
      weights: [{ days_ago: 15, kg: 100 }],
      meals: [],
    },
    {
      surgery_type: 'Sleeve Gastrectomy',
      surgery_days_ago: 36,
      weights: [{ days_ago: 0, kg: 100 }],
      meals: [],
    },
  ])
  const context = await browser.newContext({ storageState: standardState, viewport: DESKTOP })
  const page = await context.newPage()
  await page.goto(`/admin/patients?q=${own}&alert=tier2`)
  await expect(firstColumn(page)).toHaveText([quiet.full_name])
  await expect(rows(page).first().getByText('Tier 2')).toBeVisible()
  await expect(rows(page).first()).toContainText('15 days ago')
  // Day 36 after surgery: the 6-week follow-up is 6 days away.
  await page.goto(`/admin/patients?q=${own}&milestone=7`)
  await expect(firstColumn(page)).toHaveText([soon.full_name])
  await expect(page.getByRole('combobox', { name: 'Next follow-up', exact: true })).toHaveValue('7')
  await context.close()
})

test('clamps or ignores bad URL parameters instead of failing', async ({ browser }) => {
  const context = await browser.newContext({ storageState: standardState, viewport: DESKTOP })
  const page = await context.newPage()
  const response = await page.goto(
    `/admin/patients?q=${prefix}&sort=age&dir=up&page=-3&procedure=Magic&alert=red&unit=stone`,
  )
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: '25 patients' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Procedure', exact: true })).toHaveValue('')
  // Past the last page: the last page.
  await page.goto(`/admin/patients?q=${prefix}&page=99`)
  await expect(page).toHaveURL(new RegExp(`q=${prefix}&page=2$`))
  await expect(rows(page)).toHaveCount(5)
  await context.close()
})

test('shows weights in the unit chosen in the URL', async ({ browser }) => {
  const own = uniquePrefix('Unit')
  await seedPatients(own, [{ surgery_type: 'Sleeve Gastrectomy', weights: [{ days_ago: 1, kg: 100 }] }])
  const context = await browser.newContext({ storageState: standardState, viewport: DESKTOP })
  const page = await context.newPage()
  await page.goto(`/admin/patients?q=${own}`)
  await page.waitForLoadState('networkidle')
  await expect(rows(page).first()).toContainText('100.0 kg')
  await page.getByRole('navigation', { name: 'Weight unit' }).getByRole('link', { name: 'lbs' }).click()
  await expect(page).toHaveURL(/unit=lbs/)
  await expect(rows(page).first()).toContainText('220.5 lbs')
  await context.close()
})

test('is a card list at 375 px, with sort links', async ({ browser }) => {
  const context = await browser.newContext({ storageState: standardState, viewport: PHONE })
  const page = await context.newPage()
  await page.goto(`/admin/patients?q=${prefix}`)
  // Clicked once hydrated, so the click is the client navigation under test, not a race with it.
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('table')).toBeHidden()
  const cards = page.getByRole('list', { name: /^Patients matching/ }).getByRole('listitem')
  await expect(cards).toHaveCount(20)
  await expect(cards.first()).toContainText('Days post-op')
  await page
    .getByRole('navigation', { name: 'Sort patients' })
    .getByRole('link', { name: 'Surgery date' })
    .click()
  await expect(page).toHaveURL(/sort=surgery_date&dir=desc/)
  await context.close()
})

test('has no WCAG 2.1 A/AA violations, light at 375 px and dark at 1280 px', async ({ browser }) => {
  const context = await browser.newContext({ storageState: standardState, viewport: PHONE })
  const page = await context.newPage()
  await page.goto(`/admin/patients?q=${prefix}&sort=twl&dir=desc`)
  await page.waitForLoadState('networkidle')
  const views = [
    { ...PHONE, colorScheme: 'light' },
    { ...DESKTOP, colorScheme: 'dark' },
  ] as const
  await inViews(page, 'patients list', views, (label) => expectNoViolations(page, label))
  await context.close()
})
