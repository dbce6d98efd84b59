import { expect, test, type Page } from '@playwright/test'
import { createCustomer } from './support/provider'
import { atRest } from './support/settled'
import { signInCustomer } from './support/sign-in'
import { seedHistory } from './support/trends'

// The guided tour on a phone and on a laptop, light and dark: every step's tooltip lies
// fully inside the viewport, below the sticky header, and its buttons take a real click.

const HEADER_HEIGHT = 56
const STEPS = 6

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 740, theme: 'light' },
  { name: 'phone', width: 375, height: 740, theme: 'dark' },
  { name: 'laptop', width: 1280, height: 800, theme: 'light' },
  { name: 'laptop', width: 1280, height: 800, theme: 'dark' },
] as const

async function expectInsideViewport(page: Page, step: number) {
  const tooltip = page.getByRole('alertdialog')
  await expect(tooltip).toBeVisible()
  // Measured once joyride has placed it and scrolled its target into view.
  await atRest(tooltip)
  const box = (await tooltip.boundingBox())!
  const viewport = page.viewportSize()!
  const where = `step ${step}: ${JSON.stringify(box)} in ${viewport.width}×${viewport.height}`
  expect(box.x, where).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width)
  expect(box.y + box.height, where).toBeLessThanOrEqual(viewport.height)
  // The welcome card is centred over everything; the other steps stay clear of the header.
  expect(box.y, where).toBeGreaterThanOrEqual(step === 0 ? 0 : HEADER_HEIGHT)
}

for (const viewport of VIEWPORTS) {
  test(`every step fits a ${viewport.width} px ${viewport.name} screen, ${viewport.theme}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      colorScheme: viewport.theme,
    })
    await context.addInitScript((theme) => window.localStorage.setItem('theme', theme), viewport.theme)
    const page = await context.newPage()
    const customer = await createCustomer()
    // A dashboard with real numbers, as long as a patient's who has logged for months.
    await seedHistory(customer.email, 90)
    await signInCustomer(page, customer.email, customer.password)
    await expect(page).toHaveURL(/\/customer\/dashboard$/)

    const tooltip = page.getByRole('alertdialog')
    await expectInsideViewport(page, 0)
    await tooltip.getByRole('button', { name: 'Start Guided Tour' }).click()
    for (let step = 1; step < STEPS; step++) {
      await expect(page.getByTestId('tour-counter')).toHaveText(`${step} / ${STEPS - 1}`)
      await expectInsideViewport(page, step)
      // The target has scrolled into view, its top below the header.
      const id = await tooltip.getAttribute('data-tour-step')
      const target = (await page.locator(`[data-tour="${id}"]`).boundingBox())!
      expect(target.y, `target of step ${step}`).toBeGreaterThanOrEqual(HEADER_HEIGHT)
      expect(target.y, `target of step ${step}`).toBeLessThan(viewport.height - 40)
      const name = step === STEPS - 1 ? 'Done' : 'Next'
      // No force: Playwright checks that the button itself receives the click.
      await tooltip.getByRole('button', { name, exact: true }).click()
    }
    await expect(tooltip).toBeHidden()
    await context.close()
  })
}
