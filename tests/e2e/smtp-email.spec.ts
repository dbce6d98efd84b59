import { expect, test } from '@playwright/test'
import { fillSignUp, submitSignIn } from './support/auth'
import { specPort } from './support/constants'
import { STRONG_PASSWORD, uniqueEmail } from './support/provider'
import { smtpInbox } from './support/smtp-inbox'
import { spawnServer } from './support/spawn-server'

// With SMTP_URL set, the verification e-mail leaves over SMTP, sent by the API's job runner
// (pg-boss), and is retried when the mail server refuses it for a moment. A real SMTP server (the
// smtp-server package) receives it here; the development outbox stays empty.

const APP_PORT = specPort('smtp-email')
const PROVIDER_PORT = specPort('smtp-email', 1)
const SMTP_PORT = specPort('smtp-email', 2)

const inbox = smtpInbox(SMTP_PORT)

let server: Awaited<ReturnType<typeof spawnServer>>

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  await inbox.start()
  server = await spawnServer(APP_PORT, { PROVIDER_PORT: String(PROVIDER_PORT), ...inbox.serverEnv })
})

test.afterAll(async () => {
  await server?.stop()
  await inbox.stop()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('sign-up sends the verification e-mail over SMTP; its link verifies and sign-in follows', async ({ page }) => {
    const email = uniqueEmail('smtp')
    await page.goto(`${server.baseURL}/customer/signup`)
    await fillSignUp(page, email, STRONG_PASSWORD)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible()

    const [mail] = await inbox.mailsFor(email, 1, 20_000)
    expect(mail.headers).toMatch(/^From: BariCare Test <no-reply@baricare\.test>/m)
    expect(mail.headers).toMatch(/^Subject: Verify your BariCare email/m)
    const link = mail.body.match(/https?:\/\/\S+\/customer\/verify-email\?\S+/)?.[0]
    expect(link, 'the verification link in the e-mail body').toBeDefined()
    expect(new URL(link!).origin).toBe(server.baseURL)

    // Nothing went to the development outbox: the message exists only where it was sent.
    const outbox = (await (await fetch(`http://127.0.0.1:${PROVIDER_PORT}/__dev/outbox/`)).json()) as {
      content: { to: string }[]
    }
    expect(outbox.content.filter((item) => item.to === email)).toEqual([])

    await page.goto(link!)
    await expect(page.getByRole('heading', { name: 'Email verified successfully.' })).toBeVisible()
    await page.goto(`${server.baseURL}/customer/signin?email=${encodeURIComponent(email)}`)
    await submitSignIn(page, email, STRONG_PASSWORD)
    await expect(page).toHaveURL(/\/customer\/profile-setup/)
  })
})

test('a message the mail server refuses for a moment is retried and delivered once', async ({ request }) => {
  const email = uniqueEmail('smtp-retry')
  inbox.refuseFirstAttempt(email)
  const res = await request.post(`http://127.0.0.1:${PROVIDER_PORT}/v1/auth/signup/`, {
    data: { email, password: STRONG_PASSWORD, conf_password: STRONG_PASSWORD },
  })
  expect(res.status()).toBe(201)
  await inbox.mailsFor(email, 1, 30_000)
  expect(inbox.attemptsFor(email)).toBe(2)
  expect(inbox.deliveredTo(email)).toBe(1)
})
