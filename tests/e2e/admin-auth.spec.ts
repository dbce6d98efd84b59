import { expect, test } from '@playwright/test'
import { expectToast, fillNewPassword, submitSignIn } from './support/auth'
import { createCustomer, DEMO_ADMINS, mailedLink, receivedRequests } from './support/provider'

const ADMIN_SUBMIT = 'Access Admin Portal'

for (const js of [true, false]) {
  test.describe(`admin auth ${js ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: js })

    test('sign in: the portal screen, then the dashboard with the welcome toast', async ({ page }) => {
      await page.goto('/admin/signin')
      await expect(page).toHaveTitle('Admin Sign In | BariCare')
      await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible()
      await expect(page.getByText('Healthcare Provider Access', { exact: true })).toBeVisible()
      await expect(page.getByText('Secure healthcare provider access only', { exact: true })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
        'href',
        '/admin/forgot-password',
      )

      await submitSignIn(page, DEMO_ADMINS.super.email, DEMO_ADMINS.super.password, ADMIN_SUBMIT)
      await expect(page).toHaveURL(/\/admin\/dashboard$/)
      await expectToast(page, 'Welcome back!', 'You have successfully signed in.')

      // Signed in: the public admin screens send the admin on.
      for (const path of [
        '/admin/signin',
        '/admin/forgot-password',
        '/admin/reset-password?token=x',
        '/admin/signup',
      ]) {
        await page.goto(path)
        await expect(page, path).toHaveURL(/\/admin\/dashboard$/)
      }
    })

    test('wrong credentials and validation messages', async ({ page }) => {
      await page.goto('/admin/signin')
      await page.getByRole('button', { name: ADMIN_SUBMIT }).click()
      await expect(page.getByText('Email is required', { exact: true })).toBeVisible()
      await expect(page.getByText('Password is required', { exact: true })).toBeVisible()
      await expectToast(page, 'Please check your form', 'Make sure all fields are valid and try again.')

      await submitSignIn(page, DEMO_ADMINS.standard.email, 'Not#ThePassword1', ADMIN_SUBMIT)
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible()
      await expect(page).toHaveURL(/\/admin\/signin$/)
    })

    test('a customer account is refused with the provider message', async ({ page }) => {
      const customer = await createCustomer([])
      await page.goto('/admin/signin')
      await submitSignIn(page, customer.email, customer.password, ADMIN_SUBMIT)
      await expect(page.getByRole('alert').filter({ hasText: /does not have admin access/ })).toBeVisible()
    })

    test('forgot password always shows the sent screen and sends portal "admin"', async ({ page }) => {
      await page.goto('/admin/forgot-password')
      await expect(page).toHaveTitle('Admin Forgot Password | BariCare')
      // Only admins get a link from the admin variant; the screen is the same either way.
      const customer = await createCustomer([])
      await page.getByLabel('Email', { exact: true }).fill(customer.email)
      await page.getByRole('button', { name: 'Send Reset Link' }).click()
      await expect(page.getByRole('heading', { name: 'Password reset link sent' })).toBeVisible()
      await expectToast(page, 'Reset link sent!')
      await expect(page.getByRole('link', { name: 'Return to Sign In' })).toHaveAttribute(
        'href',
        '/admin/signin',
      )
      const [forgot] = (await receivedRequests('v1/auth/forgot_password/')).filter(
        (r) => r.body?.email === customer.email,
      )
      expect(forgot.body).toEqual({ email: customer.email, portal: 'admin' })
    })
  })
}

// The demo Standard Admin's password is reset to the same value, one run after the other, so
// that other tests signing in with it are not disturbed and the two runs never read each
// other's e-mail.
test.describe('admin password reset from the mailed link', () => {
  test.describe.configure({ mode: 'serial' })
  const admin = DEMO_ADMINS.standard

  for (const js of [true, false]) {
    test(`forgot, reset, sign in ${js ? 'with' : 'without'} JavaScript`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: js })
      const page = await context.newPage()
      await page.goto('/admin/forgot-password')
      await page.getByLabel('Email', { exact: true }).fill(admin.email)
      await page.getByRole('button', { name: 'Send Reset Link' }).click()
      await expect(page.getByRole('heading', { name: 'Password reset link sent' })).toBeVisible()

      const link = await mailedLink(admin.email, '/admin/reset-password')
      await page.goto(link)
      await expect(page.getByRole('heading', { name: 'Change Your Password' })).toBeVisible()
      await expect(page.getByRole('list', { name: 'Your password must have:' })).toBeVisible()
      await fillNewPassword(page, admin.password)
      await page.getByRole('button', { name: 'Update Password' }).click()
      await expect(page.getByRole('heading', { name: 'You successfully reset your password!' })).toBeVisible()
      await expectToast(page, 'Password created/updated successfully!')

      await page.getByRole('link', { name: 'Continue to Sign In' }).click()
      await expect(page).toHaveURL(/\/admin\/signin$/)
      await submitSignIn(page, admin.email, admin.password, ADMIN_SUBMIT)
      await expect(page).toHaveURL(/\/admin\/dashboard$/)

      // The link is spent.
      await context.clearCookies()
      await page.goto(link.replace('/admin/reset-password', '/admin/reset_password'))
      await fillNewPassword(page, admin.password)
      await page.getByRole('button', { name: 'Update Password' }).click()
      await expect(
        page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' }),
      ).toBeVisible()
      await context.close()
    })
  }
})

test.describe('admin public screens', () => {
  test('reset without a token goes to the admin sign-in; createPassword switches the title', async ({
    page,
  }) => {
    await page.goto('/admin/reset-password')
    await expect(page).toHaveURL(/\/admin\/signin$/)
    await page.goto('/admin/reset_password')
    await expect(page).toHaveURL(/\/admin\/signin$/)
    await page.goto('/admin/reset-password?token=abc&createPassword=true')
    await expect(page.getByRole('heading', { name: 'Create Your Password' })).toBeVisible()
  })

  test("the submit button says 'Signing In...' while busy", async ({ page }) => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/admin\/signin\.data/, async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    })
    await page.goto('/admin/signin')
    await submitSignIn(page, DEMO_ADMINS.super.email, DEMO_ADMINS.super.password, ADMIN_SUBMIT)
    await expect(page.getByRole('button', { name: 'Signing In...' })).toBeVisible()
    release()
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
  })

  test('/admin/signup explains that admins are invited', async ({ page }) => {
    await page.goto('/admin/signup')
    await expect(page.getByRole('heading', { name: 'Admin accounts are by invitation' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to Admin Sign In' }).click()
    await expect(page).toHaveURL(/\/admin\/signin$/)
  })

  test('signing in as admin ends the customer session, and the customer sign-in ends the admin one', async ({
    page,
  }) => {
    const customer = await createCustomer()
    await page.goto('/customer/signin')
    await submitSignIn(page, customer.email, customer.password)
    await expect(page).toHaveURL(/\/customer\/dashboard$/)

    // Opening the admin sign-in clears the customer's data.
    await page.goto('/admin/signin')
    await page.goto('/customer/dashboard')
    await expect(page).toHaveURL(/\/customer\/signin/)

    await page.goto('/admin/signin')
    await submitSignIn(page, DEMO_ADMINS.super.email, DEMO_ADMINS.super.password, ADMIN_SUBMIT)
    await expect(page).toHaveURL(/\/admin\/dashboard$/)

    // Opening the customer sign-in clears the admin's data.
    await page.goto('/customer/signin')
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(/\/admin\/signin/)
  })
})
