import { expect, test, type Download, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { auditEvents, signedInContext } from './support/admin-users'
import { createCustomer, customerToken, DEMO_ADMINS, providerCall, receivedRequests } from './support/provider'
import { storageStateFor } from './support/sessions'
import { inViews, expectNoViolations } from './support/axe'

// /admin/reports: the cohort summary and the CSV exports. Other specs create patients on the
// same server at the same time, so this spec's cohort is its own: a procedure and a surgery date
// no other spec uses narrow every summary and export to the patients created here.

const PROCEDURE = 'Duodenal Switch'

type Seeded = { email: string; name: string; phone: string; street: string; city: string; zip: string; dob: string }

/** Two onboarded patients with identifiers that are easy to look for in a CSV. */
async function seedCohort(surgeryDate: string) {
  const tag = Math.random().toString(36).slice(2, 8)
  const people = [
    { name: `Quentin Harborview ${tag}`, phone: '5557771234', street: `4821 Larkspur Lane ${tag}`, city: 'Zzyzx Springs', zip: '03601', dob: '1931-04-09' },
    { name: `Ramona Safeharbor ${tag}`, phone: '5557775678', street: `77 Juniper Court ${tag}`, city: 'Quillwater', zip: '62704', dob: '1984-10-23' },
  ]
  const seeded: Seeded[] = []
  for (const person of people) {
    const customer = await createCustomer(undefined, {
      personal: {
        full_name: person.name,
        phone_number: person.phone,
        address_line1: person.street,
        city: person.city,
        postal_code: person.zip,
        date_of_birth: person.dob,
        state: 'NH',
      },
      bariatric: { surgery_type: PROCEDURE, surgery_date: surgeryDate, pre_surgery_weight: 130, goal_weight: 85 },
    })
    const token = await customerToken(customer.email, customer.password)
    const weigh = await providerCall('POST', 'v1/auth/entries/weight/', {
      token,
      body: { date: '2024-02-14', weight: 118.5, weight_unit: 'kg', note: `Clinic visit with ${person.name}` },
    })
    expect(weigh.status).toBe(201)
    seeded.push({ ...person, email: customer.email })
  }
  return seeded
}

function parseCsv(text: string): Record<string, string>[] {
  expect(text.startsWith('\uFEFF')).toBe(true)
  const [header, ...lines] = text.slice(1).trimEnd().split('\r\n')
  const columns = header.split(',')
  // The seeded values hold no commas or quotes, so a plain split is enough here.
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i], value])))
}

async function download(page: Page, click: () => Promise<void>): Promise<{ file: Download; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()])
  return { file, text: await readFile((await file.path())!, 'utf8') }
}

async function chooseCohort(page: Page, surgeryDate: string) {
  await page.getByLabel('Procedure', { exact: true }).selectOption(PROCEDURE)
  await page.getByLabel('Surgery from').fill(surgeryDate)
  await page.getByLabel('Surgery to').fill(surgeryDate)
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(new RegExp(`surgery_from=${surgeryDate}`))
}

