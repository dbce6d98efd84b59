import { expect, test, type Page } from '@playwright/test'
import { settled, trackRequests } from './support/settled'
import { signInNewCustomer } from './support/sign-in'

// SPEC.md §2: "Screens load lazily; if a load fails the page reloads once, and a second failure is
// raised as an error." A screen's code is its route chunk; we make it fail by blocking it.

const PROFILE_CHUNK = '**/build/routes/_patient.customer.profile-*.js'

/**
 * The pages that finished loading. (Remix may call reload() twice in a row when two imports of the
 * same chunk fail together; the browser then shows one page, so requests are not the measure.)
 */
function pageLoads(page: Page) {
  const loads: string[] = []
  page.on('load', (loaded) => loads.push(new URL(loaded.url()).pathname))
  return loads
}

/** Document requests (a page that reloads itself before it finishes loading never fires 'load'). */
function documentRequests(page: Page) {
  const requests: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') requests.push(new URL(request.url()).pathname)
  })
  return requests
}

async function signedInOnDashboard(page: Page) {
  await signInNewCustomer(page)
  await page.evaluate(() => window.localStorage.setItem('has_seen_tour', 'true'))
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Pat' })).toBeVisible()
}

const errorScreen = (page: Page) => page.getByRole('heading', { name: 'Something went wrong.' })

test('a screen whose code fails twice: one reload, then the error screen, and no loop', async ({ page }) => {
  await signedInOnDashboard(page)
  await page.route(PROFILE_CHUNK, (route) => route.abort())
  const loads = pageLoads(page)
  // Counted rather than 'networkidle', which a reload with aborted requests in flight can leave
  // unreached for the rest of the test.
  const requests = trackRequests(page)

  await page.getByRole('navigation', { name: 'Patient' }).getByRole('link', { name: 'Profile', exact: true }).click()
  await expect(errorScreen(page)).toBeVisible()
  await expect(page.getByText('An unexpected error occurred. Please try refreshing the page.', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/customer\/profile$/)
  // Remix reloads the page it was on; we carry on to where the patient was going — once.
  await expect.poll(() => loads).toEqual(['/customer/dashboard', '/customer/profile'])
  await settled(page, { hydrated: false, requests })
  expect(loads).toEqual(['/customer/dashboard', '/customer/profile'])

  // Once the code loads again, refreshing brings the screen back.
  await page.unroute(PROFILE_CHUNK)
  await page.getByRole('link', { name: 'Refresh the page' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  // Hydrated again: the path's one reload is available for a later failure.
  await expect
    .poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('baricare:chunk-retry:'))))
    .toEqual([])
})

test('a failure that the reload cures: the patient lands on the screen they asked for', async ({ page }) => {
  await signedInOnDashboard(page)
  let blocked = 0
  // Only the first attempt fails, as after a deploy that replaced the chunk.
  await page.route(PROFILE_CHUNK, (route) => (blocked++ === 0 ? route.abort() : route.continue()))
  const loads = pageLoads(page)
  await page.getByRole('navigation', { name: 'Patient' }).getByRole('link', { name: 'Profile', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  await expect(page).toHaveURL(/\/customer\/profile$/)
  await expect.poll(() => loads).toEqual(['/customer/dashboard', '/customer/profile'])
  await expect(errorScreen(page)).toHaveCount(0)
  // It hydrated: client-side navigation works again.
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Medical' }).click()
  await expect(page).toHaveURL(/\?tab=medical$/)
})

test('opening the page directly: one reload, then the error screen', async ({ page }) => {
  await signedInOnDashboard(page)
  await page.route(PROFILE_CHUNK, (route) => route.abort())
  const requests = documentRequests(page)
  const open = trackRequests(page)
  await page.goto('/customer/profile')
  await expect(errorScreen(page)).toBeVisible()
  expect(requests).toEqual(['/customer/profile', '/customer/profile'])
  await settled(page, { hydrated: false, requests: open })
  expect(requests).toHaveLength(2)
})
