import { expect, test, type Page } from '@playwright/test'
import { adminToken, auditEvents, createAdmin, signedInContext } from './support/admin-users'
import { createCustomer, DEMO_ADMINS, mailedLink, providerCall, receivedRequests, uniqueEmail } from './support/provider'
import { storageStateFor } from './support/sessions'
import { scanWcag } from './support/axe'

// /admin/users (Super Admin): invitations, role changes, deactivation and the audit log, with
// and without JavaScript. Other specs run against the same server: every assertion is about
// admins this spec created (unique e-mails), never about the whole list.

const PASSWORD = 'Created#Pass1'

function row(page: Page, email: string) {
  return page.locator(`tr[data-admin-email="${email}"]`)
}

test.describe('invitations', () => {
  test('invite → e-mail → create password → sign in (with JavaScript)', async ({ browser }) => {
    const superAdmin = await browser.newContext({ storageState: await storageStateFor('super-admin') })
    const page = await superAdmin.newPage()
    await page.goto('/admin/users')
    await expect(page).toHaveTitle('Users | BariCare')
    const email = uniqueEmail('p13a-invitee')
    await page.getByLabel('Full name').fill('Iris Invitee')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Role', { exact: true }).selectOption('Super Admin')
    await page.getByRole('button', { name: 'Send invitation', exact: true }).click()
    await expect(page.getByText('Invitation sent', { exact: true }).first()).toBeVisible()
    await expect(row(page, email)).toContainText('Invitation pending')
    await expect(row(page, email)).toContainText('Invited by super@baricare.test')
    const sent = (await receivedRequests('v1/admin/admins/invite/')).filter((r) => r.body?.email === email)
    expect(sent.map((r) => [r.body, r.status])).toEqual([[{ full_name: 'Iris Invitee', email, role: 'Super Admin' }, 201]])
    await superAdmin.close()

    const link = await mailedLink(email, 'createPassword=true')
    expect(new URL(link).pathname).toBe('/admin/reset-password')
    const invitee = await browser.newContext()
    const own = await invitee.newPage()
    await own.goto(link.replace(/^https?:\/\/[^/]+/, ''))
    await expect(own.getByRole('heading', { name: 'Create Your Password' })).toBeVisible()
    await own.getByLabel('New Password', { exact: true }).fill(PASSWORD)
    await own.getByLabel('Confirm New Password', { exact: true }).fill(PASSWORD)
    await own.getByRole('button', { name: 'Update Password' }).click()
    await expect(own.getByText('You successfully created your password!').first()).toBeVisible()
    await own.getByRole('link', { name: 'Continue to Sign In' }).click()
    await own.getByLabel('Email', { exact: true }).fill(email)
    await own.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await own.getByRole('button', { name: 'Access Admin Portal', exact: true }).click()
    await expect(own).toHaveURL(/\/admin\/dashboard/)
    // A Super Admin from the invitation on: the users screen is theirs too.
    await own.goto('/admin/users')
    await expect(row(own, email)).toContainText('This is you')
    await expect(row(own, email)).toContainText('Active')
    await invitee.close()
  })

  test('without JavaScript: field errors, a taken e-mail, then an invitation', async ({ browser }) => {
    const context = await browser.newContext({ storageState: await storageStateFor('super-admin'), javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/admin/users')
    await page.getByRole('button', { name: 'Send invitation', exact: true }).click()
    await expect(page.getByText('Full name is required')).toBeVisible()
    await expect(page.getByText('Email is required')).toBeVisible()
    await expect(page.getByText('Please check your form', { exact: true }).first()).toBeVisible()

    await page.getByLabel('Full name').fill('Dup Licate')
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ADMINS.standard.email)
    await page.getByRole('button', { name: 'Send invitation', exact: true }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'An account with this email already exists.' })).toBeVisible()

    const email = uniqueEmail('p13a-nojs')
    await page.getByLabel('Full name').fill('Nora NoScript')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Send invitation', exact: true }).click()
    await expect(page.getByText('Invitation sent', { exact: true }).first()).toBeVisible()
    await expect(row(page, email)).toContainText('Standard Admin')
    await expect(row(page, email)).toContainText('Invitation pending')
    // Sending it again gives a new link.
    await row(page, email).getByRole('button', { name: /Resend invitation/ }).click()
    await expect(page.getByText('Invitation sent again', { exact: true }).first()).toBeVisible()
    await context.close()
  })
})

