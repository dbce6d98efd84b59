import { expect, test, type Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { expectToast } from './support/auth'
import { receivedFrom } from './support/provider'
import { signInNewCustomer } from './support/sign-in'

// /customer/profile: four tabs kept in ?tab= (plain links), the onboarding data shown and edited
// with the wizard's own fields, display units and theme, and the device answer.

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Profile sections' })

/** A signed-in patient whose saves can be told apart in the provider's request log. */
async function signInUniquePatient(page: Page) {
  const tag = randomUUID().slice(0, 8)
  const customer = await signInNewCustomer(page, undefined, {
    personal: { full_name: `Pat Example ${tag}` },
    medical: { other_conditions: `note ${tag}` },
  })
  return { ...customer, name: `Pat Example ${tag}`, note: `note ${tag}` }
}

async function openProfile(page: Page) {
  await page.getByRole('navigation', { name: 'Patient' }).getByRole('link', { name: 'Profile', exact: true }).click()
  await expect(page).toHaveURL(/\/customer\/profile$/)
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('the four tabs are links that keep the tab in the URL', async ({ page }) => {
      const customer = await signInUniquePatient(page)
      if (javaScriptEnabled) {
        await page.evaluate(() => window.localStorage.setItem('has_seen_tour', 'true'))
        await page.reload()
      }
      await openProfile(page)
      await expect(page).toHaveTitle('Profile | BariCare')
      for (const name of ['Personal', 'Medical', 'Preferences', 'Connected']) {
        await expect(tabs(page).getByRole('link', { name, exact: true })).toBeVisible()
      }
      await expect(tabs(page).getByRole('link', { name: 'Personal' })).toHaveAttribute('aria-current', 'page')
      await expect(page.getByLabel('Full Name')).toHaveValue(customer.name)
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customer.email)
      await expect(page.getByRole('textbox', { name: 'Initial Weight' })).toHaveValue('120')

      await tabs(page).getByRole('link', { name: 'Medical' }).click()
      await expect(page).toHaveURL(/\?tab=medical$/)
      await expect(tabs(page).getByRole('link', { name: 'Medical' })).toHaveAttribute('aria-current', 'page')
      await expect(tabs(page).getByRole('link', { name: 'Personal' })).not.toHaveAttribute('aria-current', 'page')
      await expect(page.getByRole('checkbox', { name: 'Hypertension' })).toBeChecked()
      await expect(page.getByRole('heading', { name: 'Bariatric surgery' })).toBeVisible()

      await tabs(page).getByRole('link', { name: 'Connected' }).click()
      await expect(page).toHaveURL(/\?tab=connected$/)
      await expect(page.getByTestId('device-answer')).toContainText('I have a wearable device')
      await expect(page.getByTestId('device-answer')).toContainText('Apple Watch')
      await expect(page.getByTestId('device-answer')).toContainText('iOS')

      await tabs(page).getByRole('link', { name: 'Preferences' }).click()
      await expect(page.getByRole('radio', { name: 'kg' })).toBeChecked()
      await expect(page.getByRole('radio', { name: 'cm' })).toBeChecked()

      await page.goBack()
      await expect(page).toHaveURL(/\?tab=connected$/)
    })

    test('weights switch to lbs from Preferences, and the dashboard follows', async ({ page }) => {
      const customer = await signInUniquePatient(page)
      if (javaScriptEnabled) await page.evaluate(() => window.localStorage.setItem('has_seen_tour', 'true'))
      await page.goto('/customer/profile?tab=preferences')
      // The daily targets the dashboard compares with are shown here (read-only; the care team's).
      await expect(page.getByTestId('daily-targets')).toContainText('60 g a day')
      await expect(page.getByTestId('daily-targets')).toContainText('1,900 ml a day')
      await expect(page.getByTestId('daily-targets')).toContainText('7 h a night')
      await page.getByRole('radio', { name: 'lbs' }).check()
      await page.getByRole('radio', { name: 'ft / in' }).check()
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expectToast(page, 'Profile Updated')
      await expect(page).toHaveURL(/\?tab=preferences$/)
      await expect(page.getByRole('radio', { name: 'lbs' })).toBeChecked()
      await expect(page.getByTestId('daily-targets')).toContainText('64 fl oz a day')

      const [put] = await receivedFrom(customer, 'v1/auth/profile/personal/')
      // The stored personal details go back unchanged (cm, kg), with the new units.
      expect(put?.body).toMatchObject({ weight_unit: 'lbs', height_unit: 'ft-in', initial_weight: 120, height: 170 })

      await page.goto('/customer/dashboard')
      await expect(page.getByTestId('weight-current')).toHaveText('264.6 lbs')
    })
  })
}

test('personal details are edited with the wizard fields; the header follows the new name', async ({ page }) => {
  const customer = await signInUniquePatient(page)
  await page.evaluate(() => window.localStorage.setItem('has_seen_tour', 'true'))
  await page.goto('/customer/profile')
  const newName = `Patricia ${randomUUID().slice(0, 8)}`
  await page.getByLabel('Full Name').fill(newName)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Profile Updated')
  await expect(page.getByTestId('signed-in-user')).toContainText(newName)
  const [put] = await receivedFrom(customer, 'v1/auth/profile/personal/')
  expect(put?.body).toMatchObject({ full_name: newName, date_of_birth: '1985-06-15', height: 170, initial_weight: 120 })

  // Our own rules run before anything is sent.
  await page.getByLabel('Full Name').fill('')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Full name is required', { exact: true })).toBeVisible()
  await expectToast(page, 'Please complete all required fields')
  // Settled on the refusal (above): this patient's newest PUT is still the valid one.
  const [latest] = await receivedFrom(customer, 'v1/auth/profile/personal/')
  expect(latest?.id).toBe(put?.id)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('medical history saves and says so', async ({ page }) => {
    const customer = await signInUniquePatient(page)
    await page.goto('/customer/profile?tab=medical')
    await page.getByRole('checkbox', { name: 'GERD' }).check()
    await page.getByRole('button', { name: 'Save Changes' }).first().click()
    await expectToast(page, 'Medical History Updated')
    await expect(page).toHaveURL(/\?tab=medical$/)
    await expect(page.getByRole('checkbox', { name: 'GERD' })).toBeChecked()
    const [put] = await receivedFrom(customer, 'v1/auth/profile/medical/')
    expect(put?.body?.pre_existing_conditions).toEqual(['Hypertension', 'GERD'])
  })
})
