// Input a client should never be able to turn into something else: an e-mail field that names more
// than one recipient, a display name or a header; NUL bytes and lone surrogates that the database
// cannot store; negative measurements. Each answer is a 400 with a sentence, never a 500.
import { beforeAll, describe, expect, test } from 'vitest'
import { GOOD_PASSWORD, SUPER } from '../support/fixtures'
import { adminToken, expectError, uniqueEmail, useTestProvider } from './helpers'

const provider = useTestProvider()
let superToken: string
beforeAll(async () => {
  superToken = await adminToken(provider, SUPER)
})

const EMAIL_INVALID = 'Please enter a valid email address'

/** The probe's recipient injections, and their near relatives. */
const HOSTILE_EMAILS = [
  'atk@example.test,victim@example.org',
  'atk@example.test;victim@example.org',
  '"Boss"<atk2@example.test>;cc2@example.org',
  'Boss <atk2@example.test>',
  'nel@example.test\u0085bcc:nelbcc@example.org',
  'a@example.test\r\nBcc: victim@example.org',
  'josé@example.org',
]

async function outboxRecipients(): Promise<string[]> {
  const outbox = await provider.call('GET', '__dev/outbox/')
  return (outbox.json.content as { to: string }[]).map((mail) => mail.to)
}

describe('one address per e-mail field: sign-up, resend, forgot, sign-in, invitations', () => {
  test.each(HOSTILE_EMAILS)('%j is refused with the field message and nothing is mailed', async (email) => {
    const calls = [
      provider.call('POST', 'v1/auth/signup/', { body: { email, password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD } }),
      provider.call('POST', 'v1/auth/resend-verify-email/', { body: { email } }),
      provider.call('POST', 'v1/auth/forgot_password/', { body: { email, portal: 'customer' } }),
      provider.call('POST', 'v1/auth/login/', { body: { email, password: GOOD_PASSWORD } }),
      provider.call('POST', 'v1/admin/login/', { body: { email, password: GOOD_PASSWORD } }),
      provider.call('POST', 'v1/admin/admins/invite/', {
        token: superToken,
        body: { email, full_name: 'Ivy Invited', role: 'Standard Admin' },
      }),
    ]
    for (const res of await Promise.all(calls)) expect(expectError(res, 400).email).toEqual([EMAIL_INVALID])
    const recipients = await outboxRecipients()
    for (const part of ['victim@example.org', 'nelbcc@example.org', 'cc2@example.org', email.toLowerCase()]) {
      expect(recipients.some((to) => to.includes(part))).toBe(false)
    }
  })

  test('an ordinary address still signs up and is mailed once, to itself', async () => {
    const email = uniqueEmail('plain')
    const res = await provider.call('POST', 'v1/auth/signup/', { body: { email, password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD } })
    expect(res.status, res.text).toBe(201)
    expect((await outboxRecipients()).filter((to) => to === email)).toHaveLength(1)
  })
})
