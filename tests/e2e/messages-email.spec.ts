import { expect, test, type Browser } from '@playwright/test'
import { DEMO_ADMINS, PATIENT_PASSWORD } from '../support/fixtures'
import { expectToast } from './support/auth'
import { specPort } from './support/constants'
import { providerAt } from './support/provider'
import { smtpInbox } from './support/smtp-inbox'
import { spawnServer } from './support/spawn-server'

// The messages' e-mail notices over a real SMTP server (the API's job runner), with and without
// JavaScript: the care team writes, the patient gets "You have a new message from your care team"
// with a link and nothing else (no text, no name, no health figures), follows the link, signs in
// and reads it; the patient answers, and the admin who replied gets the team's notice, whose link
// opens the conversation on the record. The server is this spec's own (SMTP set).

const APP_PORT = specPort('messages-email')
const PROVIDER_PORT = specPort('messages-email', 1)
const PROVIDER = `http://127.0.0.1:${PROVIDER_PORT}/`
const inbox = smtpInbox(specPort('messages-email', 2))
const SUPER = DEMO_ADMINS.super

let server: Awaited<ReturnType<typeof spawnServer>>

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  await inbox.start()
  server = await spawnServer(APP_PORT, {
    PROVIDER_PORT: String(PROVIDER_PORT),
    ...inbox.serverEnv,
  })
})

test.afterAll(async () => {
  await server?.stop()
  await inbox.stop()
})

const api = providerAt(PROVIDER)

async function signInFromLink(browser: Browser, javaScriptEnabled: boolean, link: string, portal: 'customer' | 'admin', email: string, password: string) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: server.baseURL })
  const page = await context.newPage()
  await page.goto(link)
  // Not signed in: the link leads to sign-in first, and back to where it pointed afterwards.
  await expect(page).toHaveURL(new RegExp(`/${portal}/signin`))
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: portal === 'admin' ? 'Access Admin Portal' : 'Sign In', exact: true }).click()
  return { context, page }
}

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? 'with' : 'without'} JavaScript: each side's notice arrives over SMTP with a link and no health information`, async ({
    browser,
  }) => {
    test.setTimeout(180_000)
    const prefix = `MsgMail${javaScriptEnabled ? 'Js' : 'NoJs'}${Math.random().toString(36).slice(2, 6)}`
    const seeded = await api<{ id: number; email: string; full_name: string }[]>('POST', '__dev/seed-patients/', { prefix, patients: [{}] })
    expect(seeded.status).toBe(201)
    const patient = seeded.content[0]
    const admin = (await api<{ access_token: string }>('POST', 'v1/admin/login/', SUPER)).content.access_token

    // The team writes first, with a health figure in the text.
    const question = 'Your weight went up to 95.4 kg this week. How is your protein intake?'
    const sent = await api('POST', `v1/admin/patients/${patient.id}/messages/`, { body: question }, admin)
    expect(sent.status).toBe(201)
    const [notice] = await inbox.mailsFor(patient.email, 1)
    expect(notice.headers).toMatch(/^Subject: You have a new message from your care team$/m)
    for (const secret of ['95.4', 'protein', patient.full_name, prefix]) expect(notice.body).not.toContain(secret)
    const link = notice.body.match(/https?:\/\/\S+\/customer\/messages\b/)?.[0]
    expect(link, 'the link to the patient\'s Messages').toBe(`${server.baseURL}/customer/messages`)

    // The patient follows it, signs in, reads the message and answers.
    const { context, page } = await signInFromLink(browser, javaScriptEnabled, link!, 'customer', patient.email, PATIENT_PASSWORD)
    await expect(page).toHaveURL(`${server.baseURL}/customer/messages`)
    await expect(page.getByTestId('message-body').last()).toHaveText(question)
    const answer = 'About 60 g a day, as planned.'
    await page.getByLabel('Message', { exact: true }).fill(answer)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expectToast(page, 'Message sent.')
    await context.close()

    // The team's notice goes to the admin who replied last; its link opens the record's tab.
    // The demo admin's inbox also holds the other run's notice: wait for this patient's.
    const teamNotice = await inbox.mailMatching(SUPER.email, (mail) => mail.body.includes(`/admin/patients/${patient.id}?tab=messages`))
    expect(teamNotice.headers).toMatch(/^Subject: New patient message in BariCare$/m)
    for (const secret of ['60 g', patient.full_name, prefix]) expect(teamNotice.body).not.toContain(secret)
    const teamLink = teamNotice.body.match(/https?:\/\/\S+\/admin\/patients\/\d+\?tab=messages/)![0]
    const adminSide = await signInFromLink(browser, javaScriptEnabled, teamLink, 'admin', SUPER.email, SUPER.password)
    await expect(adminSide.page).toHaveURL(`${server.baseURL}/admin/patient/${patient.id}?tab=messages`)
    await expect(adminSide.page.getByRole('region', { name: 'Messages' }).getByTestId('message-body').last()).toHaveText(answer)
    await adminSide.context.close()
  })
}
