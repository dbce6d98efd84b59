import { expect, test, type Page } from '@playwright/test'
import { hideTour } from './support/log-data'
import { createCustomer, uniqueEmail } from './support/provider'
import { signInAdmin, signInCustomerThroughForm } from './support/sign-in'

// Toasts: an error toast lasts only as long as the form's errors, and the stack never
// covers a form's primary button — checked with three toasts on screen, on a phone and a laptop.

const WIDTHS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
] as const

/** The toasts on screen (Radix renders each as a list item in its viewport). */
const toasts = (page: Page) => page.locator('[data-toast-stack] [data-toast]')

/** Holds the stack still (Radix pauses its timers while the pointer is over a toast). */
async function holdToasts(page: Page) {
  await toasts(page).first().hover()
}

/** The button takes a real click where it is: not covered, no `force` (a trial click checks just that). */
async function expectClickable(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true })
  await button.scrollIntoViewIfNeeded()
  await button.click({ trial: true, timeout: 3_000 })
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size })

    test("wizard step 4: 'Complete Profile' stays clickable under three toasts; the error goes once fixed", async ({
      page,
    }) => {
      const customer = await createCustomer(['personal', 'medical'])
      await signInCustomerThroughForm(page, customer.email, customer.password) // 'Welcome back!'
      await expect(page.getByText('Step 3 of 4', { exact: true })).toBeVisible()
      await page.getByRole('radio', { name: 'No', exact: true }).check()
      await page.getByRole('button', { name: 'Next Step' }).click() // 'Bariatic Surgery Information Updated'
      await expect(page.getByText('Step 4 of 4', { exact: true })).toBeVisible()
      // From here the pointer rests on the stack, which pauses every toast's timer (new ones start
      // paused), and the keyboard does the rest: on a busy machine the steps below outlast a 5 s
      // toast, and the stack must still hold three when the button is checked.
      await expect(toasts(page).filter({ hasText: 'Bariatic Surgery Information Updated' })).toHaveCount(1)
      await holdToasts(page)
      // Once more, so the stack holds three toasts even if 'Welcome back!' had timed out.
      await page.getByRole('link', { name: 'Back' }).press('Enter')
      await expect(page.getByText('Step 3 of 4', { exact: true })).toBeVisible()
      await page.getByRole('button', { name: 'Next Step' }).press('Enter')
      await expect(page.getByText('Step 4 of 4', { exact: true })).toBeVisible()
      await page.getByRole('button', { name: 'Complete Profile' }).press('Enter') // refused
      await expect(page.getByText('Mobile OS is required', { exact: true })).toBeVisible()

      const error = toasts(page).filter({ hasText: 'Please complete all required fields' })
      await expect(error).toHaveCount(1)
      await expect.poll(() => toasts(page).count()).toBeGreaterThanOrEqual(3)
      await expectClickable(page, 'Complete Profile')
      // A second refusal replaces the first rather than stacking the same words.
      await page.getByRole('button', { name: 'Complete Profile' }).click()
      await expect(error).toHaveCount(1)

      await page.getByRole('radio', { name: 'I need a device' }).check()
      await page.getByRole('radio', { name: 'Android' }).check()
      await expect(page.getByText('Mobile OS is required', { exact: true })).toHaveCount(0)
      await expect(error).toHaveCount(0)
      await page.getByRole('button', { name: 'Complete Profile' }).click()
      await expect(page).toHaveURL(/\/customer\/dashboard$/)
    })

    test("log form: 'Save weight' stays clickable under three toasts; a successful save clears the error", async ({
      page,
    }) => {
      await hideTour(page)
      const customer = await createCustomer()
      await signInCustomerThroughForm(page, customer.email, customer.password) // 'Welcome back!'
      // Within the app (no reload), so the toasts so far stay in the stack.
      await page
        .getByRole('main')
        .getByRole('link', { name: /^Log Data/ })
        .first()
        .click()
      await expect(page.getByRole('heading', { level: 1, name: 'Log Data' })).toBeVisible()
      const weight = page.getByRole('group', { name: 'Weight' }).getByRole('textbox', { name: 'Weight' })
      await weight.fill('101.5')
      await page.getByRole('button', { name: 'Save weight' }).click() // 'Weight logged'
      await expect(toasts(page).filter({ hasText: 'Weight logged' })).toHaveCount(1)
      // From here the pointer rests on the stack, so no toast times out while a slow machine
      // saves the next entry (success toasts last 5 s), and the next two are sent from the keyboard.
      await holdToasts(page)
      await weight.fill('101.4')
      await weight.press('Enter') // a second 'Weight logged'
      await expect(toasts(page).filter({ hasText: 'Weight logged' })).toHaveCount(2)
      await weight.fill('')
      await weight.press('Enter') // empty: refused
      const error = toasts(page).filter({ hasText: 'Please check your form' })
      await expect(error).toHaveCount(1)
      await expect.poll(() => toasts(page).count()).toBeGreaterThanOrEqual(3)
      await expectClickable(page, 'Save weight')

      // The field in focus is not under the stack either. The trial click moved the pointer away,
      // so the stack is held again first: a toast timing out mid-check would leave nothing to measure.
      await holdToasts(page)
      await weight.focus()
      const field = (await weight.boundingBox())!
      for (const toast of await toasts(page).all()) {
        const box = await toast.boundingBox()
        if (!box) continue
        const overlaps =
          field.y < box.y + box.height &&
          field.y + field.height > box.y &&
          field.x < box.x + box.width &&
          field.x + field.width > box.x
        expect(overlaps, 'a toast covers the field in focus').toBe(false)
      }

      await weight.fill('101.2')
      await page.getByRole('button', { name: 'Save weight' }).click()
      await expect(error).toHaveCount(0)
      await expect(toasts(page).filter({ hasText: 'Weight logged' }).first()).toBeVisible()
    })

    test("admin invite form: 'Send invitation' and the field in focus stay clear of three toasts", async ({
      page,
    }) => {
      await signInAdmin(page, 'super', { at: '/admin/users' })
      await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
      const send = page.getByRole('button', { name: 'Send invitation', exact: true })
      // The first success toast is held (pointer on it) from the moment it shows, and the rest is
      // typed and submitted from the keyboard, so the pointer stays there: a 5-second success
      // toast cannot time out while a slow machine sends the second invitation.
      for (const [index, name] of ['Toast Invitee One', 'Toast Invitee Two'].entries()) {
        const email = uniqueEmail('p16b-toast')
        await page.getByLabel('Full name').fill(name)
        await page.getByLabel('Email', { exact: true }).fill(email)
        await page.getByLabel('Email', { exact: true }).press('Enter')
        // This invitation's own success (its toast names the address): the name alone is also on
        // the rows other runs of this test invited, so it could show before this one was sent.
        // The wait covers the post, the redirect's reload of the page's data and React's render of
        // the whole page in a transition: on a loaded two-core machine that took up to 8.5 s from
        // the key press (the router idle after 4.3 s, the toast in the page after 8.5 s), the
        // browser's main thread mostly waiting for CPU rather than stuck.
        await expect(toasts(page).filter({ hasText: email }).first()).toBeVisible({ timeout: 15_000 })
        // The form empties itself after a success; typing or submitting before that is lost.
        await expect(page.getByLabel('Full name')).toHaveValue('')
        await expect(send).toBeEnabled()
        if (index === 0) await holdToasts(page)
      }
      await send.press('Enter') // empty: refused
      await expect(toasts(page).filter({ hasText: 'Please check your form' })).toHaveCount(1)
      await expect.poll(() => toasts(page).count()).toBeGreaterThanOrEqual(3)
      await expectClickable(page, 'Send invitation')
      await holdToasts(page) // as above: the trial click moved the pointer off the stack
      const field = page.getByLabel('Full name')
      await field.focus()
      const box = (await field.boundingBox())!
      for (const toast of await toasts(page).all()) {
        const t = await toast.boundingBox()
        if (!t) continue
        const overlaps =
          box.y < t.y + t.height &&
          box.y + box.height > t.y &&
          box.x < t.x + t.width &&
          box.x + box.width > t.x
        expect(overlaps, 'a toast covers the field in focus').toBe(false)
      }
    })
  })
}

test('without JavaScript the messages are plain text on the page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const customer = await createCustomer()
  await signInCustomerThroughForm(page, customer.email, customer.password)
  await expect(page.getByRole('status').getByText('Welcome back!', { exact: true })).toBeVisible()
  await context.close()
})
