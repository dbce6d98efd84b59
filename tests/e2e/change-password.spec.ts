import { expect, test, type Page } from '@playwright/test'
import { expectToast, ruleStatus } from './support/auth'
import { createAdmin } from './support/admin-users'
import { createCustomer, receivedFrom } from './support/provider'
import { signInAdmin, signInCustomer, signInCustomerThroughForm } from './support/sign-in'

// Change password in both portals, through the provider's extension endpoints
// POST v1/auth/change_password/ and POST v1/admin/change_password/ (old_password, new_password,
// conf_password). Same checklist and messages as the auth screens.

const NEW_PASSWORD = 'Changed#Pass2'

async function fillChangePassword(page: Page, current: string, next: string, confirmation = next) {
  await page.getByLabel('Current Password', { exact: true }).fill(current)
  await page.getByLabel('New Password', { exact: true }).fill(next)
  await page.getByLabel('Confirm New Password', { exact: true }).fill(confirmation)
}

async function signInPatient(page: Page) {
  const customer = await createCustomer()
  await signInCustomer(page, customer.email, customer.password)
  return customer
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('a patient changes the password, then signs in with the new one', async ({ page }) => {
      const customer = await signInPatient(page)
      await page.goto('/customer/change-password')
      await expect(page).toHaveTitle('Change Password | BariCare')
      await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible()
      await fillChangePassword(page, customer.password, NEW_PASSWORD)
      await page.getByRole('button', { name: 'Update Password' }).click()
      await expectToast(page, 'Password updated successfully!')
      await expect(page).toHaveURL(/\/customer\/change-password$/)

      const sent = await receivedFrom({ ...customer, password: NEW_PASSWORD }, 'v1/auth/change_password/')
      expect(sent).toHaveLength(1)
      expect(sent[0]).toMatchObject({ status: 200, body: { old_password: '***', new_password: '***', conf_password: '***' } })

      // The provider ends every other session; this one goes on with the fresh tokens.
      await page.goto('/customer/profile')
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()

      await page.getByRole('button', { name: 'Sign out' }).click()
      await expect(page).toHaveURL(/\/customer\/signin/)
      await page.getByLabel('Email', { exact: true }).fill(customer.email)
      await page.getByLabel('Password', { exact: true }).fill(customer.password)
      await page.getByRole('button', { name: 'Sign In', exact: true }).click()
      await expect(page).toHaveURL(/\/customer\/signin/)
      await signInCustomerThroughForm(page, customer.email, NEW_PASSWORD)
      await expect(page).toHaveURL(/\/customer\/dashboard$/)
    })

    test('mismatch and unmet rules are caught before anything is sent', async ({ page }) => {
      const customer = await signInPatient(page)
      await page.goto('/customer/change-password')
      await fillChangePassword(page, customer.password, 'short', 'other')
      if (javaScriptEnabled) {
        // SPEC.md §5: the button waits for every rule and a matching confirmation.
        await expect(ruleStatus(page, 'length')).not.toHaveAttribute('data-status', 'met')
        await expect(ruleStatus(page, 'lowercase')).toHaveAttribute('data-status', 'met')
        await expect(page.getByRole('button', { name: 'Update Password' })).toBeDisabled()
        await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD)
        await page.getByLabel('Confirm New Password', { exact: true }).blur()
        await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible()
        await expect(page.getByRole('button', { name: 'Update Password' })).toBeDisabled()
        // Enter (implicit submission) is the one way left to send it: it must send nothing.
        await page.getByLabel('Confirm New Password', { exact: true }).press('Enter')
        await page.waitForLoadState('networkidle')
        await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible()
      } else {
        await page.getByRole('button', { name: 'Update Password' }).click()
        await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible()
        await expect(ruleStatus(page, 'length')).toHaveAttribute('data-status', 'failed')
        await expect(ruleStatus(page, 'uppercase')).toHaveAttribute('data-status', 'failed')
        await expectToast(page, 'Please check your form', 'Make sure all fields are valid and try again.')
      }
      // The page has settled on its messages (above): nothing reached the provider.
      expect(await receivedFrom(customer, 'v1/auth/change_password/')).toEqual([])
    })
  })
}

// The provider's words (docs/provider-api.md); SPEC.md §8 shows a refusal inline and as a toast.
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect'

test('a wrong current password is refused with the provider message', async ({ page }) => {
  const customer = await signInPatient(page)
  await page.goto('/customer/change-password')
  await fillChangePassword(page, 'Not#MyPassword1', NEW_PASSWORD)
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByRole('alert').filter({ hasText: WRONG_CURRENT_PASSWORD })).toBeVisible()
  await expectToast(page, WRONG_CURRENT_PASSWORD)
  await expect(page).toHaveURL(/\/customer\/change-password$/)
  const refused = await receivedFrom(customer, 'v1/auth/change_password/')
  expect(refused.map((r) => r.status)).toEqual([400])
  await expect(page.getByText('Password updated successfully!', { exact: true })).toHaveCount(0)
})

test.describe('admin portal', () => {
  // An admin of this test's own: this covers the screen, its checks and a refusal by the provider.
  test('the change-password screen refuses a wrong current password', async ({ page }) => {
    const admin = await createAdmin('Standard Admin', 'p20-chpw')
    await signInAdmin(page, admin)
    await page.getByRole('navigation', { name: 'Admin portal' }).getByRole('link', { name: 'Change Password' }).click()
    await expect(page).toHaveURL(/\/admin\/change-password$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible()
    await fillChangePassword(page, 'Not#TheAdmin1', NEW_PASSWORD)
    await page.getByRole('button', { name: 'Update Password' }).click()
    await expect(page.getByRole('alert').filter({ hasText: WRONG_CURRENT_PASSWORD })).toBeVisible()
    const refused = await receivedFrom({ ...admin, portal: 'admin' }, 'v1/admin/change_password/')
    expect(refused.map((r) => r.status)).toEqual([400])
    expect(refused[0]!.auth).toBe('admin')
    expect(refused[0]!.body).toEqual({ old_password: '***', new_password: '***', conf_password: '***' })
    // Still signed in with the old password.
    await page.goto('/admin/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  })
})
