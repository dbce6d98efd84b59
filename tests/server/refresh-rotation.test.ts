// A provider that rotates refresh tokens (SimpleJWT's ROTATE_REFRESH_TOKENS with blacklisting):
// each refresh answers a new refresh token and the old one is refused from then on.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createProviderClient, resetRefreshCache } from '~/platform/provider-client.server'
import { getCustomer, getSession } from '~/platform/session.server'
import { cookiesFrom, customer, pageRequest, rawEndpoint, sessionCookie, useStubProvider } from './helpers'
import type { StubRequest } from './stub-provider'

const INVALID = { status: 401, json: { message: 'Token is invalid or expired', data: {} } }

let validAccess = new Set<string>()
let validRefresh = new Set<string>()
let issued = 0

function rotatingProvider(request: StubRequest) {
  if (request.path.endsWith('/token/refresh/')) {
    const refresh = (request.body as { refresh?: string } | undefined)?.refresh
    if (!refresh || !validRefresh.has(refresh)) return INVALID
    validRefresh.delete(refresh)
    issued++
    const access = `access-${issued}`
    const next = `refresh-${issued}`
    validAccess.add(access)
    validRefresh.add(next)
    return { json: { message: 'Token refreshed', content: { access, refresh: next } } }
  }
  const token = request.authorization?.replace(/^Bearer /, '')
  if (!token || !validAccess.has(token)) return INVALID
  return { json: { message: 'OK', content: { seenToken: token } } }
}

const stub = useStubProvider({ handler: rotatingProvider })

beforeEach(() => {
  validAccess = new Set()
  validRefresh = new Set(['refresh-0'])
  issued = 0
  resetRefreshCache()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

async function profileCall(cookie: string) {
  const api = await createProviderClient(pageRequest('/customer/dashboard', cookie))
  const result = await api.call(rawEndpoint<{ seenToken: string }>('GET', 'v1/auth/profile/'))
  return { result, cookie: cookiesFrom(api.headers) }
}

describe('a provider that rotates refresh tokens', () => {
  it('stores the new refresh token, so a second expiry keeps the user signed in', async () => {
    const first = await profileCall(await sessionCookie({ customer: customer({ token: 'expired', refresh_token: 'refresh-0' }) }))
    expect(first.result).toMatchObject({ ok: true, content: { seenToken: 'access-1' } })
    const stored = getCustomer(await getSession(pageRequest('/', first.cookie)))
    expect(stored).toMatchObject({ token: 'access-1', refresh_token: 'refresh-1' })

    // The access token expires again; the rotated refresh token is the only one still accepted.
    validAccess.clear()
    resetRefreshCache()
    const second = await profileCall(first.cookie)
    expect(second.result).toMatchObject({ ok: true, content: { seenToken: 'access-2' } })
    expect(stub.requestsTo('/v1/auth/token/refresh/').map((r) => r.body)).toEqual([
      { refresh: 'refresh-0' },
      { refresh: 'refresh-1' },
    ])
    expect(getCustomer(await getSession(pageRequest('/', second.cookie)))?.refresh_token).toBe('refresh-2')
  })
})