test('a de-identified export holds none of the Safe Harbor identifiers, and is audited', async ({ browser }) => {
  const surgeryDate = '2023-08-17'
  const people = await seedCohort(surgeryDate)
  const context = await browser.newContext({ storageState: await storageStateFor('standard-admin'), acceptDownloads: true })
  const page = await context.newPage()
  await page.goto('/admin/reports')
  await expect(page).toHaveTitle('Reports | BariCare')
  await expect(page.getByRole('heading', { name: 'Reports & Data Exports', level: 1 })).toBeVisible()
  await expect(page.getByText('Analytics and data export tools for internal analysis')).toBeVisible()
  await chooseCohort(page, surgeryDate)
  await expect(page.getByTestId('cohort-size')).toContainText('2 patients match')
  const byProcedure = page.getByRole('table', { name: 'Outcomes by procedure' })
  await expect(byProcedure.getByRole('row', { name: new RegExp(`^${PROCEDURE}`) })).toContainText('2')

  // A Standard Admin cannot choose identified.
  await expect(page.getByRole('radio', { name: 'Identified', exact: true })).toBeDisabled()
  const { file, text } = await download(page, () => page.getByRole('button', { name: 'Download CSV' }).click())
  expect(file.suggestedFilename()).toMatch(/^baricare-patients-deidentified-\d{4}-\d{2}-\d{2}\.csv$/)
  const rows = parseCsv(text)
  expect(rows).toHaveLength(2)
  for (const person of people) {
    for (const identifier of [person.name, person.email, person.phone, person.street, person.city, person.zip, person.dob, surgeryDate, person.name.split(' ')[0]]) {
      expect(text, identifier).not.toContain(identifier)
    }
  }
  expect(text).not.toContain('@')
  expect(rows.map((r) => r.zip3).sort()).toEqual(['000', '627'])
  expect(rows.map((r) => r.age)).toContain('90+')
  expect(rows.every((r) => r.surgery_year === '2023' && /^P-[0-9A-F]{10}$/.test(r.patient))).toBe(true)

  // The entries of the same cohort, de-identified: years only, no notes.
  await page.getByRole('radio', { name: 'Health log entries', exact: true }).check()
  const entries = await download(page, () => page.getByRole('button', { name: 'Download CSV' }).click())
  const entryRows = parseCsv(entries.text)
  expect(entryRows.filter((r) => r.kind === 'weight')).toEqual([
    expect.objectContaining({ year: '2024', weight_kg: '118.5', months_since_surgery: '3-6' }),
    expect.objectContaining({ year: '2024', weight_kg: '118.5', months_since_surgery: '3-6' }),
  ])
  expect(entries.text).not.toContain('2024-02-14')
  expect(entries.text).not.toContain('Clinic visit')

  // Both exports are in the audit log: who, mode, filters, row count.
  const events = await auditEvents({ action: 'export', actor: DEMO_ADMINS.standard.email })
  const ours = events.filter((e) => (e.details.filters as Record<string, string>)?.surgery_from === surgeryDate)
  expect(ours.map((e) => e.details)).toEqual([
    expect.objectContaining({ dataset: 'entries', mode: 'deidentified', row_count: entryRows.length }),
    expect.objectContaining({ dataset: 'patients', mode: 'deidentified', row_count: 2, filters: { procedure: PROCEDURE, surgery_from: surgeryDate, surgery_to: surgeryDate } }),
  ])
  await context.close()

  // …and on the Super Admin's audit screen.
  const superAdmin = await browser.newContext({ storageState: await storageStateFor('super-admin') })
  const audit = await superAdmin.newPage()
  await audit.goto(`/admin/users?tab=audit&action=export&actor=${encodeURIComponent(DEMO_ADMINS.standard.email)}`)
  await expect(
    audit.locator('tr[data-audit-action="export"]').filter({ hasText: `surgery from ${surgeryDate}` }).filter({ hasText: 'patients (de-identified) · 2 rows' }),
  ).toHaveCount(1)
  await superAdmin.close()
})

test('without JavaScript: the cohort filters and an identified export (Super Admin)', async ({ browser }) => {
  const surgeryDate = '2022-11-03'
  const people = await seedCohort(surgeryDate)
  const context = await browser.newContext({ storageState: await storageStateFor('super-admin'), javaScriptEnabled: false, acceptDownloads: true })
  const page = await context.newPage()
  await page.goto('/admin/reports')
  await chooseCohort(page, surgeryDate)
  await expect(page.getByTestId('cohort-size')).toContainText('2 patients match')
  await page.getByRole('radio', { name: 'Identified', exact: true }).check()
  const { file, text } = await download(page, () => page.getByRole('button', { name: 'Download CSV' }).click())
  expect(file.suggestedFilename()).toMatch(/^baricare-patients-identified-/)
  const rows = parseCsv(text)
  expect(rows.map((r) => r.email).sort()).toEqual(people.map((p) => p.email).sort())
  expect(rows.map((r) => r.full_name).sort()).toEqual(people.map((p) => p.name).sort())
  const calls = (await receivedRequests('v1/admin/exports/patients/')).filter((r) => r.query.surgery_from === surgeryDate)
  expect(calls.map((r) => r.query)).toEqual([{ mode: 'identified', procedure: PROCEDURE, surgery_from: surgeryDate, surgery_to: surgeryDate }])
  const events = (await auditEvents({ action: 'export', actor: DEMO_ADMINS.super.email })).filter(
    (e) => (e.details.filters as Record<string, string>)?.surgery_from === surgeryDate,
  )
  expect(events.map((e) => e.details)).toEqual([expect.objectContaining({ dataset: 'patients', mode: 'identified', row_count: 2 })])
  await context.close()
})

