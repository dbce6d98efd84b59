import { expect, test, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { auditEvents, createAdmin, signedInContext } from './support/admin-users'
import { expectToast } from './support/auth'
import { specPort } from './support/constants'
import { Authenticator, enrollThroughApi, signOut, submitCode, submitPassword } from './support/mfa'
import { DEMO_ADMINS } from './support/provider'
import { signInAdminThroughForm } from './support/sign-in'
import { spawnServer } from './support/spawn-server'
import { expectNoViolations, inEveryThemeAndWidth } from './support/axe'

// Two-factor sign-in for admins. Every test uses its own admin (createAdmin), so the demo
// admins other specs sign in as never get a second factor. The main e2e server runs with
// ADMIN_MFA=off (playwright.config.ts); the rule that Super Admins must enroll is tested on a server
// of its own with the default setting.

/** Reads the manual key off the enrollment screen, as someone typing it into their app would. */
async function keyOnScreen(page: Page): Promise<string> {
  const key = (await page.getByTestId('mfa-key').textContent()) ?? ''
  expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/)
  return key.replace(/\s/g, '')
}

async function enrollOnScreen(page: Page): Promise<{ authenticator: Authenticator; codes: string[] }> {
  await expect(page.getByRole('heading', { name: 'Two-factor authentication', level: 1 })).toBeVisible()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const authenticator = new Authenticator(await keyOnScreen(page))
  await page.getByLabel('6-digit code', { exact: true }).fill(await authenticator.code())
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click()
  await expect(page.getByRole('heading', { name: 'Save your recovery codes now' })).toBeVisible()
  await expect(page.getByText('These codes are shown only once')).toBeVisible()
  const codes = (await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents()).map((c) => c.trim())
  expect(codes).toHaveLength(10)
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
  return { authenticator, codes }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`two-factor sign-in, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled })

    test('enroll from the profile, sign out, sign in with the code', async ({ page }) => {
      const admin = await createAdmin('Standard Admin', 'p15-mfa')
      await signInAdminThroughForm(page, admin)
      await page.goto('/admin/profile')
      await page.getByRole('link', { name: 'Set up two-factor authentication' }).click()
      await expect(page).toHaveURL(/\/admin\/two-factor$/)
      const { authenticator } = await enrollOnScreen(page)
      // Shown once: the same page again shows the state, not the codes.
      await page.goto('/admin/two-factor')
      await expect(page.getByRole('heading', { name: 'Two-factor authentication is on' })).toBeVisible()
      await expect(page.getByTestId('recovery-codes')).toHaveCount(0)
      await expect(page.getByText('Recovery codes left: 10.')).toBeVisible()
      await page.goto('/admin/profile')
      await expect(page.getByRole('link', { name: 'Manage two-factor authentication' })).toBeVisible()

      await signOut(page)
      await submitPassword(page, admin)
      await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
      // The password step alone opens nothing.
      await page.goto('/admin/dashboard')
      await expect(page).toHaveURL(/\/admin\/signin\?redirectTo=%2Fadmin%2Fdashboard$/)
      await submitPassword(page, admin)
      await submitCode(page, '000000')
      await expect(page.getByText('Invalid authentication code.')).toBeVisible()
      await expect(page).toHaveURL(/\/admin\/signin\/code$/)
      await submitCode(page, await authenticator.code())
      await expect(page).toHaveURL(/\/admin\/dashboard$/)
      await expectToast(page, 'Welcome back!')
      const events = await auditEvents({ action: 'mfa_enroll', actor: admin.email })
      expect(events).toHaveLength(1)
      expect((await auditEvents({ action: 'mfa_failure', actor: admin.email })).map((e) => e.details)).toEqual([{ during: 'sign_in' }])
    })

    test('a recovery code signs in once', async ({ page }) => {
      const admin = await createAdmin('Standard Admin', 'p15-mfa')
      const { recoveryCodes } = await enrollThroughApi(admin)
      await submitPassword(page, admin)
      await submitCode(page, recoveryCodes[0])
      await expect(page).toHaveURL(/\/admin\/dashboard$/)
      await signOut(page)
      await submitPassword(page, admin)
      await submitCode(page, recoveryCodes[0])
      await expect(page.getByText('Invalid authentication code.')).toBeVisible()
      await submitCode(page, recoveryCodes[1])
      await expect(page).toHaveURL(/\/admin\/dashboard$/)
      expect((await auditEvents({ action: 'mfa_recovery_code_used', actor: admin.email })).map((e) => e.details.remaining)).toEqual([8, 9])
    })

    test('a Super Admin resets another admin’s second factor, after confirming', async ({ browser, page }) => {
      const admin = await createAdmin('Standard Admin', 'p15-mfa')
      await enrollThroughApi(admin)
      const superAdmin = await createAdmin('Super Admin', 'p15-mfa-super')
      const context = await signedInContext(browser, superAdmin, { javaScriptEnabled })
      const superPage = await context.newPage()
      await superPage.goto('/admin/users')
      const row = superPage.locator(`tr[data-admin-email="${admin.email}"]`)
      await expect(row.getByText('Two-factor on')).toBeVisible()
      await row.getByRole('link', { name: `Reset two-factor authentication for ${admin.fullName}` }).click()
      await expect(superPage.getByRole('heading', { name: `Reset two-factor authentication for ${admin.fullName}?` })).toBeVisible()
      await superPage.getByRole('button', { name: `Reset two-factor for ${admin.fullName}` }).click()
      await expectToast(superPage, 'Two-factor authentication reset')
      await expect(superPage.locator(`tr[data-admin-email="${admin.email}"]`).getByText('Two-factor on')).toHaveCount(0)
      await context.close()
      expect((await auditEvents({ action: 'mfa_reset', actor: superAdmin.email }))[0]?.target_email).toBe(admin.email)

      // The admin signs in with the password alone again.
      await submitPassword(page, admin)
      await expect(page).toHaveURL(/\/admin\/dashboard$/)
    })
  })
}

test.describe('Super Admins must enroll (ADMIN_MFA default)', () => {
  // One server for both tests, in one worker: in parallel mode each worker given one of them would
  // start its own on the same port at the same moment.
  test.describe.configure({ mode: 'default' })
  let server: Awaited<ReturnType<typeof spawnServer>>
  test.beforeAll(async () => {
    server = await spawnServer(specPort('admin-mfa'), { ADMIN_MFA: 'super' })
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  for (const javaScriptEnabled of [true, false]) {
    test(`every admin page leads to enrollment until it is done (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({ browser }) => {
      test.setTimeout(90_000)
      const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled })
      const page = await context.newPage()
      // A fresh server: its demo Super Admin has no second factor yet. One run of this test enrolls
      // them (with JavaScript), the next finds them enrolled; both are checked.
      const admin = { email: DEMO_ADMINS.super.email, password: DEMO_ADMINS.super.password }
      if (javaScriptEnabled) {
        await submitPassword(page, admin, server.baseURL)
        await expect(page).toHaveURL(/\/admin\/two-factor$/)
        await expect(page.getByText('Set up two-factor authentication to continue')).toBeVisible()
        for (const target of ['/admin/dashboard', '/admin/users', '/admin/patients', '/admin/profile']) {
          await page.goto(`${server.baseURL}${target}`)
          await expect(page, target).toHaveURL(/\/admin\/two-factor$/)
        }
        await enrollOnScreen(page)
        await page.getByRole('link', { name: 'I have saved my recovery codes' }).click()
        await expect(page).toHaveURL(/\/admin\/dashboard$/)
        await page.goto(`${server.baseURL}/admin/users`)
        await expect(page).toHaveURL(/\/admin\/users$/)
      } else {
        // The Standard Admin is not required to (ADMIN_MFA is not "required").
        await submitPassword(page, { email: DEMO_ADMINS.standard.email, password: DEMO_ADMINS.standard.password }, server.baseURL)
        await expect(page).toHaveURL(/\/admin\/dashboard$/)
        await page.goto(`${server.baseURL}/admin/profile`)
        await expect(page.getByRole('link', { name: 'Set up two-factor authentication' })).toBeVisible()
      }
      await context.close()
    })
  }
})

