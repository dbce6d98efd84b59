import { expect, test, type Page } from '@playwright/test'
import { signInAdmin, signInNewCustomer, signInNewCustomerAt } from './support/sign-in'

// The shared sidebar of both portals: expanded/collapsed in a 7-day cookie the server reads,
// Ctrl/Cmd+B, icon-only tooltips, a drawer below 768 px, and a no-JavaScript fallback for each.

const sidebar = (page: Page) => page.locator('aside[data-sidebar="sidebar"]')

async function sidebarCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'sidebar_state')
}

async function signInPatient(page: Page) {
  await signInNewCustomer(page)
  // The guided tour is tested elsewhere; keep its overlay out of the way.
  await page.evaluate(() => window.localStorage.setItem('has_seen_tour', 'true'))
  await page.goto('/customer/dashboard')
}

test.describe('sidebar on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('collapses to icons, keeps the state across reloads and shows tooltips', async ({ page, browser }) => {
    await signInPatient(page)
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded')
    const nav = page.getByRole('navigation', { name: 'Patient' })
    for (const name of ['Dashboard', 'Log Data', 'Health Trends', 'Connect Devices', 'Messages', 'Profile', 'Change Password']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
    }
    expect((await sidebar(page).boundingBox())?.width).toBe(256) // 16rem

    await page.getByRole('button', { name: 'Collapse sidebar' }).click()
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed')
    await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(48) // 3rem
    const cookie = await sidebarCookie(page)
    expect(cookie?.value).toBe('false')
    // Seven days, give or take the test's own runtime.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120)

    // The labels stay for screen readers; sighted users get a tooltip after the 700 ms delay.
    const logData = nav.getByRole('link', { name: 'Log Data', exact: true })
    await logData.hover()
    await expect(page.getByRole('tooltip', { name: 'Log Data' })).toBeVisible({ timeout: 3_000 })

    // The server renders the collapsed state: the same cookies in a browser without JavaScript.
    const noScript = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false })
    const serverRendered = await noScript.newPage()
    await serverRendered.goto('/customer/dashboard')
    await expect(sidebar(serverRendered)).toHaveAttribute('data-state', 'collapsed')
    await noScript.close()

    await page.reload()
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed')
    await page.getByRole('button', { name: 'Expand sidebar' }).click()
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded')
    expect((await sidebarCookie(page))?.value).toBe('true')
  })

  test('Ctrl+B and Cmd+B toggle it', async ({ page }) => {
    await signInPatient(page)
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded')
    await page.keyboard.press('Control+b')
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed')
    await page.keyboard.press('Meta+b')
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded')
    await page.keyboard.press('Control+b')
    await page.reload()
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed')
  })

  test('the admin portal has the same sidebar, with Users only for a Super Admin', async ({ page, browser }) => {
    await signInAdmin(page, 'super')
    const nav = page.getByRole('navigation', { name: 'Admin portal' })
    for (const name of ['Dashboard', 'Patients', 'Reports', 'Users', 'Profile', 'Change Password']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(page.getByTestId('signed-in-user')).toContainText('Sam Super')
    await expect(page.getByTestId('signed-in-user')).toContainText('Super Admin')
    await nav.getByRole('link', { name: 'Reports', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/reports$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Reports & Data Exports' })).toBeVisible()
    await expect(page.getByText('Analytics and data export tools for internal analysis', { exact: true })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Reports', exact: true })).toHaveAttribute('aria-current', 'page')

    const standard = await browser.newPage()
    await signInAdmin(standard, 'standard')
    const standardNav = standard.getByRole('navigation', { name: 'Admin portal' })
    await expect(standardNav.getByRole('link', { name: 'Patients', exact: true })).toBeVisible()
    await expect(standardNav.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0)
    await expect(standard.getByTestId('signed-in-user')).toContainText('Standard Admin')
    await standard.close()

    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/admin\/signin/)
  })
})

test.describe('sidebar on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('opens as a drawer from the header and closes on navigation or Escape', async ({ page }) => {
    await signInPatient(page)
    await expect(sidebar(page)).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog')
    await expect(drawer).toBeVisible()
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(288) // 18rem
    await drawer.getByRole('link', { name: 'Health Trends', exact: true }).click()
    await expect(page).toHaveURL(/\/customer\/health-trends$/)
    await expect(drawer).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Health Trends' })).toBeVisible()

    await page.keyboard.press('Control+b')
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the collapse toggle posts, the server remembers, and the page comes back', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInNewCustomerAt(page, '/customer/log-data')
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded')
    await page.getByRole('button', { name: 'Collapse sidebar' }).click()
    await expect(page).toHaveURL(/\/customer\/log-data$/)
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed')
    expect((await sidebarCookie(page))?.value).toBe('false')
    await page.getByRole('button', { name: 'Expand sidebar' }).click()
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded')
  })

  test('on a phone the menu opens as a disclosure', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await signInNewCustomer(page)
    await page.locator('summary', { hasText: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Patient' }).getByRole('link', { name: 'Change Password', exact: true }).click()
    await expect(page).toHaveURL(/\/customer\/change-password$/)
  })
})

test.describe('while a screen loads', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the layout shows that screen’s skeleton', async ({ page }) => {
    await signInPatient(page)
    // Hold the profile's data back until the skeleton has been checked: the navigation stays
    // pending exactly as long as the test needs, however slow the machine.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/customer/profile.data*', async (route) => {
      await released
      await route.continue()
    })
    await page.getByRole('navigation', { name: 'Patient' }).getByRole('link', { name: 'Profile', exact: true }).click()
    const skeleton = page.locator('[data-skeleton="profile"]')
    await expect(skeleton).toBeVisible()
    await expect(page.getByRole('status', { name: /Loading profile/ })).toBeVisible()
    await expect(skeleton.locator('[data-skeleton-tab]')).toHaveCount(4)
    release()
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
    await expect(skeleton).toHaveCount(0)
  })
})

