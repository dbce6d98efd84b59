// Connect Devices helpers: the page's cards, the simulated consent, and the provider's dev controls.
import { expect, type Page } from '@playwright/test'
import { providerCall } from './provider'

export const CONNECT_PATH = '/customer/connect-devices'

export function demoCard(page: Page) {
  return page.getByTestId('service-demo_health')
}

/** Connect Demo Health from the page and answer its consent page. */
export async function connectDemo(page: Page, decision: 'Allow' | 'Deny' = 'Allow') {
  await page.goto(CONNECT_PATH)
  await demoCard(page)
    .getByRole('button', { name: /Connect Demo Health/ })
    .click()
  await expect(page).toHaveURL(/\/dev\/device-consent\?state=/)
  await expect(
    page.getByRole('heading', { name: 'Allow BariCare to read your Demo Health data?' }),
  ).toBeVisible()
  await page.getByRole('button', { name: decision, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`${CONNECT_PATH}$`))
}

/** As if the last `days` days had not been synced yet (dev control of the reference provider). */
export async function rewindSync(email: string, days: number) {
  const { status, json } = await providerCall('POST', '__dev/devices/rewind-sync/', {
    body: { email, service: 'demo_health', days },
  })
  if (status !== 200) throw new Error(`rewind failed: ${JSON.stringify(json)}`)
}

export async function failNextSync(email: string, reason: string) {
  const { status, json } = await providerCall('POST', '__dev/devices/fail-next-sync/', {
    body: { email, service: 'demo_health', reason },
  })
  if (status !== 200) throw new Error(`fail-next-sync failed: ${JSON.stringify(json)}`)
}
