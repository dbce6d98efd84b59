import { describe, expect, test } from 'vitest'
import { setTokenClock } from '../../provider/tokens'
import { STANDARD, SUPER } from '../support/fixtures'
import { expectError, login, useTestProvider, verifiedCustomer } from './helpers'

// Signing out ends the session in the API, not only in the browser.

const provider = useTestProvider()

const INVALID = 'Token is invalid or expired'
const logout = (options: { token?: string; body?: unknown }) =>
  provider.call('POST', 'v1/auth/logout/', options)
const refresh = (portal: 'customer' | 'admin', token: string) =>
  provider.call('POST', portal === 'customer' ? 'v1/auth/token/refresh/' : 'v1/admin/token/refresh/', {
    body: { refresh: token },
  })
const PROFILE = { customer: 'v1/auth/profile/', admin: 'v1/admin/profile/' } as const

async function session(portal: 'customer' | 'admin') {
  if (portal === 'customer') {
    const customer = await verifiedCustomer(provider)
    return { ...customer, again: () => login(provider, 'customer', customer.email, customer.password) }
  }
  return {
    ...(await login(provider, 'admin', STANDARD.email, STANDARD.password)),
    again: () => login(provider, 'admin', STANDARD.email, STANDARD.password),
  }
}

describe.each(['customer', 'admin'] as const)('POST v1/auth/logout/ (%s)', (portal) => {
  test('with both tokens: the refresh token and every access token of the session stop working at once', async () => {
    const s = await session(portal)
    // A second access token of the same session, as a refresh makes it.
    const refreshed = await refresh(portal, s.refresh)
    expect(refreshed.status, refreshed.text).toBe(200)
    const second = (refreshed.json.content as { access: string }).access
    const other = await s.again()

    const res = await logout({ token: s.access, body: { refresh: s.refresh } })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual({ message: 'Signed out.', content: null })

    expectError(await provider.call('GET', PROFILE[portal], { token: s.access }), 401, INVALID)
    expectError(await provider.call('GET', PROFILE[portal], { token: second }), 401, INVALID)
    expectError(await refresh(portal, s.refresh), 401, INVALID)
    // Another sign-in of the same account (another device) is another session and stays.
    expect((await provider.call('GET', PROFILE[portal], { token: other.access })).status).toBe(200)
    expect((await refresh(portal, other.refresh)).status).toBe(200)
  })

  test('the access token alone ends its session, refresh token included', async () => {
    const s = await session(portal)
    expect((await logout({ token: s.access })).status).toBe(200)
    expectError(await refresh(portal, s.refresh), 401, INVALID)
    expectError(await provider.call('GET', PROFILE[portal], { token: s.access }), 401, INVALID)
  })

  test('the refresh token alone ends its session, access tokens included', async () => {
    const s = await session(portal)
    expect((await logout({ body: { refresh: s.refresh } })).status).toBe(200)
    expectError(await provider.call('GET', PROFILE[portal], { token: s.access }), 401, INVALID)
    expectError(await refresh(portal, s.refresh), 401, INVALID)
  })

  test('an expired access token still names its session', async () => {
    let now = Date.now()
    setTokenClock(() => now)
    try {
      const s = await session(portal)
      now += 24 * 60 * 60 * 1000
      expect((await logout({ token: s.access })).status).toBe(200)
      expectError(await refresh(portal, s.refresh), 401, INVALID)
    } finally {
      setTokenClock()
    }
  })
})

describe('POST v1/auth/logout/', () => {
  test('is idempotent: signing out twice, or with unknown or forged tokens, answers the same 200', async () => {
    const s = await session('customer')
    const first = await logout({ token: s.access, body: { refresh: s.refresh } })
    const second = await logout({ token: s.access, body: { refresh: s.refresh } })
    expect(second.status).toBe(200)
    expect(second.json).toEqual(first.json)
    expect((await logout({ token: 'not-a-token', body: { refresh: 'unknown' } })).status).toBe(200)
    expect((await logout({ body: { refresh: 'unknown' } })).status).toBe(200)
  })

  test("a forged token cannot end someone else's session", async () => {
    const victim = await login(provider, 'admin', SUPER.email, SUPER.password)
    const attacker = await session('customer')
    const [payload] = attacker.access.split('.')
    const [, signature] = victim.access.split('.')
    expect((await logout({ token: `${payload}.${signature}` })).status).toBe(200)
    const [victimPayload, attackerSignature] = [victim.access.split('.')[0], attacker.access.split('.')[1]]
    expect((await logout({ token: `${victimPayload}.${attackerSignature}` })).status).toBe(200)
    expect((await provider.call('GET', 'v1/admin/profile/', { token: victim.access })).status).toBe(200)
    expect((await refresh('admin', victim.refresh)).status).toBe(200)
  })

  test('with neither token it is a 400; a wrong-typed refresh is a 400', async () => {
    const data = expectError(await logout({}), 400, 'Refresh token is required')
    expect(data).toEqual({ refresh: ['Refresh token is required'] })
    expectError(await logout({ body: { refresh: 5 } }), 400)
  })

  test('an access token whose session id names no session is refused; a migrated session refreshes into a working one', async () => {
    const s = await session('customer')
    const [payload] = s.access.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
    expect(typeof claims.sid).toBe('string')
    // Legacy rows got a session id in the migration; their refresh tokens keep working.
    await provider.sql(
      "UPDATE refresh_tokens SET sid = 'legacy-test-' || id::text WHERE sid = ?",
      claims.sid as string,
    )
    expectError(await provider.call('GET', 'v1/auth/profile/', { token: s.access }), 401, INVALID)
    const refreshed = await refresh('customer', s.refresh)
    expect(refreshed.status).toBe(200)
    const access = (refreshed.json.content as { access: string }).access
    expect((await provider.call('GET', 'v1/auth/profile/', { token: access })).status).toBe(200)
  })
})
