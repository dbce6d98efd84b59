import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { setTokenClock } from '../../provider/tokens'
import { STANDARD, SUPER } from '../support/fixtures'
import {
  expectError,
  login,
  startTestProvider,
  useTestProvider,
  verifiedCustomer,
  withTestProvider,
} from './helpers'

const provider = useTestProvider()

const INVALID = 'Token is invalid or expired'

/** The provider's token clock, stopped at a fixed instant and moved only by the test. */
function frozenClock() {
  let now = Date.parse('2026-11-20T12:00:00Z')
  setTokenClock(() => now)
  return { advance: (ms: number) => void (now += ms) }
}

describe('access tokens', () => {
  test('a request without a bearer token is a 401', async () => {
    expectError(await provider.call('GET', 'v1/auth/profile/'), 401)
    expectError(await provider.call('GET', 'v1/admin/profile/'), 401)
    const basic = await provider.call('GET', 'v1/auth/profile/', { headers: { Authorization: 'Basic abc' } })
    expectError(basic, 401)
  })

  test.each([
    ['garbage', 'not-a-token'],
    ['three parts', 'a.b.c'],
    ['empty signature', 'eyJzdWIiOjF9.'],
    ['unicode', 'ü.ö'],
  ])('a malformed token (%s) is a 401', async (_label, token) => {
    expectError(await provider.call('GET', 'v1/auth/profile/', { token }), 401, INVALID)
  })

  test('a forged token (payload changed, signature kept) is a 401', async () => {
    const customer = await verifiedCustomer(provider)
    const [payload, signature] = customer.access.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 1, exp: Date.now() + 1e9 })).toString(
      'base64url',
    )
    expectError(
      await provider.call('GET', 'v1/auth/profile/', { token: `${forgedPayload}.${signature}` }),
      401,
      INVALID,
    )
    const adminClaims = Buffer.from(JSON.stringify({ ...claims, portal: 'admin' })).toString('base64url')
    expectError(
      await provider.call('GET', 'v1/admin/profile/', { token: `${adminClaims}.${signature}` }),
      401,
      INVALID,
    )
  })

  test('a token signed by another database (another secret) is a 401', async () => {
    await withTestProvider({}, async (other) => {
      const foreign = await login(other, 'admin', SUPER.email, SUPER.password)
      expectError(await provider.call('GET', 'v1/admin/profile/', { token: foreign.access }), 401, INVALID)
    })
  })

  test('customer tokens are refused on admin endpoints and admin tokens on customer endpoints', async () => {
    const customer = await verifiedCustomer(provider)
    const admin = await login(provider, 'admin', STANDARD.email, STANDARD.password)
    expectError(await provider.call('GET', 'v1/admin/profile/', { token: customer.access }), 401, INVALID)
    expectError(await provider.call('GET', 'v1/auth/profile/', { token: admin.access }), 401, INVALID)
    expectError(await provider.call('POST', 'v1/auth/tour-completed/', { token: admin.access }), 401, INVALID)
    expectError(
      await provider.call('PUT', 'v1/auth/profile/device/', { token: admin.access, body: {} }),
      401,
      INVALID,
    )
    expect((await provider.call('GET', 'v1/auth/profile/', { token: customer.access })).status).toBe(200)
    expect((await provider.call('GET', 'v1/admin/profile/', { token: admin.access })).status).toBe(200)
  })

  test('__dev/expire-access-tokens/ expires every access token issued so far; refresh still works', async () => {
    const customer = await verifiedCustomer(provider)
    const expire = await provider.call('POST', '__dev/expire-access-tokens/')
    expect(expire.status).toBe(200)
    expectError(await provider.call('GET', 'v1/auth/profile/', { token: customer.access }), 401, INVALID)
    const refreshed = await provider.call('POST', 'v1/auth/token/refresh/', {
      body: { refresh: customer.refresh },
    })
    const access = (refreshed.json.content as { access: string }).access
    expect((await provider.call('GET', 'v1/auth/profile/', { token: access })).status).toBe(200)
  })
})