// axe (WCAG 2.1 A/AA) on the new screens at 375 and 1280 px, light and dark; screenshots of each
// when MFA_SCREENSHOTS_DIR is set (for looking at them, not compared).
test.describe('two-factor screens: accessibility', () => {
  async function check(page: Page, name: string) {
    await inEveryThemeAndWidth(page, name, async (label, view) => {
      await expectNoViolations(page, label)
      const dir = process.env.MFA_SCREENSHOTS_DIR
      if (dir) {
        mkdirSync(dir, { recursive: true })
        await page.screenshot({ path: path.join(dir, `${name}-${view.width}-${view.colorScheme}.png`), fullPage: true })
      }
    })
  }

  test('enrollment, recovery codes and the code step have no violations', async ({ page }) => {
    test.setTimeout(120_000)
    const admin = await createAdmin('Standard Admin', 'p15-mfa')
    await signInAdminThroughForm(page, admin)
    await page.goto('/admin/two-factor')
    await page.waitForLoadState('networkidle')
    await check(page, 'enrollment')
    const authenticator = new Authenticator(await keyOnScreen(page))
    await page.getByLabel('6-digit code', { exact: true }).fill(await authenticator.code())
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click()
    await expect(page.getByRole('heading', { name: 'Save your recovery codes now' })).toBeVisible()
    await check(page, 'recovery-codes')
    await signOut(page)
    await submitPassword(page, admin)
    await expect(page).toHaveURL(/\/admin\/signin\/code$/)
    await page.waitForLoadState('networkidle')
    await check(page, 'code-step')
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await expect(page.getByText('Enter the code from your authenticator app.').first()).toBeVisible()
    await check(page, 'code-step-error')
  })
})
