import { describe, expect, test } from 'vitest'
import { GOOD_PASSWORD } from '../support/fixtures'
import {
  APP_URL,
  expectError,
  lastMailTo,
  linkParams,
  mailsTo,
  signUp,
  uniqueEmail,
  useTestProvider,
} from './helpers'

const provider = useTestProvider()

const signup = (body: unknown) => provider.call('POST', 'v1/auth/signup/', { body })
const verify = (query: string) => provider.call('GET', `v1/auth/verify-email-token/?${query}`)

describe('POST v1/auth/signup/', () => {
  test('creates an unverified customer (201), answers the e-mail and mails a verification link', async () => {
    const email = uniqueEmail()
    const res = await signup({
      email: `  ${email.toUpperCase()} `,
      password: GOOD_PASSWORD,
      conf_password: GOOD_PASSWORD,
    })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ message: expect.any(String), content: { email } })

    const mail = await lastMailTo(provider, email)
    expect(mail?.links).toHaveLength(1)
    const link = new URL(mail!.links[0])
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/customer/verify-email`)
    expect(link.searchParams.get('email')).toBe(email)
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{20,}$/)
    expect(mail!.text).toContain(mail!.links[0])

    const signin = await provider.call('POST', 'v1/auth/login/', { body: { email, password: GOOD_PASSWORD } })
    expectError(signin, 403, 'Please verify your email before signing in.')
  })

  test('an e-mail already registered (any case) is a 409 under data.email', async () => {
    const email = uniqueEmail()
    await signUp(provider, email)
    const res = await signup({
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
      conf_password: GOOD_PASSWORD,
    })
    const data = expectError(res, 409, 'An account with this email already exists.')
    expect(data.email).toEqual(['An account with this email already exists.'])
  })

  test('an admin e-mail cannot be signed up as a customer', async () => {
    const res = await signup({
      email: 'super@baricare.test',
      password: GOOD_PASSWORD,
      conf_password: GOOD_PASSWORD,
    })
    expectError(res, 409)
  })

  test('missing fields are each reported', async () => {
    const data = expectError(await signup({}), 400)
    expect(data.email).toEqual(['Email is required'])
    expect(data.password).toEqual(['Password is required'])
    expect(data.conf_password).toBeDefined()
  })

  test('the top-level message is the first field message', async () => {
    const res = await signup({ email: 'nope', password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD })
    expectError(res, 400, 'Please enter a valid email address')
  })

  test.each([
    ['no dot in domain', 'a@b'],
    ['space inside', 'a b@c.de'],
    ['no at sign', 'ab.cd'],
    ['a number', 42],
    ['an object', { email: 'a@b.co' }],
  ])('rejects an invalid e-mail (%s)', async (_label, email) => {
    const data = expectError(
      await signup({ email, password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD }),
      400,
    )
    expect(data.email).toEqual(['Please enter a valid email address'])
  })

  test.each([
    ['too short', 'Aa1!aaa', 'Password must be 8 to 32 characters'],
    ['too long', `Aa1!${'a'.repeat(29)}`, 'Password must be 8 to 32 characters'],
    ['no uppercase', 'aaaa1!aa', 'Password must contain an uppercase letter'],
    ['no lowercase', 'AAAA1!AA', 'Password must contain a lowercase letter'],
    ['no digit', 'Aaaaa!aa', 'Password must contain a number'],
    ['no special character', 'Aaaaa1aa', 'Password must contain a special character'],
  ])('enforces the password rules (%s)', async (_label, password, message) => {
    const data = expectError(await signup({ email: uniqueEmail(), password, conf_password: password }), 400)
    expect(data.password).toEqual([message])
  })

  // About 30 password hashes, CPU-bound: over 15 s on a loaded 2-core machine (the repeat
  // runs), so this test gets a minute; nothing in it waits on a clock.
  test('accepts every special character of the documented set, and 8 and 32 characters exactly', async () => {
    for (const special of '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~') {
      const password = `Abcdef1${special}`
      const res = await signup({ email: uniqueEmail(), password, conf_password: password })
      expect(res.status, `special ${special}: ${res.text}`).toBe(201)
    }
    const longest = `Aa1!${'b'.repeat(28)}`
    expect((await signup({ email: uniqueEmail(), password: longest, conf_password: longest })).status).toBe(
      201,
    )
  }, 60_000)

  test('lists every broken rule at once, and a wrong-typed password', async () => {
    expect(
      expectError(await signup({ email: uniqueEmail(), password: 'abc', conf_password: 'abc' }), 400)
        .password,
    ).toHaveLength(4)
    const data = expectError(
      await signup({ email: uniqueEmail(), password: 12345678, conf_password: 12345678 }),
      400,
    )
    expect(data.password).toEqual(['Password must be text'])
  })

  test('the confirmation must match', async () => {
    const data = expectError(
      await signup({ email: uniqueEmail(), password: GOOD_PASSWORD, conf_password: `${GOOD_PASSWORD}x` }),
      400,
      'Passwords do not match',
    )
    expect(data.conf_password).toEqual(['Passwords do not match'])
  })
})

describe('GET v1/auth/verify-email-token/', () => {
  test('verifies once; the link is single-use', async () => {
    const email = uniqueEmail()
    await signUp(provider, email)
    const params = linkParams((await lastMailTo(provider, email))!.links[0])

    const ok = await verify(params.toString())
    expect(ok.status).toBe(200)
    expect(ok.json.content).toEqual({ email })
    const signin = await provider.call('POST', 'v1/auth/login/', { body: { email, password: GOOD_PASSWORD } })
    expect(signin.status).toBe(200)

    expectError(await verify(params.toString()), 400, 'This verification link is invalid or has expired.')
  })

  test('a token presented with another e-mail fails and stays usable for its owner', async () => {
    const owner = uniqueEmail()
    const other = uniqueEmail()
    await signUp(provider, owner)
    await signUp(provider, other)
    const token = linkParams((await lastMailTo(provider, owner))!.links[0]).get('token')!
    expectError(await verify(new URLSearchParams({ token, email: other }).toString()), 400)
    expect((await verify(new URLSearchParams({ token, email: owner }).toString())).status).toBe(200)
  })

  test('an expired token fails (24 h lifetime)', async () => {
    const email = uniqueEmail()
    await signUp(provider, email)
    const params = linkParams((await lastMailTo(provider, email))!.links[0])
    await provider.sql(
      'UPDATE email_tokens SET expires_at = ? WHERE account_id = (SELECT id FROM accounts WHERE email = ?)',
      Date.now() - 1,
      email,
    )
    expectError(await verify(params.toString()), 400, 'This verification link is invalid or has expired.')
  })

  test('missing or malformed query parameters are 400 with field data', async () => {
    const data = expectError(await verify(''), 400)
    expect(data.token).toEqual(['Token is required'])
    expect(data.email).toEqual(['Email is required'])
    expect(expectError(await verify('token=abc&email=bad'), 400).email).toEqual([
      'Please enter a valid email address',
    ])
    expectError(await verify(`token=made-up&email=${encodeURIComponent(uniqueEmail())}`), 400)
  })
})

describe('POST v1/auth/resend-verify-email/', () => {
  const resend = (body: unknown) => provider.call('POST', 'v1/auth/resend-verify-email/', { body })

  test('sends a new link and retires the old one', async () => {
    const email = uniqueEmail()
    await signUp(provider, email)
    const first = linkParams((await lastMailTo(provider, email))!.links[0])

    const res = await resend({ email })
    expect(res.status).toBe(200)
    expect(res.json.content).toBeNull()
    const mails = await mailsTo(provider, email)
    expect(mails).toHaveLength(2)
    const second = linkParams(mails[0].links[0])
    expect(second.get('token')).not.toBe(first.get('token'))

    expectError(await verify(first.toString()), 400)
    expect((await verify(second.toString())).status).toBe(200)
  })

  test('an unknown e-mail is a 400 with a message', async () => {
    const data = expectError(await resend({ email: uniqueEmail() }), 400, 'No account found for this email.')
    expect(data.email).toEqual(['No account found for this email.'])
  })

  test('an already verified e-mail is a 400 with a message', async () => {
    const email = uniqueEmail()
    await signUp(provider, email)
    await verify(linkParams((await lastMailTo(provider, email))!.links[0]).toString())
    expectError(await resend({ email }), 400, 'This email is already verified. Please sign in.')
  })

  test('admins have nothing to verify', async () => {
    expectError(await resend({ email: 'admin@baricare.test' }), 400, 'No account found for this email.')
  })

  test('a missing or invalid e-mail is a 400', async () => {
    expect(expectError(await resend({}), 400).email).toEqual(['Email is required'])
    expect(expectError(await resend({ email: ['a@b.co'] }), 400).email).toEqual([
      'Please enter a valid email address',
    ])
  })
})
