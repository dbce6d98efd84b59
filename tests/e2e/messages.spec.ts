import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { PATIENT_PASSWORD, REGAINING_PATIENT } from '../support/fixtures'
import { auditEventsAbout, seedPatients, uniquePrefix, type SeededPatient } from './support/admin-patients'
import { expectToast } from './support/auth'
import { customerToken, outbox, providerCall, receivedFrom } from './support/provider'
import { storageStateFor } from './support/sessions'
import { signInCustomer } from './support/sign-in'

// Messages, app side: the patient writes, the care team's inbox shows it unread and waiting,
// an admin replies (from the record's Messages tab), the patient reads it (with JavaScript without
// a reload), the team marks it handled; "Message patient" from an alert links the two. Each test
// has its own patient; the demo admin only reads and answers that patient's conversation.

const DESKTOP = { width: 1280, height: 900 }

let adminState: string
test.beforeAll(async () => {
  adminState = await storageStateFor('standard-admin')
})

async function ownPatient(label: string): Promise<SeededPatient> {
  const prefix = uniquePrefix(label)
  const [patient] = await seedPatients(prefix, [{ ...REGAINING_PATIENT, full_name: `${prefix} Jordan` }])
  return patient
}

async function contexts(browser: Browser, javaScriptEnabled: boolean, patient: SeededPatient) {
  const patientContext = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled })
  const patientPage = await patientContext.newPage()
  await patientPage.addInitScript(() => window.localStorage.setItem('has_seen_tour', 'true'))
  await signInCustomer(patientPage, patient.email, PATIENT_PASSWORD)
  const adminContext = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled, storageState: adminState })
  const adminPage = await adminContext.newPage()
  return { patientPage, adminPage, close: () => Promise.all([patientContext.close(), adminContext.close()]) }
}

const bodies = (scope: Page | Locator) => scope.getByTestId('message-body')

