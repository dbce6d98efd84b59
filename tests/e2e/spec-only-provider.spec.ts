import { expect, test, type Page } from '@playwright/test'
import { startSpecOnlyProvider, type SpecOnlyProvider } from '../support/spec-only-provider'
import { expectToast, fillNewPassword, fillSignUp, submitSignIn } from './support/auth'
import { specPort } from './support/constants'
import { STRONG_PASSWORD } from './support/provider'
import { spawnServer } from './support/spawn-server'

// The SPEC journeys against a provider that implements SPEC.md §7 and sends only what SPEC.md §3
// promises (tests/support/spec-only-provider.ts): not our API, none of its extensions. Every
// journey runs with and without JavaScript; assertions are on what the person sees and on what
// the provider received.

let provider: SpecOnlyProvider
let server: Awaited<ReturnType<typeof spawnServer>>
const ADMIN_PASSWORD = 'Admin#Pass123'

/**
 * A provider and an app server for one describe, on a port of its own (`portIndex` in this spec's
 * block): the describe with JavaScript and the one without run side by side in two workers instead
 * of one after the other in one (about two minutes). A worker runs one describe at a time, so the
 * module's `provider` and `server` are that describe's.
 */
function providerAndServerPerDescribe(portIndex: number) {
  test.describe.configure({ mode: 'default' })
  test.beforeAll(async () => {
    provider = await startSpecOnlyProvider()
    provider.addAdmin('super@spec-only.test', ADMIN_PASSWORD, ['Super Admin'])
    provider.addAdmin('standard@spec-only.test', ADMIN_PASSWORD, ['Standard Admin'])
    provider.addAdmin('auditor@spec-only.test', ADMIN_PASSWORD, ['Auditor'])
    // The default two-factor rule: a provider without two-factor must not lock its admins out.
    server = await spawnServer(specPort('spec-only-provider', portIndex), { PROVIDER_API_URL: provider.url, RATE_LIMITS: 'off', ADMIN_MFA: '' })
  })
  test.afterAll(async () => {
    await server?.stop()
    await provider?.close()
  })
}

const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first()
const notOffered = (label: string) => `This clinic's health service does not offer ${label}.`

function lastMail(to: string, kind: 'verify' | 'reset') {
  const found = provider.mail.filter((m) => m.to === to && m.kind === kind).at(-1)
  if (!found) throw new Error(`no ${kind} mail to ${to}`)
  return found
}

function received(method: string, path: string) {
  return provider.requests.filter((r) => r.method === method && r.path === path)
}

async function signUpAndVerify(page: Page, email: string) {
  await page.goto(`${server.baseURL}/customer/signup`)
  await fillSignUp(page, email, STRONG_PASSWORD)
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await expect(page.getByText('Please verify your email', { exact: true })).toBeVisible()
  await expect(page.getByText(email).first()).toBeVisible()
  expect(received('POST', 'v1/auth/signup/').at(-1)?.body).toEqual({ email, password: STRONG_PASSWORD, conf_password: STRONG_PASSWORD })

  const { token } = lastMail(email, 'verify')
  await page.goto(`${server.baseURL}/customer/verify-email?token=${token}&email=${encodeURIComponent(email)}`)
  await expect(page.getByText('Email verified successfully.', { exact: true })).toBeVisible()
}

async function signIn(page: Page, email: string, password = STRONG_PASSWORD) {
  await page.goto(`${server.baseURL}/customer/signin`)
  await submitSignIn(page, email, password)
}

const label = (page: Page, text: string) => page.locator('label').filter({ hasText: new RegExp(`^${text}$`) })

