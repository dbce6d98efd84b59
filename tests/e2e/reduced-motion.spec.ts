import { expect, test, type Page } from '@playwright/test'
import { skipBrowserValidation } from './support/auth'
import { signInNewCustomer } from './support/sign-in'

// A visitor whose system asks for less motion (prefers-reduced-motion) gets no transitions or
// entrance animations; the busy spinner still turns. Others get the motion as designed.

async function motionOf(page: Page) {
  await page.goto('/customer/signin')
  const button = page.getByRole('button', { name: 'Sign In', exact: true })
  // An empty submit: the browser-side check refuses it with a toast, which slides in.
  await skipBrowserValidation(page)
  await button.click()
  const toast = page.locator('[data-toast]').first()
  await expect(toast).toBeVisible()
  return {
    button: await button.evaluate((el) => getComputedStyle(el).transitionDuration),
    toast: await toast.evaluate((el) => getComputedStyle(el).animationDuration),
    spinner: await page.evaluate(() => {
      const spinner = document.createElement('span')
      spinner.className = 'animate-spin'
      document.body.append(spinner)
      return getComputedStyle(spinner).animationDuration
    }),
  }
}

test('with reduced motion asked for, transitions and the toast entrance end at once; the spinner turns', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  expect(await motionOf(page)).toEqual({ button: '1e-05s', toast: '1e-05s', spinner: '1s' })
})

test('without it, the motion is as designed', async ({ page }) => {
  expect(await motionOf(page)).toEqual({ button: '0.15s', toast: '0.15s', spinner: '1s' })
})

test('with reduced motion, the guided tour still runs step by step to its end on a phone', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.setViewportSize({ width: 375, height: 740 })
  await signInNewCustomer(page)
  const tooltip = page.getByRole('alertdialog')
  await tooltip.getByRole('button', { name: 'Start Guided Tour' }).click()
  for (const title of ['Your progress at a glance', 'Log your week', 'Follow your trends', 'Connect your device']) {
    await expect(tooltip.getByRole('heading', { name: title })).toBeInViewport()
    await tooltip.getByRole('button', { name: 'Next' }).click()
  }
  await expect(tooltip.getByRole('heading', { name: 'Your profile details' })).toBeInViewport()
  await expect(tooltip.getByRole('button', { name: 'Next' })).toHaveCount(0)
})
