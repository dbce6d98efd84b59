// Withings helpers for the e2e run: the card, the simulator's consent page, and the simulator's test
// controls (seed a Withings user's measures, expire or revoke tokens, read what it received).
import { expect, type Page } from '@playwright/test'
import { WITHINGS_SIMULATOR_URL } from './constants'
import { CONNECT_PATH } from './devices'

export function withingsCard(page: Page) {
  return page.getByTestId('service-withings')
}

export async function expectWithingsStatus(page: Page, status: string) {
  await expect(withingsCard(page).getByTestId('connection-status')).toHaveText(status)
}

async function control<T>(path: string, body: object = {}): Promise<T> {
  const response = await fetch(new URL(`__sim/${path}`, WITHINGS_SIMULATOR_URL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`simulator ${path}: HTTP ${response.status}`)
  return (await response.json()) as T
}

export type WeightSeed = { at: string; kg: number; unit?: number; timezone?: string }
export type SleepSeed = { start: string; end: string; sleep_score?: number }

/** Adds measures to the Withings account `email` signs in to on the consent page. */
export function seedWithings(email: string, data: { weights?: WeightSeed[]; sleep?: SleepSeed[] }) {
  return control('measures', { email, ...data })
}

export const expireWithingsAccess = (email: string) => control('expire-access', { email })
export const revokeAtWithings = (email: string) => control('revoke', { email })

export type SimulatorRequest = {
  path: string
  action: string | null
  params: Record<string, string>
  userid: number | null
  status: number
}

export function withingsReceived(email?: string) {
  return control<SimulatorRequest[]>(`requests${email ? `?email=${encodeURIComponent(email)}` : ''}`)
}

/** Connect from the card, sign in to the simulated Withings as `email`, and answer. */
export async function connectWithings(
  page: Page,
  email: string,
  decision: 'Allow' | 'Deny' = 'Allow',
  label = /Connect Withings/,
) {
  await page.goto(CONNECT_PATH)
  await withingsCard(page).getByRole('button', { name: label }).click()
  await expect(page).toHaveURL(new RegExp(`^${WITHINGS_SIMULATOR_URL}oauth2_user/authorize2\\?`))
  await expect(
    page.getByRole('heading', { name: 'Allow BariCare to access your Withings data?' }),
  ).toBeVisible()
  await page.getByLabel('Signed in to Withings as').fill(email)
  await page.getByRole('button', { name: decision, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`${CONNECT_PATH}$`))
}
