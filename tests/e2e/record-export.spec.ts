// "Download my record" (/customer/your-data): the demo patient with months of entries downloads the
// ZIP, with and without JavaScript; the test unzips it and holds it against the API (row counts of
// every CSV, number of Observations, each vital sign against its US Core profile) and the summary's
// %TWL against the dashboard's. Then the API's own guard (another patient's token) and the admin's
// "Download record", which the audit log must show.
import { expect, test, type Page } from '@playwright/test'
import type { Bundle, Observation, Resource } from '@medplum/fhirtypes'
import { readFile } from 'node:fs/promises'
import { strFromU8, unzipSync } from 'fflate'
import { profileFailures } from '../support/fhir-profiles'
import { PROVIDER_URL } from './support/constants'
import { createCustomer, customerToken, DEMO_ADMINS, providerCall } from './support/provider'
import { signInAdmin, signInCustomer } from './support/sign-in'

const LEO = { email: 'leo.pounds@baricare.test', password: 'Patient#123' }

type Entries = Record<'weight' | 'meal' | 'water' | 'sleep' | 'vitamins', unknown[]>

test.beforeAll(async () => {
  const seeded = await providerCall('POST', '__dev/seed-demo/')
  expect(seeded.status).toBe(201)
})

async function apiHolds(token: string) {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  const trends = await providerCall<Entries>('GET', `v1/auth/trends/?to=${tomorrow}`, { token })
  expect(trends.status).toBe(200)
  let messages = 0
  let before = ''
  for (;;) {
    const page = await providerCall<{ messages: { id: number }[]; has_more: boolean }>('GET', `v1/auth/messages/?limit=100${before}`, { token })
    expect(page.status).toBe(200)
    messages += page.json.content.messages.length
    if (!page.json.content.has_more || page.json.content.messages.length === 0) break
    before = `&before=${Math.min(...page.json.content.messages.map((m) => m.id))}`
  }
  const profile = await providerCall<{ profile: { id: number }; personal: { height: number } | null }>('GET', 'v1/auth/profile/', { token })
  return { entries: trends.json.content, messages, id: profile.json.content.profile.id, hasHeight: Boolean(profile.json.content.personal?.height) }
}

async function downloadFrom(page: Page, link: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  const path = await download.path()
  const files = unzipSync(new Uint8Array(await readFile(path)))
  return { name: download.suggestedFilename(), files: Object.fromEntries(Object.entries(files).map(([n, d]) => [n, strFromU8(d)])) }
}

const csvRows = (text: string) => text.split('\r\n').filter((line) => line !== '').length - 1

for (const js of [true, false]) {
  test.describe(`with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('the patient downloads their record, and it holds what the API holds', async ({ page }) => {
      test.setTimeout(90_000)
      await signInCustomer(page, LEO.email, LEO.password, { at: '/customer/profile' })
      await page.getByRole('link', { name: 'Your data', exact: true }).click()
      await expect(page).toHaveURL(/\/customer\/your-data$/)
      await expect(page.getByRole('link', { name: 'Close my account' })).toHaveAttribute('href', '/customer/close-account')

      const { name, files } = await downloadFrom(page, page.getByRole('link', { name: 'Download my record' }))
      expect(name).toMatch(/^baricare-record-\d{4}-\d{2}-\d{2}\.zip$/)
      const held = await apiHolds(await customerToken(LEO.email, LEO.password))
      const e = held.entries
      expect(e.weight.length).toBeGreaterThan(30)
      expect(csvRows(files['weight.csv'])).toBe(e.weight.length)
      expect(csvRows(files['meals.csv'])).toBe(e.meal.length)
      expect(csvRows(files['water.csv'])).toBe(e.water.length)
      expect(csvRows(files['sleep.csv'])).toBe(e.sleep.length)
      expect(csvRows(files['vitamins.csv'])).toBe(e.vitamins.length)
      expect(csvRows(files['messages.csv'])).toBe(held.messages)

      const bundle = JSON.parse(files['record.fhir.json']) as Bundle
      expect(bundle.type).toBe('collection')
      const resources = (bundle.entry ?? []).map((entry) => entry.resource as Resource)
      const observations = resources.filter((r): r is Observation => r.resourceType === 'Observation')
      // A body weight and its BMI per weigh-in, the height, and one per other entry.
      const perWeight = held.hasHeight ? 2 : 1
      expect(observations).toHaveLength(e.weight.length * perWeight + (held.hasHeight ? 1 : 0) + e.meal.length + e.water.length + e.sleep.length + e.vitamins.length)
      expect(profileFailures(resources)).toEqual([])

      // The summary's %TWL is the dashboard's.
      await page.goto('/customer/dashboard')
      const twl = (await page.getByTestId('progress-twl').innerText()).trim()
      expect(twl).toMatch(/^-?\d+\.\d%$/)
      await page.setContent(files['summary.html'])
      await expect(page.getByTestId('summary-twl')).toHaveText(twl)
    })
  })
}

test("another patient's token cannot reach this patient's record", async () => {
  const leo = await apiHolds(await customerToken(LEO.email, LEO.password))
  const other = await createCustomer()
  const token = await customerToken(other.email, other.password)
  const admin = await fetch(new URL(`v1/admin/patients/${leo.id}/record-export/`, PROVIDER_URL), {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(admin.status).toBe(401)
  // Their own route answers their own record only.
  const own = await fetch(new URL('v1/auth/record-export/', PROVIDER_URL), {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(own.status).toBe(200)
  const files = unzipSync(new Uint8Array(await own.arrayBuffer()))
  const profile = strFromU8(files['profile.csv'])
  expect(profile).toContain(other.email)
  expect(profile).not.toContain(LEO.email)
})

test("an admin's download of a record is in the audit log", async ({ page }) => {
  test.setTimeout(90_000)
  const leo = await apiHolds(await customerToken(LEO.email, LEO.password))
  await signInAdmin(page, 'standard', { at: `/admin/patient/${leo.id}` })
  const { name, files } = await downloadFrom(page, page.getByRole('link', { name: 'Download record' }))
  expect(name).toBe(`baricare-record-patient-${leo.id}-${new Date().toISOString().slice(0, 10)}.zip`)
  expect(csvRows(files['weight.csv'])).toBe(leo.entries.weight.length)
  const login = await providerCall<{ access_token: string }>('POST', 'v1/admin/login/', { body: { email: DEMO_ADMINS.super.email, password: DEMO_ADMINS.super.password } })
  const audit = await providerCall<{ events: { actor_email: string; details: { dataset?: string } }[] }>(
    'GET',
    `v1/admin/audit-events/?action=export&target_account_id=${leo.id}`,
    { token: login.json.content.access_token },
  )
  expect(audit.status).toBe(200)
  expect(audit.json.content.events).toContainEqual(
    expect.objectContaining({ actor_email: DEMO_ADMINS.standard.email, details: expect.objectContaining({ dataset: 'record' }) }),
  )
})
