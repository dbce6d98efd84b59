import { expect, test, type Browser } from '@playwright/test'
import { expectToast } from './support/auth'
import { specPort } from './support/constants'
import { providerAt } from './support/provider'
import { signInCustomer } from './support/sign-in'
import { smtpInbox } from './support/smtp-inbox'
import { spawnServer } from './support/spawn-server'

// Reminders end to end, with and without JavaScript — a patient saves the Reminders form on
// the profile's Preferences tab, the reminders job runs (POST __dev/run-reminders/ with a given
// clock), the e-mail reaches a real SMTP server with its List-Unsubscribe headers, and its link
// unsubscribes without signing in (confirm page, then POST); a mail client's RFC 8058 one-click
// POST to the same URL unsubscribes too. The server is this spec's own (SMTP set).

const APP_PORT = specPort('reminders')
const PROVIDER_PORT = specPort('reminders', 1)
const SMTP_PORT = specPort('reminders', 2)
const PROVIDER = `http://127.0.0.1:${PROVIDER_PORT}/`
const PASSWORD = 'Patient#123'

const inbox = smtpInbox(SMTP_PORT)

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

/** A new onboarded, verified patient on this spec's server. */
async function newPatient(): Promise<{ email: string; token: () => Promise<string> }> {
  const prefix = `Rem${Math.random().toString(36).slice(2, 8)}`
  const seeded = await api<{ email: string }[]>('POST', '__dev/seed-patients/', { prefix, patients: [{}] })
  expect(seeded.status).toBe(201)
  const { email } = seeded.content[0]
  const token = async () => (await api<{ access_token: string }>('POST', 'v1/auth/login/', { email, password: PASSWORD })).content.access_token
  return { email, token }
}

async function signIn(browser: Browser, javaScriptEnabled: boolean, email: string) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: server.baseURL })
  const page = await context.newPage()
  await signInCustomer(page, email, PASSWORD, { target: { baseURL: server.baseURL, secret: server.sessionSecret, providerURL: PROVIDER } })
  return { context, page }
}

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? 'with' : 'without'} JavaScript: save reminders, get the e-mail over SMTP, unsubscribe from its link without signing in`, async ({
    browser,
  }) => {
    test.setTimeout(180_000)
    const patient = await newPatient()
    const { context, page } = await signIn(browser, javaScriptEnabled, patient.email)
    await page.goto('/customer/profile?tab=preferences')
    const form = page.getByTestId('reminders-form')
    await expect(form.getByLabel('Time zone')).toHaveValue('UTC')
    await form.getByLabel('Protein', { exact: true }).check()
    await form.getByLabel('Water', { exact: true }).check()
    await form.getByLabel('Time of day').fill('08:00')
    await form.getByLabel('Time zone').selectOption('America/New_York')
    await form.getByRole('checkbox', { name: 'Sat' }).uncheck()
    await form.getByRole('checkbox', { name: 'Sun' }).uncheck()
    await form.getByRole('button', { name: 'Save Reminders' }).click()
    await expectToast(page, 'Reminders Updated')
    await expect(page.getByTestId('reminders-form').getByLabel('Protein', { exact: true })).toBeChecked()
    await expect(page.getByTestId('reminders-form').getByLabel('Time zone')).toHaveValue('America/New_York')
    await expect(page.getByTestId('reminders-form').getByRole('checkbox', { name: 'Sat' })).not.toBeChecked()

    // A bad save shows the API's message under the field and changes nothing.
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await page.getByTestId('reminders-form').getByRole('checkbox', { name: day }).uncheck()
    await page.getByTestId('reminders-form').getByRole('button', { name: 'Save Reminders' }).click()
    await expect(page.getByText('Choose at least one day for your reminders')).toBeVisible()
    await context.close()

    // Wednesday 25 November 2026, 08:00 in New York (UTC−5), the job runs twice: one e-mail per kind.
    const now = javaScriptEnabled ? '2026-11-25T13:01:00Z' : '2026-11-26T13:01:00Z'
    const runs: number[] = []
    for (let run = 0; run < 2; run++) {
      const answer = await api<{ sent: number }>('POST', `__dev/run-reminders/?now=${encodeURIComponent(now)}`)
      runs.push(answer.content.sent)
    }
    // The second run at the same moment finds both slots taken: nothing more is queued, for anyone.
    expect(runs[1]).toBe(0)
    const mails = await inbox.mailsFor(patient.email, 2)
    expect(mails).toHaveLength(2)
    const protein = mails.find((mail) => /^Subject: A nudge about protein today$/m.test(mail.headers))!
    expect(protein, 'the protein reminder').toBeDefined()
    const link = protein.body.match(/https?:\/\/\S+\/reminders\/unsubscribe\?token=\S+/)?.[0]
    expect(link, 'the unsubscribe link in the body').toBeDefined()
    expect(new URL(link!).origin).toBe(server.baseURL)
    // The header names the one-click address, with the link's own token.
    expect(protein.headers).toContain(`List-Unsubscribe: <${link!.replace('/reminders/unsubscribe?', '/reminders/one-click?')}>`)
    expect(protein.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)

    // Not signed in: the link's page asks first (opening it changes nothing), the button unsubscribes.
    const visitor = await browser.newContext({ javaScriptEnabled })
    const unsubscribePage = await visitor.newPage()
    await unsubscribePage.goto(link!)
    await expect(unsubscribePage.getByRole('heading', { name: 'Stop protein reminders?' })).toBeVisible()
    expect((await api<{ protein: boolean }>('GET', 'v1/auth/reminders/', undefined, await patient.token())).content.protein).toBe(true)
    await unsubscribePage.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(unsubscribePage.getByRole('heading', { name: 'Reminder turned off' })).toBeVisible()
    await visitor.close()

    // The water e-mail's link, as a mail client's one-click unsubscribe (RFC 8058).
    const water = mails.find((mail) => /^Subject: A nudge to drink water today$/m.test(mail.headers))!
    const waterLink = water.headers.match(/^List-Unsubscribe: <([^>]+)>$/m)![1]
    const oneClick = await fetch(waterLink, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)
    expect(await oneClick.text()).toBe('Unsubscribed.')

    const after = (await api<{ protein: boolean; water: boolean }>('GET', 'v1/auth/reminders/', undefined, await patient.token())).content
    expect([after.protein, after.water]).toEqual([false, false])
  })
}

test('a mangled unsubscribe link says so, without a sign-in', async ({ page }) => {
  await page.goto(`${server.baseURL}/reminders/unsubscribe?token=not-a-token`)
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible()
  await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible()
})