async function send(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expectToast(page, 'Message sent.')
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript'

  test(`patient writes, the team replies and marks it handled (${mode})`, async ({ browser }) => {
    test.setTimeout(180_000)
    const patient = await ownPatient(javaScriptEnabled ? 'MsgJs' : 'MsgNoJs')
    const { patientPage, adminPage, close } = await contexts(browser, javaScriptEnabled, patient)
    const self = { email: patient.email, password: PATIENT_PASSWORD }

    // The patient: nav item, empty state, the API's own validation words, then a message with markup.
    await patientPage.getByRole('link', { name: 'Messages', exact: true }).first().click()
    await expect(patientPage).toHaveURL('/customer/messages')
    await expect(patientPage.getByText('No messages yet. Write to your care team below.')).toBeVisible()
    await patientPage.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(patientPage.getByText('Message is required').first()).toBeVisible()
    const question = `Is this normal?\n<script>window.__pwned = 1</script> <b>bold</b>`
    await send(patientPage, question)
    await expect(bodies(patientPage).last()).toHaveText(question)
    await expect(patientPage.locator('b', { hasText: 'bold' })).toHaveCount(0)
    expect(await patientPage.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
    await expect(patientPage.getByRole('article', { name: /^You, / })).toBeVisible()
    const sent = (await receivedFrom(self, 'v1/auth/messages/')).filter((r) => r.method === 'POST')
    expect(sent[0]).toMatchObject({ status: 201, body: { body: question } })

    // The team's notice: a link to the record's tab, none of the text.
    await expect
      .poll(async () => (await outbox()).filter((m) => m.links.some((l) => l.includes(`/admin/patients/${patient.id}?tab=messages`))).length)
      .toBeGreaterThan(0)
    for (const mail of (await outbox()).filter((m) => m.links.some((l) => l.includes(`/admin/patients/${patient.id}?`)))) {
      expect(mail.subject).toBe('New patient message in BariCare')
      expect(mail.text).not.toContain('Is this normal')
      expect(mail.text).not.toContain(patient.full_name)
    }

    // The inbox: unread and waiting; the e-mail's path shape leads to the record's tab.
    await adminPage.goto('/admin/messages?filter=waiting')
    const row = adminPage.getByRole('link').filter({ hasText: patient.full_name })
    await expect(row).toContainText('1 unread')
    await expect(row).toContainText('Waiting for reply')
    await adminPage.goto('/admin/messages?filter=unread')
    await expect(adminPage.getByRole('link').filter({ hasText: patient.full_name })).toBeVisible()
    await adminPage.goto(`/admin/patients/${patient.id}?tab=messages`)
    await expect(adminPage).toHaveURL(`/admin/patient/${patient.id}?tab=messages`)
    const section = adminPage.getByRole('region', { name: 'Messages' })
    await expect(bodies(section).last()).toHaveText(question)
    await expect(section).toContainText('Waiting for a reply from the care team.')
    // Opening the tab marked it read: no longer in this admin's unread list.
    await adminPage.goto('/admin/messages?filter=unread')
    await expect(adminPage.getByRole('link').filter({ hasText: patient.full_name })).toHaveCount(0)

    // The reply.
    await adminPage.goto(`/admin/patient/${patient.id}?tab=messages`)
    const reply = `Thanks for writing, ${javaScriptEnabled ? 'JS' : 'no JS'}.\nNothing to worry about.`
    await send(adminPage, reply)
    await expect(adminPage.getByRole('region', { name: 'Messages' }).getByTestId('message-body').last()).toHaveText(reply)

    // The patient sees it: with JavaScript without a reload (polling), without by reloading.
    if (javaScriptEnabled) {
      await expect(bodies(patientPage).last()).toHaveText(reply, { timeout: 45_000 })
    } else {
      // The menu counts the unread reply until the patient opens Messages.
      await patientPage.goto('/customer/dashboard')
      await expect(patientPage.getByRole('link', { name: 'Messages (1 unread)' }).first()).toBeVisible()
      await patientPage.goto('/customer/messages')
      await expect(bodies(patientPage).last()).toHaveText(reply)
    }
    await expect(patientPage.getByRole('article', { name: /^Alex Admin, / })).toBeVisible()
    await expect
      .poll(async () => (await receivedFrom(self, 'v1/auth/messages/read/')).some((r) => r.status === 200))
      .toBe(true)
    await expect
      .poll(async () => (await outbox(patient.email)).some((m) => m.subject === 'You have a new message from your care team'))
      .toBe(true)
    for (const mail of await outbox(patient.email)) expect(mail.text).not.toContain('Nothing to worry about')

    // The admin sees who read it; the patient writes again; the team marks it handled.
    await adminPage.goto(`/admin/patient/${patient.id}?tab=messages`)
    await expect(adminPage.getByRole('region', { name: 'Messages' })).toContainText(`Read by ${patient.full_name}`)
    await send(patientPage, 'Thank you!')
    await adminPage.goto(`/admin/patient/${patient.id}?tab=messages`)
    await adminPage.getByRole('button', { name: 'Mark as handled' }).click()
    await expectToast(adminPage, 'Conversation marked as handled.')
    await expect(adminPage.getByRole('region', { name: 'Messages' })).toContainText('Marked as handled by Alex Admin')
    await adminPage.goto('/admin/messages?filter=waiting')
    await expect(adminPage.getByRole('link').filter({ hasText: patient.full_name })).toHaveCount(0)
    await close()
  })
}

test("the record's Messages tab polls in the background: new messages show, and seven polls write no audit rows", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const patient = await ownPatient('MsgPoll')
  const token = await customerToken(patient.email, PATIENT_PASSWORD)
  expect((await providerCall('POST', 'v1/auth/messages/', { token, body: { body: 'First note' } })).status).toBe(201)
  const context = await browser.newContext({ viewport: DESKTOP, storageState: adminState })
  const page = await context.newPage()
  // The page's clock is ours: each poll is 12 s away, and no test waits for it.
  await page.clock.install()
  const polls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).searchParams.get('background') === '1') polls.push(request.url())
  })
  await page.goto(`/admin/patient/${patient.id}?tab=messages`)
  const section = page.getByRole('region', { name: 'Messages' })
  await expect(bodies(section).last()).toHaveText('First note')
  const views = async () => {
    const events = await auditEventsAbout(patient.id)
    return ['patient_view', 'message_view'].map((action) => events.filter((e) => e.action === action).length)
  }
  expect(await views()).toEqual([1, 1])

  for (let poll = 1; poll <= 7; poll += 1) {
    if (poll === 4) {
      expect((await providerCall('POST', 'v1/auth/messages/', { token, body: { body: 'Second note' } })).status).toBe(201)
    }
    const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('background') === '1')
    await page.clock.runFor(12_000)
    expect((await answered).status()).toBe(200)
  }
  expect(polls).toHaveLength(7)
  // The poll brought the new message without a reload; the two views are still the only rows.
  await expect(bodies(section).last()).toHaveText('Second note')
  expect(await views()).toEqual([1, 1])
  await context.close()
})