test.describe('roles and deactivation', () => {
  test('changing a role applies at once, signs them out, and is in the audit log', async ({ browser }) => {
    const admin = await createAdmin('Standard Admin')
    const theirs = await signedInContext(browser, admin)
    const theirPage = await theirs.newPage()
    await theirPage.goto('/admin/users')
    await expect(theirPage).toHaveURL(/\/not-authorized/)

    const superAdmin = await browser.newContext({ storageState: await storageStateFor('super-admin') })
    const page = await superAdmin.newPage()
    await page.goto('/admin/users')
    await row(page, admin.email).getByLabel(`Role for ${admin.fullName}`, { exact: true }).selectOption('Super Admin')
    await row(page, admin.email).getByRole('button', { name: `Save role for ${admin.fullName}` }).click()
    await expect(page.getByText('Role updated', { exact: true }).first()).toBeVisible()
    // The role is changed in its own column, so that column shows the new role in its select.
    await expect(row(page, admin.email).getByLabel(`Role for ${admin.fullName}`, { exact: true })).toHaveValue('Super Admin')
    const [put] = await receivedRequests(`v1/admin/admins/${admin.id}/role/`)
    expect(put).toMatchObject({ method: 'PUT', body: { role: 'Super Admin' }, status: 200 })

    // Their old session ends at the next request; signed in again they have the new role.
    // The profile screen's own loader asks the provider nothing: the portal layout's check ends it.
    await theirPage.goto('/admin/profile')
    await expect(theirPage).toHaveURL(/\/admin\/signin/)
    await theirs.close()
    const again = await signedInContext(browser, admin)
    const againPage = await again.newPage()
    await againPage.goto('/admin/users')
    await expect(againPage.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
    await again.close()

    await page.goto(`/admin/users?tab=audit&action=role_change&actor=${encodeURIComponent(DEMO_ADMINS.super.email)}`)
    const event = page.locator('tr[data-audit-action="role_change"]').filter({ hasText: admin.email }).first()
    await expect(event).toContainText('Standard Admin → Super Admin')
    await superAdmin.close()
  })

  test('deactivation (without JavaScript) ends an active session at the next navigation', async ({ browser }) => {
    const admin = await createAdmin('Standard Admin')
    const theirs = await signedInContext(browser, admin)
    const theirPage = await theirs.newPage()
    await theirPage.goto('/admin/reports')
    await expect(theirPage.getByRole('heading', { name: 'Reports & Data Exports' })).toBeVisible()

    const superAdmin = await browser.newContext({ storageState: await storageStateFor('super-admin'), javaScriptEnabled: false })
    const page = await superAdmin.newPage()
    await page.goto('/admin/users')
    await row(page, admin.email).getByRole('link', { name: `Deactivate ${admin.fullName}` }).click()
    await expect(page.getByRole('heading', { name: `Deactivate ${admin.fullName}?` })).toBeVisible()
    await page.getByRole('button', { name: `Deactivate ${admin.fullName}` }).click()
    await expect(page.getByText('Admin deactivated', { exact: true }).first()).toBeVisible()
    await expect(row(page, admin.email)).toContainText('Deactivated')

    // The profile screen's own loader asks the provider nothing: the portal layout's check ends it.
    await theirPage.goto('/admin/profile')
    await expect(theirPage).toHaveURL(/\/admin\/signin/)
    await theirPage.getByLabel('Email', { exact: true }).fill(admin.email)
    await theirPage.getByLabel('Password', { exact: true }).fill(admin.password)
    await theirPage.getByRole('button', { name: 'Access Admin Portal', exact: true }).click()
    await expect(theirPage.getByText('This admin account has been deactivated.', { exact: false }).first()).toBeVisible()
    await expect(theirPage).toHaveURL(/\/admin\/signin/)

    const events = await auditEvents({ action: 'sign_in', actor: admin.email })
    expect(events[0].details).toMatchObject({ outcome: 'deactivated' })
    // Reactivated, they can sign in again.
    await row(page, admin.email).getByRole('button', { name: `Reactivate ${admin.fullName}` }).click()
    await expect(page.getByText('Admin reactivated', { exact: true }).first()).toBeVisible()
    await (await signedInContext(browser, admin)).close()
    await theirs.close()
    await superAdmin.close()
  })

  test('a Super Admin has no actions on their own row', async ({ browser }) => {
    const admin = await createAdmin('Super Admin')
    const context = await signedInContext(browser, admin)
    const page = await context.newPage()
    await page.goto('/admin/users')
    await expect(row(page, admin.email)).toContainText('This is you')
    await expect(row(page, admin.email).getByRole('button')).toHaveCount(0)
    // Even asked directly, the provider refuses.
    const response = await context.request.post('/admin/users', { form: { intent: 'deactivate', id: String(admin.id), name: 'me' }, maxRedirects: 0 })
    expect(response.status()).toBe(302)
    await page.goto('/admin/users')
    await expect(row(page, admin.email)).toContainText('Active')
    await context.close()
  })
})

test.describe('audit log', () => {
  test('filters and pages live in the URL and work without JavaScript', async ({ browser }) => {
    const admin = await createAdmin('Standard Admin')
    for (let i = 0; i < 3; i++) await (await signedInContext(browser, admin)).close()
    const context = await browser.newContext({ storageState: await storageStateFor('super-admin'), javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/admin/users')
    await page.getByRole('link', { name: 'Audit log' }).click()
    await page.getByLabel('Action').selectOption('sign_in')
    await page.getByLabel('Actor e-mail').fill(admin.email)
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(new RegExp(`tab=audit.*action=sign_in.*actor=${encodeURIComponent(admin.email).replace(/\./g, '\\.')}`))
    const rows = page.locator('tr[data-audit-action]')
    await expect(rows).toHaveCount(3)
    await expect(rows.first()).toContainText('Signed in')
    await expect(page.getByText('Page 1 of 1 · 3 events')).toBeVisible()
    // Nonsense in the URL is ignored rather than an error page.
    const response = await page.goto(`/admin/users?tab=audit&action=drop&page=-3&from=2026-99-99&actor=${encodeURIComponent(admin.email)}`)
    expect(response?.status()).toBe(200)
    await expect(rows).toHaveCount(3)
    await context.close()
  })
})

test.describe('audit of record views', () => {
  test("opening a patient's record is in the audit log, with who and whose", async ({ browser }) => {
    const surgeryDate = '2021-06-29'
    const patient = await createCustomer(undefined, { bariatric: { surgery_type: 'Other', surgery_date: surgeryDate } })
    // The patient's account id, from an identified export narrowed to this spec's own surgery date.
    const found = await providerCall<{ columns: string[]; rows: unknown[][] }>(
      'GET',
      `v1/admin/exports/patients/?mode=identified&surgery_from=${surgeryDate}&surgery_to=${surgeryDate}`,
      { token: await adminToken('super') },
    )
    const emailAt = found.json.content.columns.indexOf('email')
    const id = found.json.content.rows.find((r) => r[emailAt] === patient.email)?.[0]
    expect(id).toEqual(expect.any(Number))

    const viewer = await createAdmin('Standard Admin', 'p13a-viewer')
    const context = await signedInContext(browser, viewer)
    const page = await context.newPage()
    await page.goto(`/admin/patient/${String(id)}`)
    await context.close()

    const superAdmin = await browser.newContext({ storageState: await storageStateFor('super-admin') })
    const audit = await superAdmin.newPage()
    await audit.goto(`/admin/users?tab=audit&action=patient_view&actor=${encodeURIComponent(viewer.email)}`)
    const rows = audit.locator('tr[data-audit-action="patient_view"]')
    // One visit to a record is one row: the record with the health log its trends show.
    const ofPatient = rows.filter({ hasText: patient.email })
    await expect(ofPatient).toHaveCount(1)
    await expect(ofPatient).toContainText('Patient record, with its health log')
    await expect(rows.first()).toContainText('Patient record view')
    await superAdmin.close()
  })
})

test.describe('accessibility', () => {
  for (const [name, path, width, colorScheme] of [
    ['admins, confirm panel', '/admin/users?confirmDeactivate=', 375, 'dark'],
    ['admins', '/admin/users', 1280, 'light'],
    ['audit log', '/admin/users?tab=audit', 375, 'light'],
    ['audit log', '/admin/users?tab=audit&action=sign_in', 1280, 'dark'],
  ] as const) {
    test(`axe: ${name} at ${width}px, ${colorScheme}`, async ({ browser }) => {
      const admin = name.includes('confirm') ? await createAdmin() : null
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        colorScheme,
        storageState: await storageStateFor('super-admin'),
      })
      const page = await context.newPage()
      await page.goto(admin ? `${path}${admin.id}` : path)
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
      if (admin) await expect(page.getByRole('heading', { name: `Deactivate ${admin.fullName}?` })).toBeFocused()
      // A toast sliding in is half transparent: check the page once animations have settled.
      await page.waitForLoadState('networkidle')
      const result = await scanWcag(page)
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await context.close()
    })
  }
})