describe('token lifetimes', () => {
  test('an access token expires after its TTL (1 s) and the refresh token still gives a new one', async () => {
    const clock = frozenClock()
    const shortLived = await startTestProvider({ accessTokenTtlSeconds: 1 })
    try {
      const customer = await verifiedCustomer(shortLived)
      clock.advance(999)
      expect((await shortLived.call('GET', 'v1/auth/profile/', { token: customer.access })).status).toBe(200)
      clock.advance(1)
      expectError(await shortLived.call('GET', 'v1/auth/profile/', { token: customer.access }), 401, INVALID)

      const refreshed = await shortLived.call('POST', 'v1/auth/token/refresh/', {
        body: { refresh: customer.refresh },
      })
      expect(refreshed.status).toBe(200)
      const access = (refreshed.json.content as { access: string }).access
      expect((await shortLived.call('GET', 'v1/auth/profile/', { token: access })).status).toBe(200)
      clock.advance(1000)
      expectError(await shortLived.call('GET', 'v1/auth/profile/', { token: access }), 401, INVALID)
    } finally {
      setTokenClock()
      await shortLived.close()
    }
  })

  test('a refresh token expires after its TTL (1 s)', async () => {
    const clock = frozenClock()
    const shortLived = await startTestProvider({ refreshTokenTtlSeconds: 1 })
    try {
      const admin = await login(shortLived, 'admin', SUPER.email, SUPER.password)
      clock.advance(999)
      const refresh = () => shortLived.call('POST', 'v1/admin/token/refresh/', { body: { refresh: admin.refresh } })
      expect((await refresh()).status).toBe(200)
      clock.advance(1)
      expectError(await refresh(), 401, INVALID)
    } finally {
      setTokenClock()
      await shortLived.close()
    }
  })

  test('tokens survive a restart on the same data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'baricare-provider-restart-'))
    try {
      const first = await startTestProvider({ dataDir })
      const customer = await verifiedCustomer(first)
      await first.close()

      await withTestProvider({ dataDir }, async (second) => {
        expect((await second.call('GET', 'v1/auth/profile/', { token: customer.access })).status).toBe(200)
        const refreshed = await second.call('POST', 'v1/auth/token/refresh/', {
          body: { refresh: customer.refresh },
        })
        expect(refreshed.status).toBe(200)
      })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('POST v1/auth/token/refresh/ and v1/admin/token/refresh/', () => {
  test('each answers content.access for its own portal', async () => {
    const customer = await verifiedCustomer(provider)
    const admin = await login(provider, 'admin', SUPER.email, SUPER.password)

    const c = await provider.call('POST', 'v1/auth/token/refresh/', { body: { refresh: customer.refresh } })
    expect(c.status).toBe(200)
    expect(c.json.content).toEqual({ access: expect.any(String) })
    const a = await provider.call('POST', 'v1/admin/token/refresh/', { body: { refresh: admin.refresh } })
    expect(a.status).toBe(200)
    const access = (a.json.content as { access: string }).access
    const profile = await provider.call('GET', 'v1/admin/profile/', { token: access })
    expect(profile.json.content).toMatchObject({ email: SUPER.email, roles: ['Super Admin'] })
  })

  test('a refresh token of the other portal is a 401', async () => {
    const customer = await verifiedCustomer(provider)
    const admin = await login(provider, 'admin', SUPER.email, SUPER.password)
    expectError(
      await provider.call('POST', 'v1/admin/token/refresh/', { body: { refresh: customer.refresh } }),
      401,
      INVALID,
    )
    expectError(
      await provider.call('POST', 'v1/auth/token/refresh/', { body: { refresh: admin.refresh } }),
      401,
      INVALID,
    )
  })

  test('an unknown refresh token, or an access token used as one, is a 401', async () => {
    const customer = await verifiedCustomer(provider)
    expectError(
      await provider.call('POST', 'v1/auth/token/refresh/', { body: { refresh: 'bogus' } }),
      401,
      INVALID,
    )
    expectError(
      await provider.call('POST', 'v1/auth/token/refresh/', { body: { refresh: customer.access } }),
      401,
      INVALID,
    )
  })

  test('a missing or wrong-typed refresh field is a 400', async () => {
    let data = expectError(await provider.call('POST', 'v1/auth/token/refresh/', { body: {} }), 400)
    expect(data.refresh).toEqual(['Refresh token is required'])
    data = expectError(
      await provider.call('POST', 'v1/admin/token/refresh/', { body: { refresh: 123 } }),
      400,
    )
    expect(data.refresh).toEqual(['Refresh token must be text'])
  })
})
