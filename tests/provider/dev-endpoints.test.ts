import { describe, expect, test } from 'vitest'
import { GOOD_PASSWORD, SUPER } from '../support/fixtures'
import { PASSWORD_HASHING_TEST_IN_PRODUCTION, hashPassword, verifyPassword } from '../../provider/passwords.js'
import { expectError, login, signUp, startTestProvider, uniqueEmail, useTestProvider } from './helpers'

interface LoggedRequest {
  id: number
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  auth: 'customer' | 'admin' | null
  status: number
  at: string
}

describe('in dev mode', () => {
  const provider = useTestProvider({ devMode: true })

  test('GET __dev/outbox/ lists sent mail newest first with links', async () => {
    const first = uniqueEmail()
    const second = uniqueEmail()
    await signUp(provider, first)
    await signUp(provider, second)
    const res = await provider.call('GET', '__dev/outbox/')
    expect(res.status).toBe(200)
    const mails = res.json.content as {
      id: number
      to: string
      subject: string
      text: string
      links: string[]
      headers: Record<string, string>
      created_at: string
    }[]
    expect(mails[0]).toEqual({
      id: expect.any(Number),
      to: second,
      subject: expect.any(String),
      text: expect.any(String),
      links: [expect.stringContaining('/customer/verify-email?')],
      // Extra headers (List-Unsubscribe on reminders); none on this one.
      headers: {},
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    expect(mails[1].to).toBe(first)
    expect(mails[0].id).toBeGreaterThan(mails[1].id)
  })

  test('GET __dev/requests/ lists requests newest first with secrets masked and keys kept', async () => {
    const email = uniqueEmail()
    await provider.call('POST', 'v1/auth/signup/', {
      body: {
        email,
        password: GOOD_PASSWORD,
        conf_password: GOOD_PASSWORD,
        nested: { token: 'abc', keep: 1 },
      },
    })
    const admin = await login(provider, 'admin', SUPER.email, SUPER.password)
    await provider.call('GET', 'v1/admin/profile/', { token: admin.access })
    await provider.call('GET', 'v1/auth/verify-email-token/?token=secret-token&email=a%40b.co')
    await provider.call('POST', 'v1/admin/token/refresh/', { body: { refresh: admin.refresh } })

    const res = await provider.call('GET', '__dev/requests/')
    expect(res.status).toBe(200)
    const log = res.json.content as LoggedRequest[]
    expect(log.some((entry) => entry.path.startsWith('/__dev/'))).toBe(false)
    const [refresh, verify, profile, adminLogin, signup] = log
    expect(refresh).toMatchObject({
      method: 'POST',
      path: '/v1/admin/token/refresh/',
      body: { refresh: '***' },
      status: 200,
    })
    expect(verify).toMatchObject({
      path: '/v1/auth/verify-email-token/',
      query: { token: '***', email: 'a@b.co' },
      status: 400,
    })
    expect(profile).toMatchObject({
      method: 'GET',
      path: '/v1/admin/profile/',
      auth: 'admin',
      account_id: expect.any(Number),
      body: null,
      status: 200,
    })
    expect(adminLogin).toMatchObject({ body: { email: SUPER.email, password: '***' }, auth: null })
    expect(signup).toEqual({
      id: expect.any(Number),
      method: 'POST',
      path: '/v1/auth/signup/',
      query: {},
      body: { email, password: '***', conf_password: '***', nested: { token: '***', keep: 1 } },
      auth: null,
      account_id: null,
      status: 201,
      at: expect.any(String),
    })
    expect(refresh.id).toBeGreaterThan(signup.id)
    expect(res.text).not.toContain(GOOD_PASSWORD)
    expect(res.text).not.toContain(admin.refresh)
  })

  test('the request log keeps the last 500', async () => {
    await Promise.all(Array.from({ length: 520 }, () => provider.call('GET', 'v1/nothing/')))
    const log = (await provider.call('GET', '__dev/requests/')).json.content as LoggedRequest[]
    expect(log).toHaveLength(500)
  })

  test('POST __dev/verify-email/ verifies a customer directly', async () => {
    const email = uniqueEmail()
    await signUp(provider, email)
    const res = await provider.call('POST', '__dev/verify-email/', { body: { email } })
    expect(res.status).toBe(200)
    expect(res.json.content).toEqual({ email })
    await login(provider, 'customer', email, GOOD_PASSWORD)
    expectError(await provider.call('POST', '__dev/verify-email/', { body: { email: uniqueEmail() } }), 404)
    expectError(await provider.call('POST', '__dev/verify-email/', { body: {} }), 400)
  })
})

describe('outside dev mode', () => {
  const provider = useTestProvider({ devMode: false })

  test.each([
    ['GET', '__dev/outbox/'],
    ['GET', '__dev/requests/'],
    ['POST', '__dev/expire-access-tokens/'],
    ['POST', '__dev/verify-email/'],
    ['POST', '__dev/seed-demo/'],
  ])('%s %s is a 404', async (method, path) => {
    expectError(
      await provider.call(method, path, method === 'POST' ? { body: { email: 'a@b.co' } } : {}),
      404,
    )
  })

  test('the API itself still works', async () => {
    await login(provider, 'admin', SUPER.email, SUPER.password)
  })

  test('new passwords are hashed at the standard cost, and the test cost is refused', async () => {
    const email = uniqueEmail()
    await signUp(provider, email)
    const [row] = await provider.db.all<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE email = ?', [email])
    expect(row?.password_hash).toMatch(/^scrypt\$16384\$8\$5\$/)
    await expect(startTestProvider({ devMode: false, passwordHashing: 'test' })).rejects.toThrow(PASSWORD_HASHING_TEST_IN_PRODUCTION)
  })

  test('a hash of a weaker cost is made again at the next right sign-in, and the session stays', async () => {
    const email = uniqueEmail()
    await signUp(provider, email)
    const weak = await hashPassword(GOOD_PASSWORD, 'test')
    await provider.db.run('UPDATE accounts SET password_hash = ?, email_verified = true WHERE email = ?', [weak, email])
    const stored = async () =>
      (await provider.db.all<{ password_hash: string; token_version: number }>('SELECT password_hash, token_version FROM accounts WHERE email = ?', [email]))[0]!
    const before = await stored()

    // A wrong password changes nothing.
    expect((await provider.call('POST', 'v1/auth/login/', { body: { email, password: `${GOOD_PASSWORD}x` } })).status).toBe(401)
    expect((await stored()).password_hash).toBe(weak)

    const { access } = await login(provider, 'customer', email, GOOD_PASSWORD)
    const after = await stored()
    expect(after.password_hash).toMatch(/^scrypt\$16384\$8\$5\$/)
    expect(after.token_version).toBe(before.token_version)
    expect(await verifyPassword(GOOD_PASSWORD, after.password_hash)).toBe(true)
    expect((await provider.call('GET', 'v1/auth/profile/', { token: access })).status).toBe(200)
    await login(provider, 'customer', email, GOOD_PASSWORD)
    expect((await stored()).password_hash).toBe(after.password_hash)
  })
})
