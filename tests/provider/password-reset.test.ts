import { describe, expect, test } from 'vitest'
import { GOOD_PASSWORD, STANDARD } from '../support/fixtures'
import {
  APP_URL,
  expectError,
  lastMailTo,
  linkParams,
  login,
  mailsTo,
  signUp,
  uniqueEmail,
  useTestProvider,
  verifiedCustomer,
  withTestProvider,
} from './helpers'

const provider = useTestProvider()

const NEW_PASSWORD = 'N3w#Password'
const INVALID_LINK = 'This reset link is invalid or has expired.'
const forgot = (body: unknown) => provider.call('POST', 'v1/auth/forgot_password/', { body })
const submit = (body: unknown) => provider.call('POST', 'v1/auth/reset_password/submit/', { body })

async function resetToken(email: string): Promise<string> {
  const mail = await lastMailTo(provider, email)
  return linkParams(mail!.links[0]).get('token')!
}

describe('POST v1/auth/forgot_password/', () => {
  test('answers identically for an existing account, an unknown e-mail and the wrong portal', async () => {
    const { email } = await verifiedCustomer(provider)
    const existing = await forgot({ email, portal: 'customer' })
    const unknown = await forgot({ email: uniqueEmail(), portal: 'customer' })
    const wrongPortal = await forgot({ email, portal: 'admin' })
    expect(existing.status).toBe(200)
    expect(existing.json.content).toBeNull()
    expect(unknown.text).toBe(existing.text)
    expect(wrongPortal.text).toBe(existing.text)
  })

  test('mails a customer link only for a customer asking on the customer portal', async () => {
    const { email } = await verifiedCustomer(provider)
    await forgot({ email, portal: 'admin' })
    expect(await mailsTo(provider, email)).toHaveLength(1) // only the verification mail
    await forgot({ email: email.toUpperCase(), portal: 'customer' })
    const mail = await lastMailTo(provider, email)
    const link = new URL(mail!.links[0])
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/customer/reset-password`)
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{20,}$/)
  })

  test('mails an admin link for an admin on the admin portal', async () => {
    await forgot({ email: STANDARD.email, portal: 'admin' })
    const link = new URL((await lastMailTo(provider, STANDARD.email))!.links[0])
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/admin/reset-password`)
    expect(await mailsTo(provider, STANDARD.email)).toHaveLength(1)
    await forgot({ email: STANDARD.email, portal: 'customer' })
    expect(await mailsTo(provider, STANDARD.email)).toHaveLength(1)
  })

  test('validates the e-mail and the portal', async () => {
    const data = expectError(await forgot({}), 400)
    expect(data.email).toEqual(['Email is required'])
    expect(data.portal).toEqual(['Portal is required'])
    const bad = expectError(await forgot({ email: 'x', portal: 'staff' }), 400)
    expect(bad.email).toEqual(['Please enter a valid email address'])
    expect(bad.portal).toEqual(['Portal must be one of: customer, admin'])
  })
})

