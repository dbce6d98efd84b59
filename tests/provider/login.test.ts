import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  expectError,
  GOOD_PASSWORD,
  signUp,
  STANDARD,
  startTestProvider,
  SUPER,
  uniqueEmail,
  verifiedCustomer,
  type TestProvider,
} from './helpers'

let provider: TestProvider
beforeAll(async () => {
  provider = await startTestProvider()
})
afterAll(() => provider.close())

const customerLogin = (body: unknown) => provider.call('POST', 'v1/auth/login/', { body })
const adminLogin = (body: unknown) => provider.call('POST', 'v1/admin/login/', { body })

describe('POST v1/auth/login/', () => {
  test('a verified customer gets an access and a refresh token', async () => {
    const { email } = await verifiedCustomer(provider)
    const res = await customerLogin({ email: ` ${email.toUpperCase()}`, password: GOOD_PASSWORD })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      message: expect.any(String),
      content: { access_token: expect.any(String), refresh_token: expect.any(String) },
    })
  })

  test('an unknown e-mail and a wrong password get the same 401', async () => {
    const { email } = await verifiedCustomer(provider)
    const unknown = await customerLogin({ email: uniqueEmail(), password: GOOD_PASSWORD })
    const wrong = await customerLogin({ email, password: `${GOOD_PASSWORD}x` })
    expectError(unknown, 401, 'Invalid email or password')
    expectError(wrong, 401, 'Invalid email or password')
    expect(unknown.json).toEqual(wrong.json)
  })

  test('an unverified customer with the right password gets 403; with a wrong one 401', async () => {
    const email = uniqueEmail()
    await signUp(provider, email)
    expectError(
      await customerLogin({ email, password: GOOD_PASSWORD }),
      403,
      'Please verify your email before signing in.',
    )
    expectError(await customerLogin({ email, password: 'Wrong#Pass1' }), 401, 'Invalid email or password')
  })

  test('an admin is refused with 403 (and a pointer to the admin portal) only after a correct password', async () => {
    const res = await customerLogin(SUPER)
    expectError(res, 403)
    expect(res.json.message).toMatch(/admin portal/i)
    expectError(await customerLogin({ ...SUPER, password: 'Wrong#Pass1' }), 401, 'Invalid email or password')
  })

  test('missing, blank and wrong-typed fields are 400 with SPEC messages', async () => {
    let data = expectError(await customerLogin({}), 400)
    expect(data).toEqual({ email: ['Email is required'], password: ['Password is required'] })
    data = expectError(await customerLogin({ email: '   ', password: '' }), 400, 'Email is required')
    expect(data.password).toEqual(['Password is required'])
    data = expectError(await customerLogin({ email: 'not-an-email', password: 5 }), 400)
    expect(data).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password must be text'],
    })
  })
})

describe('POST v1/admin/login/', () => {
  test('answers tokens and the user with roles', async () => {
    const res = await adminLogin({ email: 'SUPER@baricare.test', password: SUPER.password })
    expect(res.status).toBe(200)
    expect(res.json.content).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      user: { id: expect.any(Number), email: SUPER.email, full_name: 'Sam Super', roles: ['Super Admin'] },
    })
    const standard = await adminLogin(STANDARD)
    expect((standard.json.content as { user: { roles: string[] } }).user.roles).toEqual(['Standard Admin'])
  })

  test('a customer is refused with 403 after a correct password, 401 otherwise', async () => {
    const { email } = await verifiedCustomer(provider)
    const res = await adminLogin({ email, password: GOOD_PASSWORD })
    expectError(res, 403)
    expect(res.json.message).toMatch(/admin access/i)
    expectError(await adminLogin({ email, password: 'Wrong#Pass1' }), 401, 'Invalid email or password')
  })

  test('wrong password and unknown e-mail are the same 401', async () => {
    expectError(await adminLogin({ ...STANDARD, password: 'Nope#1234' }), 401, 'Invalid email or password')
    expectError(
      await adminLogin({ email: uniqueEmail(), password: 'Nope#1234' }),
      401,
      'Invalid email or password',
    )
  })

  test('validation errors are 400', async () => {
    const data = expectError(await adminLogin({ email: 'x@y', password: null }), 400)
    expect(data).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password is required'],
    })
  })
})

describe('rate limiting', () => {
  test('after 10 failures in 15 minutes the e-mail gets 429, even with the right password, on both portals', async () => {
    const { email } = await verifiedCustomer(provider)
    for (let attempt = 1; attempt <= 10; attempt++) {
      expectError(await customerLogin({ email, password: `Wrong#Pass${attempt}` }), 401)
    }
    const message = 'Too many attempts. Please try again later.'
    expectError(await customerLogin({ email, password: GOOD_PASSWORD }), 429, message)
    expectError(await adminLogin({ email, password: GOOD_PASSWORD }), 429, message)

    // Another e-mail is unaffected.
    const other = await verifiedCustomer(provider)
    expect((await customerLogin({ email: other.email, password: GOOD_PASSWORD })).status).toBe(200)

    // Failures older than the window no longer count.
    await provider.sql('UPDATE login_failures SET at = at - 15 * 60 * 1000 WHERE email = ?', email)
    expect((await customerLogin({ email, password: GOOD_PASSWORD })).status).toBe(200)
  })

  // About 30 password hashes, CPU-bound: over 15 s on a loaded 2-core machine (P20's repeat
  // runs), so this test gets a minute; nothing in it waits on a clock.
  test('unknown e-mails are limited too, and a success clears the count', async () => {
    const unknown = uniqueEmail()
    for (let attempt = 0; attempt < 10; attempt++)
      await customerLogin({ email: unknown, password: 'Wrong#Pass1' })
    expectError(await customerLogin({ email: unknown, password: 'Wrong#Pass1' }), 429)

    const { email } = await verifiedCustomer(provider)
    for (let attempt = 0; attempt < 9; attempt++) await customerLogin({ email, password: 'Wrong#Pass1' })
    expect((await customerLogin({ email, password: GOOD_PASSWORD })).status).toBe(200)
    for (let attempt = 0; attempt < 9; attempt++) await customerLogin({ email, password: 'Wrong#Pass1' })
    expect((await customerLogin({ email, password: GOOD_PASSWORD })).status).toBe(200)
  }, 60_000)
})
