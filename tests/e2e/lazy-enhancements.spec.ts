import { expect, test, type Locator, type Page } from '@playwright/test'
import { settled } from './support/settled'
import { signInNewCustomer } from './support/sign-in'

// Enhancements a first paint does not need come as their own chunks, fetched when they are about
// to be used (docs/decisions/181-lazy-enhancements.md): the guided tour, the phone drawer and the
// collapsed sidebar's tooltips. The screens work meanwhile; these checks pin when each one loads.

const TOUR_CHUNK = /\/build\/_shared\/running-tour-[A-Z0-9]+\.js$/
const DRAWER_CHUNK = /\/build\/_shared\/sidebar-drawer-[A-Z0-9]+\.js$/
const TOOLTIPS_CHUNK = /\/build\/_shared\/nav-tooltips-[A-Z0-9]+\.js$/

function scripts(page: Page) {
  const urls: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname)
  })
  return (chunk: RegExp) => urls.filter((url) => chunk.test(url)).length
}

// Radix opens a tooltip on a pointer move over its trigger. A hover that lands while the chunk is
// still on its way moves over a plain link, and no later move comes, so the test waits for the
// trigger (Radix marks it with data-state) as a person's ever-moving mouse would not need to.
async function hoverOnceTooltipsAreIn(link: Locator) {
  await expect(link).toHaveAttribute('data-state', /closed|open/)
  await link.hover()
}

// Marked before the first page, not after sign-in: the dashboard sign-in lands on would otherwise
// start the tour, and on a loaded machine its chunk was requested only once the counting had begun.
async function patientWhoHasSeenTheTour(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('has_seen_tour', 'true'))
  await signInNewCustomer(page)
}

test('a wide dashboard loads neither the tour, nor the drawer, nor the tooltips until they are used', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await patientWhoHasSeenTheTour(page)
  const loaded = scripts(page)
  await page.goto('/customer/dashboard')
  await settled(page)
  expect(loaded(TOUR_CHUNK)).toBe(0)
  expect(loaded(DRAWER_CHUNK)).toBe(0)
  expect(loaded(TOOLTIPS_CHUNK)).toBe(0)

  // Collapsing the sidebar brings the tooltips.
  await page.getByRole('button', { name: 'Collapse sidebar' }).click()
  const nav = page.getByRole('navigation', { name: 'Patient' })
  await hoverOnceTooltipsAreIn(nav.getByRole('link', { name: 'Health Trends', exact: true }))
  await expect(page.getByRole('tooltip', { name: 'Health Trends' })).toBeVisible({ timeout: 3_000 })
  expect(loaded(TOOLTIPS_CHUNK)).toBe(1)

  // A page served collapsed gets them once hydrated, on the same links the server drew.
  await page.reload()
  await settled(page)
  await hoverOnceTooltipsAreIn(nav.getByRole('link', { name: 'Messages', exact: true }))
  await expect(page.getByRole('tooltip', { name: 'Messages' })).toBeVisible({ timeout: 3_000 })
  expect(loaded(DRAWER_CHUNK)).toBe(0)
})

test('on a phone the drawer loads when it first opens, and opens again without a new download', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await patientWhoHasSeenTheTour(page)
  const loaded = scripts(page)
  await page.goto('/customer/dashboard')
  await settled(page)
  expect(loaded(DRAWER_CHUNK)).toBe(0)

  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(loaded(DRAWER_CHUNK)).toBe(1)
})

test('the tour loads its code for a patient who has not seen it', async ({ page }) => {
  const loaded = scripts(page)
  await signInNewCustomer(page)
  await expect(page.getByRole('alertdialog')).toBeVisible()
  expect(loaded(TOUR_CHUNK)).toBe(1)
})
