// An authenticator app for the two-factor specs. The API accepts a code of the current 30-s
// step or the next, and each step once per admin, so codes are taken from successive steps (waiting
// only when two steps ahead would be needed).
import { expect, type Page } from '@playwright/test'
import { generate } from 'otplib'
import { providerCall } from './provider'

const PERIOD_MS = 30_000

export class Authenticator {
  private lastStep = -1

  constructor(readonly secret: string) {}

  /** A code the API has not seen yet for this admin. */
  async code(): Promise<string> {
    for (;;) {
      const current = Math.floor(Date.now() / PERIOD_MS)
      const step = Math.max(current, this.lastStep + 1)
      if (step <= current + 1) {
        this.lastStep = step
        return generate({ secret: this.secret, epoch: step * (PERIOD_MS / 1000) })
      }
      await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - (Date.now() % PERIOD_MS) + 50))
    }
  }
}

/** Sets up two-factor sign-in for this admin through the API (as the profile screen does). */
export async function enrollThroughApi(admin: { email: string; password: string }) {
  const login = await providerCall<{ access_token: string }>('POST', 'v1/admin/login/', { body: admin })
  if (login.status !== 200 || !login.json.content.access_token) throw new Error(`admin login failed: ${JSON.stringify(login.json)}`)
  const token = login.json.content.access_token
  const setup = await providerCall<{ secret: string }>('POST', 'v1/admin/mfa/setup/', { token, body: {} })
  if (setup.status !== 200) throw new Error(`mfa setup failed: ${JSON.stringify(setup.json)}`)
  const authenticator = new Authenticator(setup.json.content.secret)
  const confirm = await providerCall<{ recovery_codes: string[] }>('POST', 'v1/admin/mfa/confirm/', {
    token,
    body: { code: await authenticator.code() },
  })
  if (confirm.status !== 200) throw new Error(`mfa confirm failed: ${JSON.stringify(confirm.json)}`)
  return { authenticator, recoveryCodes: confirm.json.content.recovery_codes }
}

/** The password step; for an admin with a second factor it ends on the code step. */
export async function submitPassword(page: Page, admin: { email: string; password: string }, baseURL = '') {
  await page.goto(`${baseURL}/admin/signin`)
  await page.getByLabel('Email', { exact: true }).fill(admin.email)
  await page.getByLabel('Password', { exact: true }).fill(admin.password)
  await page.getByRole('button', { name: 'Access Admin Portal', exact: true }).click()
}

export async function submitCode(page: Page, code: string) {
  await expect(page).toHaveURL(/\/admin\/signin\/code$/)
  await page.getByLabel('Authentication code', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/admin\/signin$/)
}
