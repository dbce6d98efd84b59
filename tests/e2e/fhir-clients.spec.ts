import { expect, test, type Browser, type Page } from '@playwright/test'
import type { FhirClientItem, FhirClientList } from '../../common/contract/fhir-clients'
import { JWKS_PRIVATE_KEY, JWKS_SOURCE_REQUIRED, FHIR_CLIENT_NAME_REQUIRED, FHIR_SCOPES_REQUIRED } from '../../common/contract/fhir-clients-values'
import { adminToken, auditEvents } from './support/admin-users'
import { providerCall } from './support/provider'
import { storageStateFor } from './support/sessions'
import { inViews, expectNoViolations } from './support/axe'

// /admin/fhir-clients (Super Admin): registering a FHIR client app and disabling it, once with
// JavaScript and once without, checked on the screen and in what the API stored and audited. Other
// specs share the server: every assertion is about clients this spec registered (unique names).

const EC_KEY = { kty: 'EC', crv: 'P-384', kid: 'e2e-key-1', x: 'eA', y: 'eQ', alg: 'ES384' }

function uniqueName(prefix: string) {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`
}

function row(page: Page, clientId: string) {
  return page.locator(`tr[data-client-id="${clientId}"]`)
}

async function storedClient(name: string): Promise<FhirClientItem | undefined> {
  const { json } = await providerCall<FhirClientList>('GET', 'v1/admin/fhir-clients/', { token: await adminToken('super') })
  return json.content.clients.find((client) => client.name === name)
}

async function superAdminPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ storageState: await storageStateFor('super-admin'), javaScriptEnabled })
  return { context, page: await context.newPage() }
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript'
  test(`register a client, hand over its id, then disable it (${how})`, async ({ browser }) => {
    const { context, page } = await superAdminPage(browser, javaScriptEnabled)
    await page.goto('/admin/dashboard')
    await page.getByRole('navigation').getByRole('link', { name: 'FHIR Clients', exact: true }).first().click()
    await expect(page).toHaveURL(/\/admin\/fhir-clients$/)
    await expect(page).toHaveTitle('FHIR Clients | BariCare')
    await page.getByRole('link', { name: 'Register a client' }).click()
    await expect(page.getByRole('heading', { name: 'Register a FHIR Client', level: 1 })).toBeVisible()

    // Nothing filled in: every field says what it needs.
    await page.getByRole('button', { name: 'Register client' }).click()
    await expect(page.getByText(FHIR_CLIENT_NAME_REQUIRED)).toBeVisible()
    await expect(page.getByText(JWKS_SOURCE_REQUIRED)).toBeVisible()
    await expect(page.getByText(FHIR_SCOPES_REQUIRED)).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')

    // A private key is refused, and what was typed stays.
    const name = uniqueName(javaScriptEnabled ? 'St Mary EHR' : 'County Hospital (no JS)')
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('Or paste the JWKS').fill(JSON.stringify({ keys: [{ ...EC_KEY, d: 'private-part' }] }))
    await page.getByLabel(/system\/Patient\.rs/).check()
    await page.getByLabel(/system\/Observation\.rs/).check()
    await page.getByRole('button', { name: 'Register client' }).click()
    await expect(page.getByText(JWKS_PRIVATE_KEY)).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)
    expect(await storedClient(name)).toBeUndefined()

    await page.getByLabel('Or paste the JWKS').fill(JSON.stringify({ keys: [EC_KEY] }))
    await page.getByRole('button', { name: 'Register client' }).click()
    await expect(page.getByText('FHIR client registered', { exact: true }).first()).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/fhir-clients\?registered=\d+$/)

    const stored = await storedClient(name)
    expect(stored).toMatchObject({
      name,
      jwks_url: null,
      jwks_kids: ['e2e-key-1'],
      scopes: ['system/Patient.rs', 'system/Observation.rs'],
      created_by_email: 'super@baricare.test',
      disabled_at: null,
      last_used_at: null,
    })
    const registered = page.getByTestId('registered')
    await expect(registered.getByRole('heading', { name: `${name} is registered` })).toBeVisible()
    await expect(registered.getByTestId('registered-client-id')).toHaveText(stored!.client_id)
    await expect(registered.getByTestId('registered-token-url')).toHaveText(/\/fhir\/token$/)
    await expect(registered.getByTestId('registered-base-url')).toHaveText(/\/fhir\/$/)
    await expect(row(page, stored!.client_id)).toContainText('Pasted JWKS, 1 key: e2e-key-1')
    await expect(row(page, stored!.client_id)).toContainText('Active')
    await expect(row(page, stored!.client_id)).toContainText('Never')

    // Disabling asks first, on a page of its own (a URL), then does it.
    await row(page, stored!.client_id).getByRole('link', { name: `Disable ${name}` }).click()
    await expect(page.getByRole('heading', { name: `Disable ${name}?` })).toBeVisible()
    await page.getByRole('button', { name: `Disable ${name}` }).click()
    await expect(page.getByText('FHIR client disabled', { exact: true }).first()).toBeVisible()
    await expect(row(page, stored!.client_id)).toContainText('Disabled')
    await expect(row(page, stored!.client_id).getByRole('link', { name: `Disable ${name}` })).toHaveCount(0)
    expect((await storedClient(name))?.disabled_at).not.toBeNull()

    const events = await auditEvents({ actor: 'super@baricare.test' })
    const mine = events.filter((event) => event.details.client_id === stored!.client_id).map((event) => event.action)
    expect(mine.sort()).toEqual(['fhir_client_disable', 'fhir_client_register'])
    await context.close()
  })
}

test('a JWKS URL registers too; a Standard Admin is sent to not-authorized and has no link', async ({ browser }) => {
  const { context, page } = await superAdminPage(browser, true)
  await page.goto('/admin/fhir-clients/new')
  const name = uniqueName('Analytics pipeline')
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('JWKS URL').fill('https://analytics.example/.well-known/jwks.json')
  await page.getByLabel(/system\/Group\.rs/).check()
  await page.getByRole('button', { name: 'Register client' }).click()
  await expect(page.getByTestId('registered')).toBeVisible()
  expect(await storedClient(name)).toMatchObject({ jwks_url: 'https://analytics.example/.well-known/jwks.json', scopes: ['system/Group.rs'] })
  await context.close()

  const standard = await browser.newContext({ storageState: await storageStateFor('standard-admin') })
  const theirs = await standard.newPage()
  await theirs.goto('/admin/dashboard')
  await expect(theirs.getByRole('link', { name: 'FHIR Clients', exact: true })).toHaveCount(0)
  for (const path of ['/admin/fhir-clients', '/admin/fhir-clients/new']) {
    await theirs.goto(path)
    await expect(theirs).toHaveURL(/\/not-authorized/)
  }
  await standard.close()
})

test.describe('accessibility', () => {
  const LONG_NAME = 'Saint Bartholomew Regional Medical Center Bariatric Surgery Outcomes Research Data Warehouse'
  for (const [name, views] of [
    [
      'list with a new client',
      [
        { width: 375, height: 900, colorScheme: 'dark' },
        { width: 1280, height: 900, colorScheme: 'light' },
      ],
    ],
    ['confirm disable', [{ width: 375, height: 900, colorScheme: 'light' }]],
    [
      'register form with errors',
      [
        { width: 375, height: 900, colorScheme: 'light' },
        { width: 1280, height: 900, colorScheme: 'dark' },
      ],
    ],
  ] as const) {
    test(`axe: ${name} at ${views.map((v) => `${v.width}px, ${v.colorScheme}`).join(' and ')}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: views[0].width, height: views[0].height }, storageState: await storageStateFor('super-admin') })
      const page = await context.newPage()
      if (name.startsWith('register')) {
        await page.goto('/admin/fhir-clients/new')
        await page.getByLabel('Or paste the JWKS').fill('{ not json')
        await page.getByRole('button', { name: 'Register client' }).click()
        await expect(page.getByText('The JWKS is not valid JSON')).toBeVisible()
      } else {
        const { json } = await providerCall<FhirClientItem>('POST', 'v1/admin/fhir-clients/', {
          token: await adminToken('super'),
          body: { name: LONG_NAME, jwks_url: 'https://warehouse.example/jwks.json', scopes: ['system/Patient.rs', 'system/Observation.rs'] },
        })
        await page.goto(name === 'confirm disable' ? `/admin/fhir-clients?confirmDisable=${json.content.id}` : `/admin/fhir-clients?registered=${json.content.id}`)
        await expect(page.getByRole('heading', { name: 'FHIR Clients', level: 1 })).toBeVisible()
      }
      await page.waitForLoadState('networkidle')
      await inViews(page, name, views, async (label, view) => {
        await expectNoViolations(page, label)
        expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(view.width)
      })
      await context.close()
    })
  }
})