async function wizard(page: Page, imperial: boolean) {
  await expect(page).toHaveURL(/\/customer\/profile-setup/)
  await expect(page.getByText('Step 1 of 4', { exact: true })).toBeVisible()
  await page.getByLabel('Full Name').fill('Spec Only Patient')
  await page.getByLabel('Contact Number').fill('5551234567')
  await page.getByLabel('Date of Birth', { exact: true }).fill('06/15/1985')
  await page.getByRole('radio', { name: 'Female' }).check()
  if (imperial) {
    await label(page, 'ft / in').click()
    await page.getByRole('textbox', { name: 'Feet' }).fill('5')
    await page.getByRole('textbox', { name: 'Inches' }).fill('10')
    await page.getByRole('group', { name: 'Initial Weight' }).locator('label').filter({ hasText: /^lbs$/ }).click()
    await page.getByRole('textbox', { name: 'Initial Weight' }).fill('200')
  } else {
    await page.getByRole('textbox', { name: 'Height' }).fill('170')
    await page.getByRole('textbox', { name: 'Initial Weight' }).fill('95.5')
  }
  await page.getByLabel('Address Line 1').fill('1 Main Street')
  await page.getByLabel('City').fill('Springfield')
  await page.getByLabel('State / Province').fill('IL')
  await page.getByLabel('Postal / Zip Code').fill('62701')
  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(page).toHaveURL(/step=2$/)
  await expect(notice(page, 'Profile Updated')).toBeVisible()

  await page.getByRole('checkbox', { name: 'Hypertension' }).check()
  await page.getByRole('checkbox', { name: 'Diet programs' }).check()
  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(page).toHaveURL(/step=3$/)
  await expect(notice(page, 'Medical History Updated')).toBeVisible()

  await page.getByRole('radio', { name: 'Yes, I have had surgery' }).check()
  await page.getByLabel('Surgery Type').selectOption('Sleeve Gastrectomy')
  await page.getByLabel('Surgery Date', { exact: true }).fill('03/01/2025')
  await page.getByRole('textbox', { name: 'Pre-surgery Weight' }).fill(imperial ? '280' : '127')
  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(page).toHaveURL(/step=4$/)
  await expect(notice(page, 'Bariatic Surgery Information Updated')).toBeVisible()

  await page.getByRole('radio', { name: 'I have a wearable device' }).check()
  await page.getByLabel('Wearable Type').fill('Apple Watch')
  await page.getByRole('radio', { name: 'iOS' }).check()
  await page.getByRole('button', { name: 'Complete Profile' }).click()
  await expect(page).toHaveURL(/\/customer\/dashboard$/)
  await expect(notice(page, 'Device Details Updated')).toBeVisible()

  // SPEC.md §7's conversions reached the provider: cm and kg whatever was typed.
  const personal = received('PUT', 'v1/auth/profile/personal/').at(-1)?.body as Record<string, unknown>
  expect(personal).toMatchObject(
    imperial
      ? { height: 177.8, height_unit: 'ft-in', initial_weight: 90.719, weight_unit: 'lbs', full_name: 'Spec Only Patient' }
      : { height: 170, height_unit: 'cm', initial_weight: 95.5, weight_unit: 'kg', full_name: 'Spec Only Patient' },
  )
  const bariatric = received('PUT', 'v1/auth/profile/bariatric/').at(-1)?.body as Record<string, unknown>
  expect(bariatric).toMatchObject({ bariatric_status: 'yes', surgery_type: 'Sleeve Gastrectomy', pre_surgery_weight: imperial ? 127.006 : 127 })
  expect(received('PUT', 'v1/auth/profile/device/').at(-1)?.body).toMatchObject({ has_wearable: true, need_device_shipment: false, wearable_os: 'ios' })
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    providerAndServerPerDescribe(javaScriptEnabled ? 0 : 1)
    test.use({ javaScriptEnabled })
    const mode = javaScriptEnabled ? 'js' : 'nojs'

    test('sign-up, verify, sign-in, the four steps, the dashboard, change password and sign-out', async ({ page }) => {
      test.slow()
      const email = `journey-${mode}-${Date.now()}@spec-only.test`
      await signUpAndVerify(page, email)

      await signIn(page, email)
      await expectToast(page, 'Welcome back!', 'You have successfully signed in.')
      await wizard(page, !javaScriptEnabled)

      // The dashboard works from the profile alone and says what this provider lacks: it asked for
      // its one call (an extension), had a 404, and read the SPEC call instead.
      await expect(page.getByText(notOffered('the health log')).first()).toBeVisible()
      expect(received('GET', 'v1/auth/dashboard/').length).toBeGreaterThan(0)
      expect(received('GET', 'v1/auth/profile/').length).toBeGreaterThan(0)
      await expect(page.getByText(notOffered('the dashboard in one call'))).toHaveCount(0)
      await expect(page.getByText('Spec Only Patient').first()).toBeVisible()
      await expect(page.getByText('Something went wrong', { exact: false })).toHaveCount(0)
      if (javaScriptEnabled) {
        // No `has_seen_tour` from this provider: the tour has not been seen.
        await expect(page.getByText("Here's How Your Dashboard Works", { exact: true })).toBeVisible()
        await page.getByRole('button', { name: 'Skip Tour and Explore' }).click()
        await expect.poll(() => received('POST', 'v1/auth/tour-completed/').length).toBeGreaterThan(0)
      }

      // Extension screens say so in a sentence; none is a fault page.
      for (const [path, feature] of [
        ['/customer/log-data', 'the health log'],
        ['/customer/health-trends', 'health trends'],
        ['/customer/connect-devices', 'connected devices'],
        ['/customer/messages', 'messages with the care team'],
        ['/customer/close-account', 'closing an account here'],
      ] as const) {
        const response = await page.goto(`${server.baseURL}${path}`)
        expect(response?.status(), path).toBe(200)
        await expect(page.getByText(notOffered(feature)).first(), path).toBeVisible()
      }
      const profile = await page.goto(`${server.baseURL}/customer/profile`)
      expect(profile?.status()).toBe(200)
      await expect(page.getByLabel('Full Name')).toHaveValue('Spec Only Patient')

      // Change password is not a SPEC call: the screen says this provider does not offer it.
      await page.goto(`${server.baseURL}/customer/change-password`)
      await page.getByLabel('Current Password', { exact: true }).fill(STRONG_PASSWORD)
      await fillNewPassword(page, 'Another#Pass456')
      await page.getByRole('button', { name: 'Update Password' }).click()
      await expect(page.getByText(notOffered('changing the password here')).first()).toBeVisible()

      // The record download is an extension too: the link comes back to its page with the sentence.
      await page.goto(`${server.baseURL}/customer/your-data`)
      await page.getByRole('link', { name: 'Download my record' }).click()
      await expect(page).toHaveURL(/\/customer\/your-data$/)
      await expect(page.getByText(notOffered('downloading your record')).first()).toBeVisible()

      // Sign-out ends the session here even though this provider has no sign-out call.
      await page.goto(`${server.baseURL}/customer/dashboard`)
      await page.getByRole('button', { name: 'Sign out' }).first().click()
      await expect(page).toHaveURL(/\/customer\/signin/)
      await page.goto(`${server.baseURL}/customer/dashboard`)
      await expect(page).toHaveURL(/\/customer\/signin/)
    })

    test('an expired access token is refreshed once; a refused refresh signs the patient out', async ({ page }) => {
      const email = `refresh-${mode}-${Date.now()}@spec-only.test`
      await signUpAndVerify(page, email)
      await signIn(page, email)
      await expect(page).toHaveURL(/\/customer\/profile-setup/)

      provider.expireAccessTokens()
      const before = received('POST', 'v1/auth/token/refresh/').length
      await page.goto(`${server.baseURL}/customer/profile-setup`)
      await expect(page.getByText('Step 1 of 4', { exact: true })).toBeVisible()
      expect(received('POST', 'v1/auth/token/refresh/').length).toBe(before + 1)

      provider.expireAccessTokens()
      provider.revokeRefreshTokens()
      await page.goto(`${server.baseURL}/customer/profile-setup`)
      await expect(page).toHaveURL(/\/customer\/signin/)
      await expect(notice(page, 'Your session has expired. Please sign in again.')).toBeVisible()
    })

    test('admins: both roles sign in, Users is for Super Admin only, an unknown role is no role', async ({ page }) => {
      await page.goto(`${server.baseURL}/admin/signin`)
      await submitSignIn(page, 'super@spec-only.test', ADMIN_PASSWORD, 'Access Admin Portal')
      await expect(page).toHaveURL(/\/admin\/dashboard/)
      await expect(page.getByText(notOffered('the admin dashboard')).first()).toBeVisible()
      for (const [path, feature] of [
        ['/admin/users', 'user management'],
        ['/admin/reports', 'reports'],
        ['/admin/patients', 'the patient list'],
        ['/admin/fhir-clients', 'FHIR client apps'],
      ] as const) {
        const response = await page.goto(`${server.baseURL}${path}`)
        expect(response?.status(), path).toBe(200)
        await expect(page.getByText(notOffered(feature)).first(), path).toBeVisible()
      }
      await page.goto(`${server.baseURL}/admin/signout`)
      await page.context().clearCookies()

      await page.goto(`${server.baseURL}/admin/signin`)
      await submitSignIn(page, 'standard@spec-only.test', ADMIN_PASSWORD, 'Access Admin Portal')
      await expect(page).toHaveURL(/\/admin\/dashboard/)
      await page.goto(`${server.baseURL}/admin/reports`)
      await expect(page.getByRole('heading', { name: 'Reports & Data Exports' })).toBeVisible()
      await page.goto(`${server.baseURL}/admin/users`)
      await expect(page).toHaveURL(/\/not-authorized/)
      await page.context().clearCookies()

      await page.goto(`${server.baseURL}/admin/signin`)
      await submitSignIn(page, 'auditor@spec-only.test', ADMIN_PASSWORD, 'Access Admin Portal')
      await expect(page).toHaveURL(/\/not-authorized/)
      await expect(page.getByText('You are not authorized to view this page.')).toBeVisible()
    })

    for (const portal of ['customer', 'admin'] as const) {
      test(`forgot and reset password (${portal})`, async ({ page }) => {
        const email = portal === 'admin' ? `reset-${mode}-${Date.now()}@spec-only.test` : `forgot-${mode}-${Date.now()}@spec-only.test`
        if (portal === 'admin') provider.addAdmin(email, ADMIN_PASSWORD, ['Standard Admin'])
        else await signUpAndVerify(page, email)

        await page.goto(`${server.baseURL}/${portal}/forgot-password`)
        await page.getByLabel('Email', { exact: true }).fill(email)
        await page.getByRole('button', { name: 'Send Reset Link' }).click()
        await expect(page.getByText('Password reset link sent', { exact: true }).first()).toBeVisible()
        expect(received('POST', 'v1/auth/forgot_password/').at(-1)?.body).toEqual({ email, portal })

        const { token } = lastMail(email, 'reset')
        await page.goto(`${server.baseURL}/${portal}/reset-password?token=${token}`)
        await fillNewPassword(page, 'Brand#New789')
        await page.getByRole('button', { name: 'Update Password' }).click()
        await expect(page.getByText(/You successfully (created|reset)/).first()).toBeVisible()

        if (portal === 'admin') {
          await page.goto(`${server.baseURL}/admin/signin`)
          await submitSignIn(page, email, 'Brand#New789', 'Access Admin Portal')
          await expect(page).toHaveURL(/\/admin\/dashboard/)
        } else {
          await signIn(page, email, 'Brand#New789')
          await expect(page).toHaveURL(/\/customer\/profile-setup/)
        }
      })
    }
  })
}
