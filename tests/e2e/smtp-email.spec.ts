import { expect, test } from '@playwright/test'
import { SMTPServer } from 'smtp-server'
import { fillSignUp, submitSignIn } from './support/auth'
import { E2E_PORT } from './support/constants'
import { STRONG_PASSWORD, uniqueEmail } from './support/provider'
import { spawnServer } from './support/spawn-server'

// P14: with SMTP_URL set, the verification e-mail leaves over SMTP, sent by the API's job runner
// (pg-boss), and is retried when the mail server refuses it for a moment. A real SMTP server (the
// smtp-server package) receives it here; the development outbox stays empty.

const APP_PORT = E2E_PORT + 70
const SMTP_PORT = E2E_PORT + 72

interface Received {
  to: string[]
  raw: string
}

const received: Received[] = []
/** Addresses whose first delivery attempt the server refuses with a temporary error. */
const refuseOnce = new Set<string>()
const attempts = new Map<string, number>()

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
      const count = (attempts.get(to[0]) ?? 0) + 1
      attempts.set(to[0], count)
      if (refuseOnce.has(to[0]) && count === 1) {
        const error = Object.assign(new Error('Try again later'), { responseCode: 451 })
        return callback(error)
      }
      received.push({ to, raw: Buffer.concat(chunks).toString('utf8') })
      callback()
    })
  },
})

let server: Awaited<ReturnType<typeof spawnServer>>

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve))
  server = await spawnServer(APP_PORT, {
    PROVIDER_PORT: String(APP_PORT + 1),
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    SMTP_FROM: 'BariCare Test <no-reply@baricare.test>',
    SMTP_RETRY_DELAY_SECONDS: '1',
  })
})

test.afterAll(async () => {
  await server?.stop()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

/** The message body as text: quoted-printable soft breaks joined and escapes decoded. */
function bodyText(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4)
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

async function mailFor(email: string, timeoutMs = 20_000): Promise<Received> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = received.find((mail) => mail.to.includes(email))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no e-mail for ${email} reached the SMTP server`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('sign-up sends the verification e-mail over SMTP; its link verifies and sign-in follows', async ({ page }) => {
    const email = uniqueEmail('smtp')
    await page.goto(`${server.baseURL}/customer/signup`)
    await fillSignUp(page, email, STRONG_PASSWORD)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible()

    const mail = await mailFor(email)
    expect(mail.raw).toMatch(/^From: BariCare Test <no-reply@baricare\.test>/m)
    expect(mail.raw).toMatch(/^Subject: Verify your BariCare email/m)
    const link = bodyText(mail.raw).match(/https?:\/\/\S+\/customer\/verify-email\?\S+/)?.[0]
    expect(link, 'the verification link in the e-mail body').toBeDefined()
    expect(new URL(link!).origin).toBe(server.baseURL)

    // Nothing went to the development outbox: the message exists only where it was sent.
    const outbox = (await (await fetch(`http://127.0.0.1:${APP_PORT + 1}/__dev/outbox/`)).json()) as {
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
  refuseOnce.add(email)
  const res = await request.post(`http://127.0.0.1:${APP_PORT + 1}/v1/auth/signup/`, {
    data: { email, password: STRONG_PASSWORD, conf_password: STRONG_PASSWORD },
  })
  expect(res.status()).toBe(201)
  await mailFor(email, 30_000)
  expect(attempts.get(email)).toBe(2)
  expect(received.filter((mail) => mail.to.includes(email))).toHaveLength(1)
})
