import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { setTokenClock } from '../../provider/tokens'
import { GOOD_PASSWORD, STANDARD, SUPER } from '../support/fixtures'
import {
  expectError,
  signUp,
  startTestProvider,
  TEST_ENGINE,
  uniqueEmail,
  useTestProvider,
  verifiedCustomer,
  withTestProvider,
} from './helpers'

const provider = useTestProvider()

const customerLogin = (body: unknown) => provider.call('POST', 'v1/auth/login/', { body })
const adminLogin = (body: unknown) => provider.call('POST', 'v1/admin/login/', { body })

describe('POST v1/auth/login/', () => {
  test('a verified customer gets an access and a refresh token', async () => {
    const { email } = await verifiedCustomer(provider)
    const res = await customerLogin({ email: ` ${email.toUpperCase()}`, password: GOOD_PASSWORD })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      message: expect.any(String),
      content: { access_token: expect.any(String), refresh_token: expect.any(String), device_token: expect.any(String) },
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
      user: { id: expect.any(Number), email: SUPER.email, full_name: 'Sam Super', roles: ['Super Admin'], mfa_enabled: false },
      mfa_setup_required: false,
      device_token: expect.any(String),
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

describe('sign-in throttling per e-mail (failures only, progressive, in the database)', () => {
  const BLOCKED = 'Too many attempts. Please try again later.'
  const wait = (seconds: number) => `Too many failed sign-ins. Please wait ${seconds} seconds and try again.`
  const SECOND = 1000

  /** The provider's clock (login throttle and tokens), stopped and moved only by the test. */
  let now = 0
  beforeEach(() => {
    now = Date.parse('2026-11-20T12:00:00Z')
    setTokenClock(() => now)
  })
  afterEach(() => setTokenClock())
  const advance = (ms: number) => void (now += ms)

  const fail = async (email: string, times: number) => {
    for (let attempt = 1; attempt <= times; attempt++) {
      expectError(await customerLogin({ email, password: `Wrong#Pass${attempt}` }), 401)
    }
  }

  test('after 5 wrong guesses by someone else the owner is told the wait, then gets in; the success clears the count', async () => {
    const { email } = await verifiedCustomer(provider)
    await fail(email, 5)
    // Refused before the password is checked, on both portals (one count per e-mail).
    expectError(await customerLogin({ email, password: GOOD_PASSWORD }), 429, wait(15))
    expectError(await adminLogin({ email, password: GOOD_PASSWORD }), 429, wait(15))
    advance(10 * SECOND)
    expectError(await customerLogin({ email, password: GOOD_PASSWORD }), 429, wait(5))
    advance(5 * SECOND)
    expect((await customerLogin({ email, password: GOOD_PASSWORD })).status).toBe(200)
    // Counter reset: five more typos cost nothing again.
    await fail(email, 5)
    // Another e-mail is unaffected.
    const other = await verifiedCustomer(provider)
    expect((await customerLogin({ email: other.email, password: GOOD_PASSWORD })).status).toBe(200)
  }, 60_000)

  test('the wait doubles (15, 30, 60, 120, 240 s); at 10 failures every attempt is refused until they age out', async () => {
    const { email } = await verifiedCustomer(provider)
    await fail(email, 5)
    for (const seconds of [15, 30, 60, 120, 240]) {
      expectError(await customerLogin({ email, password: 'Wrong#Pass9' }), 429, wait(seconds))
      advance(seconds * SECOND)
      expectError(await customerLogin({ email, password: 'Wrong#Pass9' }), 401)
    }
    // 10 failures within 465 s: blocked, the right password included, whatever the wait.
    advance(5 * 60 * SECOND)
    expectError(await customerLogin({ email, password: GOOD_PASSWORD }), 429, BLOCKED)
    // 15 minutes after the first five failures they age out: 5 left, the latest long enough ago.
    advance(15 * 60 * SECOND - 465 * SECOND - 5 * 60 * SECOND + SECOND)
    expect((await customerLogin({ email, password: GOOD_PASSWORD })).status).toBe(200)
  }, 60_000)

  // OWASP's device cookie: a browser that signed in to the account before carries a token that
  // lets it past the wait strangers caused; without it (or with another's) attempts still wait.
  describe('a known browser is not locked out by strangers', () => {
    const strangerGuesses = async (login: typeof customerLogin, email: string) => {
      // The probe's timing: wrong passwords at 0, +16, +31, +61, +121, +241 s.
      let at = 0
      for (const offset of [0, 16, 31, 61, 121, 241]) {
        advance((offset - at) * SECOND)
        at = offset
        expect((await login({ email, password: 'Wrong#Pass1' })).status).toBeGreaterThanOrEqual(400)
      }
    }
    const knownBrowser = (res: { json: { content?: unknown } }) => {
      const token = (res.json.content as { device_token?: unknown }).device_token
      expect(typeof token).toBe('string')
      return token as string
    }

    test('customer: the owner’s browser gets in with the right password; a browser without the token still waits', async () => {
      const { email } = await verifiedCustomer(provider)
      const device = knownBrowser(await customerLogin({ email, password: GOOD_PASSWORD }))
      const other = await verifiedCustomer(provider)
      const othersDevice = knownBrowser(await customerLogin({ email: other.email, password: GOOD_PASSWORD }))
      await strangerGuesses(customerLogin, email)
      expect((await customerLogin({ email, password: GOOD_PASSWORD })).status).toBe(429)
      // Another account's token, or a tampered one, is no key to this account.
      expect((await customerLogin({ email, password: GOOD_PASSWORD, device_token: othersDevice })).status).toBe(429)
      expect((await customerLogin({ email, password: GOOD_PASSWORD, device_token: `${device.slice(0, -2)}AA` })).status).toBe(429)
      const res = await customerLogin({ email, password: GOOD_PASSWORD, device_token: device })
      expect(res.status, res.text).toBe(200)
      // A stranger's attempt still waits: the owner's success did not forgive the strangers' failures.
      expect((await customerLogin({ email, password: 'Wrong#Pass1' })).status).toBe(429)
      // A fresh token each time, good as the first.
      expect(knownBrowser(res)).not.toBe(device)
    }, 60_000)

    test('admin: the same at the admin sign-in', async () => {
      const email = STANDARD.email
      const device = knownBrowser(await adminLogin(STANDARD))
      await strangerGuesses(adminLogin, email)
      expect((await adminLogin(STANDARD)).status).toBe(429)
      const res = await adminLogin({ ...STANDARD, device_token: device })
      expect(res.status, res.text).toBe(200)
      knownBrowser(res)
      // The demo admin signs in in later tests of this file: the strangers' failures go.
      await provider.sql('DELETE FROM login_failures WHERE email = ?', email)
    }, 60_000)

    test('a token past its 180 days is no key', async () => {
      const { email } = await verifiedCustomer(provider)
      const device = knownBrowser(await customerLogin({ email, password: GOOD_PASSWORD }))
      advance(181 * 24 * 60 * 60 * SECOND)
      await strangerGuesses(customerLogin, email)
      expect((await customerLogin({ email, password: GOOD_PASSWORD, device_token: device })).status).toBe(429)
    }, 60_000)

    test('guesses from a known browser are counted for that browser, apart from the account', async () => {
      const { email } = await verifiedCustomer(provider)
      const device = knownBrowser(await customerLogin({ email, password: GOOD_PASSWORD }))
      for (let attempt = 1; attempt <= 5; attempt++) {
        expectError(await customerLogin({ email, password: `Wrong#Pass${attempt}`, device_token: device }), 401)
      }
      expectError(await customerLogin({ email, password: GOOD_PASSWORD, device_token: device }), 429, wait(15))
      // The account itself is not held up by them.
      expect((await customerLogin({ email, password: GOOD_PASSWORD })).status).toBe(200)
    }, 60_000)
  })

  test('unknown e-mails are counted alike (no hint that an e-mail exists)', async () => {
    const unknown = uniqueEmail()
    await fail(unknown, 5)
    expectError(await customerLogin({ email: unknown, password: 'Wrong#Pass1' }), 429, wait(15))
  }, 60_000)

  test('successful sign-ins are not counted', async () => {
    const { email } = await verifiedCustomer(provider)
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await customerLogin({ email, password: GOOD_PASSWORD })).status).toBe(200)
    }
  }, 60_000)

  test('a restart of the provider does not reset the count (same data directory)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'baricare-provider-throttle-'))
    try {
      const first = await startTestProvider({ dataDir })
      const { email } = await verifiedCustomer(first)
      for (let attempt = 1; attempt <= 5; attempt++) {
        expectError(await first.call('POST', 'v1/auth/login/', { body: { email, password: 'Wrong#Pass1' } }), 401)
      }
      await first.close()
      await withTestProvider({ dataDir }, async (second) => {
        const res = await second.call('POST', 'v1/auth/login/', { body: { email, password: GOOD_PASSWORD } })
        expectError(res, 429, wait(15))
      })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)

  // Two app instances share the count because they share the API and its database; the strongest
  // form of that is two API processes on one PostgreSQL database (PGlite has one owner only).
  test.runIf(TEST_ENGINE === 'postgres')('two API instances on one database share the count', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'baricare-provider-shared-'))
    const a = await startTestProvider({ dataDir })
    const b = await startTestProvider({ dataDir })
    try {
      const { email } = await verifiedCustomer(a)
      for (let attempt = 1; attempt <= 5; attempt++) {
        const instance = attempt % 2 === 0 ? a : b
        expectError(await instance.call('POST', 'v1/auth/login/', { body: { email, password: 'Wrong#Pass1' } }), 401)
      }
      expectError(await a.call('POST', 'v1/auth/login/', { body: { email, password: 'Wrong#Pass1' } }), 429, wait(15))
      expectError(await b.call('POST', 'v1/auth/login/', { body: { email, password: 'Wrong#Pass1' } }), 429, wait(15))
    } finally {
      await a.close()
      await b.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