test('a Standard Admin posting an identified export directly is refused before the provider is asked', async ({ browser }) => {
  const context = await browser.newContext({ storageState: await storageStateFor('standard-admin') })
  // A surgery date no other test uses marks this request among everything the provider receives.
  const marker = '2019-12-31'
  const response = await context.request.post('/admin/reports/export', {
    form: { dataset: 'patients', mode: 'identified', surgery_from: marker },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
  expect(response.headers().location).toBe(`/admin/reports?surgery_from=${marker}`)
  const page = await context.newPage()
  await page.goto(`/admin/reports?surgery_from=${marker}`)
  await expect(page.getByText('Only a Super Admin can export identified data.', { exact: true }).first()).toBeVisible()
  const reached = (await receivedRequests('v1/admin/exports/patients/')).filter((r) => r.query.surgery_from === marker)
  expect(reached).toEqual([])
  await context.close()
})

test('bad cohort parameters in the URL are ignored, not an error', async ({ browser }) => {
  const context = await browser.newContext({ storageState: await storageStateFor('standard-admin') })
  const page = await context.newPage()
  const response = await page.goto('/admin/reports?procedure=%3Cscript%3E&months_since_surgery=99&surgery_from=2026-02-31&onboarding=x')
  expect(response?.status()).toBe(200)
  await expect(page.getByLabel('Procedure', { exact: true })).toHaveValue('')
  await expect(page.getByTestId('cohort-size')).toBeVisible()
  await context.close()
})

test.describe('accessibility', () => {
  for (const [role, views] of [
    [
      'standard-admin',
      [
        { width: 375, height: 900, colorScheme: 'dark' },
        { width: 1280, height: 900, colorScheme: 'dark' },
      ],
    ],
    [
      'super-admin',
      [
        { width: 1280, height: 900, colorScheme: 'light' },
        { width: 375, height: 900, colorScheme: 'light' },
      ],
    ],
  ] as const) {
    test(`axe: reports as ${role} at ${views.map((v) => `${v.width}px, ${v.colorScheme}`).join(' and ')}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: views[0].width, height: views[0].height }, storageState: await storageStateFor(role) })
      const page = await context.newPage()
      await page.goto('/admin/reports?procedure=Other')
      await expect(page.getByRole('heading', { name: 'Cohort summary' })).toBeVisible()
      // A toast sliding in is half transparent: check the page once animations have settled.
      await page.waitForLoadState('networkidle')
      await inViews(page, `reports as ${role}`, views, async (label, view) => {
        await expectNoViolations(page, label)
        expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(view.width)
      })
      await context.close()
    })
  }
})

test('an admin deactivated meanwhile cannot export: the session ends instead', async ({ browser }) => {
  const { createAdmin, adminToken } = await import('./support/admin-users')
  const admin = await createAdmin('Standard Admin', 'p13a-exporter')
  const context = await signedInContext(browser, admin)
  const page = await context.newPage()
  await page.goto('/admin/reports')
  await providerCall('POST', `v1/admin/admins/${admin.id}/deactivate/`, { token: await adminToken('super') })
  await page.getByRole('button', { name: 'Download CSV' }).click()
  await expect(page).toHaveURL(/\/admin\/signin/)
  await context.close()
})