test('"Message patient" from an alert links the message to it (without JavaScript)', async ({ browser }) => {
  test.setTimeout(120_000)
  const patient = await ownPatient('MsgAlert')
  const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false, storageState: adminState })
  const page = await context.newPage()
  await page.goto(`/admin/patient/${patient.id}`)
  await page.getByRole('link', { name: 'Message patient about Weight regain' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/patient/${patient.id}\\?tab=messages&alert=\\d+`))
  const alertId = Number(new URL(page.url()).searchParams.get('alert'))
  await expect(page.getByText('About the alert:')).toContainText('Weight regain')
  await send(page, 'We noticed a change in your weight. How are you?')
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText('From the alert: Weight regain')
  const admin = { email: 'admin@baricare.test', password: 'Standard#Admin1', portal: 'admin' as const }
  const posts = (await receivedFrom(admin, `v1/admin/patients/${patient.id}/messages/`)).filter((r) => r.method === 'POST')
  expect(posts[0]).toMatchObject({ status: 201, body: { alert_id: alertId } })
  await page.goto(`/admin/patient/${patient.id}`)
  await page.getByRole('link', { name: 'View message about Weight regain' }).click()
  await expect(page).toHaveURL(new RegExp(`tab=messages#message-\\d+$`))
  await context.close()
})

test('older messages are a link away (without JavaScript)', async ({ browser }) => {
  test.setTimeout(120_000)
  const patient = await ownPatient('MsgOld')
  const token = await customerToken(patient.email, PATIENT_PASSWORD)
  for (let n = 1; n <= 32; n += 1) {
    const { status } = await providerCall('POST', 'v1/auth/messages/', { token, body: { body: `Note number ${n}` } })
    expect(status).toBe(201)
  }
  const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false })
  const page = await context.newPage()
  await signInCustomer(page, patient.email, PATIENT_PASSWORD, { at: '/customer/messages' })
  await expect(bodies(page)).toHaveCount(30)
  await expect(bodies(page).first()).toHaveText('Note number 3')
  await expect(bodies(page).last()).toHaveText('Note number 32')
  await page.getByRole('link', { name: 'Show earlier messages' }).click()
  await expect(page).toHaveURL(/\/customer\/messages\?before=\d+$/)
  await expect(bodies(page)).toHaveText(['Note number 1', 'Note number 2'])
  await expect(page.getByRole('link', { name: 'Show earlier messages' })).toHaveCount(0)
  const reads = await receivedFrom({ email: patient.email, password: PATIENT_PASSWORD }, 'v1/auth/messages/')
  expect(reads.filter((r) => r.method === 'GET').map((r) => r.query.limit)).toContain('30')
  await context.close()
})