describe('POST v1/auth/reset_password/submit/', () => {
  test('sets the new password, revokes refresh and access tokens, and the link is single-use', async () => {
    const customer = await verifiedCustomer(provider)
    await forgot({ email: customer.email, portal: 'customer' })
    const token = await resetToken(customer.email)

    const res = await submit({ token, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD })
    expect(res.status).toBe(200)
    expect(res.json.content).toBeNull()

    expectError(
      await provider.call('POST', 'v1/auth/login/', {
        body: { email: customer.email, password: GOOD_PASSWORD },
      }),
      401,
    )
    await login(provider, 'customer', customer.email, NEW_PASSWORD)
    expectError(
      await provider.call('POST', 'v1/auth/token/refresh/', { body: { refresh: customer.refresh } }),
      401,
    )
    expectError(await provider.call('GET', 'v1/auth/profile/', { token: customer.access }), 401)

    const reused = await submit({ token, new_password: 'An0ther#Pass', conf_password: 'An0ther#Pass' })
    expectError(reused, 400, INVALID_LINK)
    await login(provider, 'customer', customer.email, NEW_PASSWORD)
  })

  test('works for admins too', async () => {
    await withTestProvider({}, async (admin) => {
      await admin.call('POST', 'v1/auth/forgot_password/', {
        body: { email: STANDARD.email, portal: 'admin' },
      })
      const outbox = await admin.call('GET', '__dev/outbox/')
      const link = (outbox.json.content as { links: string[] }[])[0].links[0]
      const token = linkParams(link).get('token')
      const res = await admin.call('POST', 'v1/auth/reset_password/submit/', {
        body: { token, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD },
      })
      expect(res.status).toBe(200)
      await login(admin, 'admin', STANDARD.email, NEW_PASSWORD)
    })
  })

  test('a newer reset e-mail retires the older link', async () => {
    const { email } = await verifiedCustomer(provider)
    await forgot({ email, portal: 'customer' })
    const older = await resetToken(email)
    await forgot({ email, portal: 'customer' })
    const newer = await resetToken(email)
    expectError(
      await submit({ token: older, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD }),
      400,
      INVALID_LINK,
    )
    expect(
      (await submit({ token: newer, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD })).status,
    ).toBe(200)
  })

  test('an expired link (1 h lifetime) is refused', async () => {
    const { email } = await verifiedCustomer(provider)
    await forgot({ email, portal: 'customer' })
    const token = await resetToken(email)
    await provider.sql(
      "UPDATE email_tokens SET expires_at = ? WHERE purpose = 'reset_password' AND account_id = (SELECT id FROM accounts WHERE email = ?)",
      Date.now() - 1,
      email,
    )
    expectError(
      await submit({ token, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD }),
      400,
      INVALID_LINK,
    )
  })

  test('a made-up token or a verification token is refused', async () => {
    expectError(
      await submit({ token: 'made-up', new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD }),
      400,
      INVALID_LINK,
    )
    const email = uniqueEmail()
    await signUp(provider, email)
    const verifyToken = linkParams((await lastMailTo(provider, email))!.links[0]).get('token')
    expectError(
      await submit({ token: verifyToken, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD }),
      400,
      INVALID_LINK,
    )
  })

  test('validates fields before looking at the token, and a failed attempt keeps the link usable', async () => {
    const { email } = await verifiedCustomer(provider)
    await forgot({ email, portal: 'customer' })
    const token = await resetToken(email)

    let data = expectError(await submit({}), 400)
    expect(data.token).toEqual(['Token is required'])
    expect(data.new_password).toEqual(['Password is required'])
    data = expectError(await submit({ token, new_password: 'weak', conf_password: 'weak' }), 400)
    expect(data.new_password).toContain('Password must be 8 to 32 characters')
    data = expectError(await submit({ token, new_password: NEW_PASSWORD, conf_password: 'Other#Pass1' }), 400)
    expect(data.conf_password).toEqual(['Passwords do not match'])
    data = expectError(
      await submit({ token: 7, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD }),
      400,
    )
    expect(data.token).toEqual(['Token must be text'])

    expect((await submit({ token, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD })).status).toBe(
      200,
    )
  })

  test('resetting verifies an unverified customer (the link proves the mailbox)', async () => {
    const email = uniqueEmail()
    await signUp(provider, email)
    await forgot({ email, portal: 'customer' })
    const token = await resetToken(email)
    expect((await submit({ token, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD })).status).toBe(
      200,
    )
    await login(provider, 'customer', email, NEW_PASSWORD)
  })

  test('two simultaneous submissions of one link: exactly one succeeds', async () => {
    const { email } = await verifiedCustomer(provider)
    await forgot({ email, portal: 'customer' })
    const token = await resetToken(email)
    const results = await Promise.all([
      submit({ token, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD }),
      submit({ token, new_password: 'Second#Pass1', conf_password: 'Second#Pass1' }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 400])
  })
})
