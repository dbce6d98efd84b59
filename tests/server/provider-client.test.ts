import { beforeEach, describe, expect, it, vi } from 'vitest'
import { API } from '~/../common/contract/endpoints'
import { GENERIC_ERROR } from '~/platform/messages'
import { createProviderClient, resetRefreshCache } from '~/platform/provider-client.server'
import {
  PROVIDER_BAD_RESPONSE_MESSAGE,
  PROVIDER_TIMEOUT_MESSAGE,
  PROVIDER_UNREACHABLE_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
} from '~/platform/provider-errors'
import { getAdmin, getCustomer, getSession } from '~/platform/session.server'
import { getToasts } from '~/platform/toast.server'
import {
  admin,
  cookiesFrom,
  customer,
  location,
  pageRequest,
  rawEndpoint,
  sessionCookie,
  thrownResponse,
  useStubProvider,
} from './helpers'
import { unusedBaseUrl, type StubReply, type StubRequest } from './stub-provider'

// Long enough never to fire by accident on a loaded machine; the timeout test fires it itself.
const TIMEOUT_MS = 5_000
const INVALID = { status: 401, json: { message: 'Token is invalid or expired', data: {} } }

// A small token world: which access and refresh tokens the stub currently accepts.
let validAccess: Set<string>
let validRefresh: Set<string>
/** The refresh answers only once this holds (an event, not a delay): keeps it in flight. */
let refreshWhen: () => boolean = () => true
let issued = 0

function bearerOf(request: StubRequest) {
  return request.authorization?.replace(/^Bearer /, '')
}

function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (condition() ? resolve() : setTimeout(check, 5))
    check()
  })
}

const expiredCallsSeen = () =>
  stub.requestsTo('/v1/auth/profile/').filter((r) => bearerOf(r) === 'expired-access').length

function world(request: StubRequest): StubReply | Promise<StubReply> {
  if (request.path.endsWith('/token/refresh/')) {
    const refresh = (request.body as { refresh?: string } | undefined)?.refresh
    if (!refresh || !validRefresh.has(refresh)) return INVALID
    const access = `fresh-access-${++issued}`
    return until(refreshWhen).then(() => {
      validAccess.add(access)
      return { json: { message: 'Token refreshed', content: { access } } }
    })
  }
  if (request.path.endsWith('/auth/login/')) {
    return { status: 401, json: { message: 'Invalid email or password.', data: {} } }
  }
  const token = bearerOf(request)
  if (!token || !validAccess.has(token)) return INVALID
  return { json: { message: 'OK', content: { seenToken: token } } }
}

const stub = useStubProvider({ handler: world, timeoutMs: TIMEOUT_MS })

beforeEach(() => {
  stub.handle(world)
  validAccess = new Set()
  validRefresh = new Set(['customer-refresh', 'admin-refresh'])
  refreshWhen = () => true
  issued = 0
  resetRefreshCache()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

const expiredCustomer = () => sessionCookie({ customer: customer({ token: 'expired-access' }) })

async function sessionOf(cookie: string) {
  return getSession(pageRequest('/', cookie))
}

describe('token refresh on 401', () => {
  it('shares one refresh among five parallel calls and retries each once', async () => {
    refreshWhen = () => expiredCallsSeen() === 5 // in flight until all five have failed
    const cookie = await expiredCustomer()
    const clients = await Promise.all(
      Array.from({ length: 5 }, () => createProviderClient(pageRequest('/customer/dashboard', cookie))),
    )
    const results = await Promise.all(
      clients.map((api) => api.call(rawEndpoint<{ seenToken: string }>('GET', 'v1/auth/profile/'))),
    )

    expect(stub.requestsTo('/v1/auth/token/refresh/')).toHaveLength(1)
    const profileCalls = stub.requestsTo('/v1/auth/profile/')
    expect(profileCalls.filter((r) => bearerOf(r) === 'expired-access')).toHaveLength(5)
    expect(profileCalls.filter((r) => bearerOf(r) === 'fresh-access-1')).toHaveLength(5)
    for (const result of results)
      expect(result).toMatchObject({ ok: true, content: { seenToken: 'fresh-access-1' } })

    // Each response stores the new token, so the next request does not start with a 401.
    for (const api of clients) {
      expect(getCustomer(await sessionOf(cookiesFrom(api.headers)))?.token).toBe('fresh-access-1')
    }
  })

  it('shares one refresh among parallel calls of one loader too', async () => {
    refreshWhen = () => expiredCallsSeen() === 3
    const api = await createProviderClient(pageRequest('/customer/dashboard', await expiredCustomer()))
    const results = await Promise.all([1, 2, 3].map(() => api.call(rawEndpoint('GET', 'v1/auth/profile/'))))
    expect(results.every((r) => r.ok)).toBe(true)
    expect(stub.requestsTo('/v1/auth/token/refresh/')).toHaveLength(1)
  })

  it('lets a loader that arrives a moment later with the stale cookie reuse the refreshed token', async () => {
    const cookie = await expiredCustomer()
    const first = await createProviderClient(pageRequest('/customer/dashboard', cookie))
    expect((await first.call(rawEndpoint('GET', 'v1/auth/profile/'))).ok).toBe(true)

    const late = await createProviderClient(pageRequest('/customer/profile', cookie))
    expect(await late.call(rawEndpoint('GET', 'v1/auth/profile/'))).toMatchObject({
      ok: true,
      content: { seenToken: 'fresh-access-1' },
    })
    expect(stub.requestsTo('/v1/auth/token/refresh/')).toHaveLength(1)
    expect(cookiesFrom(late.headers)).toMatch(/^__session=/)
  })

  it('refreshes again when the token it shared has since been refused, and signs out when the refresh is too', async () => {
    const first = await createProviderClient(pageRequest('/customer/dashboard', await expiredCustomer()))
    expect((await first.call(rawEndpoint('GET', 'v1/auth/profile/'))).ok).toBe(true)
    const refreshed = cookiesFrom(first.headers)

    validAccess.clear() // the provider expires every access token, the fresh one included
    const next = await createProviderClient(pageRequest('/customer/dashboard', refreshed))
    expect(await next.call(rawEndpoint('GET', 'v1/auth/profile/'))).toMatchObject({ ok: true, content: { seenToken: 'fresh-access-2' } })
    expect(stub.requestsTo('/v1/auth/token/refresh/')).toHaveLength(2)

    validAccess.clear()
    validRefresh.clear() // and now refuses the refresh token as well
    const last = await createProviderClient(pageRequest('/customer/dashboard', cookiesFrom(next.headers)))
    const response = await thrownResponse(last.call(rawEndpoint('GET', 'v1/auth/profile/')))
    expect(location(response)).toMatch(/^\/customer\/signin/)
  })

  it('sends the refresh token to the admin refresh endpoint on admin pages', async () => {
    const cookie = await sessionCookie({ admin: admin({ access_token: 'expired-admin' }) })
    const api = await createProviderClient(pageRequest('/admin/dashboard', cookie))
    expect((await api.call(rawEndpoint('GET', 'v1/admin/profile/'))).ok).toBe(true)
    const [refresh] = stub.requestsTo('/v1/admin/token/refresh/')
    expect(refresh?.body).toEqual({ refresh: 'admin-refresh' })
    expect(stub.requestsTo('/v1/auth/token/refresh/')).toHaveLength(0)
    expect(getAdmin(await sessionOf(cookiesFrom(api.headers)))?.access_token).toBe('fresh-access-1')
  })

  it('retries only once: a second 401 is returned, not refreshed again', async () => {
    stub.handle((request) => (request.path.endsWith('/token/refresh/') ? world(request) : INVALID))
    const api = await createProviderClient(pageRequest('/customer/dashboard', await expiredCustomer()))
    const result = await api.call(rawEndpoint('GET', 'v1/auth/profile/'))
    expect(result).toMatchObject({
      ok: false,
      status: 401,
      kind: 'http',
      message: 'Token is invalid or expired',
    })
    expect(stub.requestsTo('/v1/auth/token/refresh/')).toHaveLength(1)
    expect(stub.requestsTo('/v1/auth/profile/')).toHaveLength(2)
  })

  it('keeps the user signed in and reports the fault when the refresh endpoint is down', async () => {
    stub.handle((request) =>
      request.path.endsWith('/token/refresh/')
        ? { status: 502, text: '<html>Bad Gateway</html>' }
        : world(request),
    )
    const api = await createProviderClient(pageRequest('/customer/dashboard', await expiredCustomer()))
    const result = await api.call(rawEndpoint('GET', 'v1/auth/profile/'))
    expect(result).toMatchObject({
      ok: false,
      kind: 'bad-response',
      message: GENERIC_ERROR,
      hint: PROVIDER_BAD_RESPONSE_MESSAGE,
    })
    expect(api.headers.getSetCookie()).toEqual([])
  })
  it.each([429, 503])(
    'treats a %i from the refresh endpoint as "not now" and keeps the session',
    async (status) => {
      stub.handle((request) =>
        request.path.endsWith('/token/refresh/')
          ? { status, json: { message: 'Please slow down', data: {} } }
          : world(request),
      )
      const api = await createProviderClient(pageRequest('/customer/dashboard', await expiredCustomer()))
      expect(await api.call(rawEndpoint('GET', 'v1/auth/profile/'))).toMatchObject({ ok: false, status, kind: 'http' })
      expect(api.headers.getSetCookie()).toEqual([])
    },
  )
})

describe('refresh rejected', () => {
  it.each([
    {
      portal: 'customer',
      page: '/customer/log-data?week=3',
      path: 'v1/auth/profile/',
      signIn: '/customer/signin?redirectTo=%2Fcustomer%2Flog-data%3Fweek%3D3',
      refreshPath: '/v1/auth/token/refresh/',
    },
    {
      portal: 'admin',
      page: '/admin/patients',
      path: 'v1/admin/profile/',
      signIn: '/admin/signin?redirectTo=%2Fadmin%2Fpatients',
      refreshPath: '/v1/admin/token/refresh/',
    },
  ])(
    '$portal: clears that portal and redirects to its sign-in with a toast',
    async ({ portal, page, path, signIn, refreshPath }) => {
      validRefresh.clear()
      const cookie = await sessionCookie({
        customer: customer({ token: 'expired-access' }),
        admin: admin({ access_token: 'expired-admin' }),
      })
      const api = await createProviderClient(pageRequest(page, cookie))
      const response = await thrownResponse(api.call(rawEndpoint('GET', path)))

      expect(response.status).toBe(302)
      expect(location(response)).toBe(signIn)
      expect(stub.requestsTo(refreshPath)).toHaveLength(1)

      const next = pageRequest(signIn, cookiesFrom(response))
      const session = await getSession(next)
      if (portal === 'admin') {
        expect(getAdmin(session)).toBeUndefined()
        expect(getCustomer(session)).toBeDefined()
      } else {
        expect(getCustomer(session)).toBeUndefined()
        expect(getAdmin(session)).toBeDefined()
      }
      const { toasts } = await getToasts(next)
      expect(toasts).toMatchObject([{ title: SESSION_EXPIRED_MESSAGE, type: 'destructive' }])
    },
  )

  it('treats a bearer call with no session at all as expired', async () => {
    const api = await createProviderClient(pageRequest('/customer/dashboard'))
    const response = await thrownResponse(api.call(rawEndpoint('GET', 'v1/auth/profile/')))
    expect(location(response)).toBe('/customer/signin?redirectTo=%2Fcustomer%2Fdashboard')
    expect(stub.requestsTo('/v1/auth/profile/')[0]?.authorization).toBeUndefined()
    expect(stub.requestsTo('/v1/auth/token/refresh/')).toHaveLength(0)
  })
})

describe('SPEC.md §8: 401 on an auth screen or with token/email in the query', () => {
  it.each([
    ['/customer/verify-email?token=t&email=e%40x.co', '/customer/signin'],
    ['/customer/reset_password?token=t', '/customer/signin'],
    ['/customer/dashboard?email=e%40x.co', '/customer/signin'],
    ['/admin/reset-password?token=t', '/admin/signin'],
    ['/admin/signin', '/admin/signin'],
    ['/admin/patients?token=t', '/admin/signin'],
  ])('%s → everything cleared, %s, no refresh', async (page, signIn) => {
    const cookie = await sessionCookie({
      customer: customer({ token: 'expired-access' }),
      admin: admin({ access_token: 'expired-admin' }),
    })
    const api = await createProviderClient(pageRequest(page, cookie))
    const response = await thrownResponse(api.call(rawEndpoint('GET', 'v1/auth/profile/')))
    expect(location(response)).toBe(signIn)
    expect(stub.requests.filter((r) => r.path.endsWith('/token/refresh/'))).toHaveLength(0)
    const session = await getSession(pageRequest(signIn, cookiesFrom(response)))
    expect(getCustomer(session)).toBeUndefined()
    expect(getAdmin(session)).toBeUndefined()
  })

  it('returns a sign-in 401 (no bearer token) as wrong credentials, touching nothing', async () => {
    const cookie = await sessionCookie({ admin: admin() })
    const api = await createProviderClient(pageRequest('/customer/signin', cookie))
    const result = await api.call(rawEndpoint('POST', 'v1/auth/login/', 'public'), {
      body: { email: 'a@b.co', password: 'x' },
    })
    expect(result).toEqual({
      ok: false,
      status: 401,
      kind: 'http',
      message: 'Invalid email or password.',
      fieldErrors: {},
    })
    expect(api.headers.getSetCookie()).toEqual([])
    expect(stub.requests).toHaveLength(1)
  })
})

describe('which token is sent', () => {
  const both = () =>
    sessionCookie({
      customer: customer({ token: 'customer-token' }),
      admin: admin({ access_token: 'admin-token' }),
    })

  beforeEach(() => {
    validAccess = new Set(['customer-token', 'admin-token'])
  })

  it.each([
    '/customer/dashboard',
    '/customer/profile-setup?step=2',
    '/',
    '/not-authorized',
    '/administrator',
  ])('customer token only, on %s', async (page) => {
    const api = await createProviderClient(pageRequest(page, await both()))
    await api.call(rawEndpoint('GET', 'v1/auth/profile/'))
    await api.call(rawEndpoint('PUT', 'v1/auth/profile/personal/'), { body: { full_name: 'P' } })
    expect(stub.requests.map((r) => r.authorization)).toEqual([
      'Bearer customer-token',
      'Bearer customer-token',
    ])
    expect(api.portal).toBe('customer')
  })

  it.each(['/admin/dashboard', '/admin/patient/7', '/admin', '/admin/users?x=1'])(
    'admin token only, on %s',
    async (page) => {
      const api = await createProviderClient(pageRequest(page, await both()))
      await api.call(rawEndpoint('GET', 'v1/admin/profile/'))
      await api.call(rawEndpoint('GET', 'v1/auth/profile/'))
      expect(stub.requests.map((r) => r.authorization)).toEqual(['Bearer admin-token', 'Bearer admin-token'])
      expect(api.portal).toBe('admin')
    },
  )

  it('no token at all on a public endpoint', async () => {
    const api = await createProviderClient(pageRequest('/admin/signin', await both()))
    await api.call(rawEndpoint('POST', 'v1/admin/login/', 'public'), { body: { email: 'a@b.co', password: 'p' } })
    expect(stub.requests[0]?.authorization).toBeUndefined()
    expect(stub.requests[0]?.headers['content-type']).toBe('application/json')
  })

  it('tells the API when the page request is a poll or a prefetch, and only then', async () => {
    const calls = [
      ['/admin/patient/7?tab=messages&background=1', {}],
      ['/admin/patients', { 'Sec-Purpose': 'prefetch' }],
      ['/admin/patient/7?tab=messages', {}],
    ] as const
    for (const [page, headers] of calls) {
      const api = await createProviderClient(pageRequest(page, await both(), { headers }))
      await api.call(rawEndpoint('GET', 'v1/admin/patients/7/'))
    }
    expect(stub.requests.map((r) => r.headers['x-background'])).toEqual(['1', '1', undefined])
  })

  it('uses a token the action has just stored in api.session', async () => {
    const api = await createProviderClient(pageRequest('/customer/signin'))
    const { setCustomer } = await import('~/platform/session.server')
    setCustomer(api.session, customer({ token: 'customer-token' }))
    expect(await api.call(rawEndpoint('GET', 'v1/auth/profile/'))).toMatchObject({ ok: true })
    expect(stub.requests[0]?.authorization).toBe('Bearer customer-token')
    expect(getCustomer(await sessionOf(cookiesFrom(await api.commit())))?.token).toBe('customer-token')
  })
})

describe('answers and faults', () => {
  async function customerCall(path = 'v1/auth/profile/') {
    validAccess.add('customer-access')
    const api = await createProviderClient(
      pageRequest('/customer/dashboard', await sessionCookie({ customer: customer() })),
    )
    return api.call(rawEndpoint('GET', path))
  }

  it('returns content and message on success', async () => {
    stub.handle(() => ({
      json: { message: 'Profile fetched', content: { profile: { is_onboarded: true } } },
    }))
    expect(await customerCall()).toEqual({
      ok: true,
      status: 200,
      message: 'Profile fetched',
      content: { profile: { is_onboarded: true } },
    })
  })

  it('accepts an empty success body as no content', async () => {
    stub.handle(() => ({ status: 204 }))
    expect(await customerCall()).toEqual({ ok: true, status: 204, message: '', content: null })
  })

  it('turns the error data object into field errors, always arrays', async () => {
    stub.handle(() => ({
      status: 400,
      json: {
        message: 'Invalid input',
        data: {
          full_name: 'Full name is too long',
          city: ['Unknown city', 'Too short'],
          weird: 5,
          empty: [],
        },
      },
    }))
    expect(await customerCall()).toEqual({
      ok: false,
      status: 400,
      kind: 'http',
      message: 'Invalid input',
      fieldErrors: { full_name: ['Full name is too long'], city: ['Unknown city', 'Too short'] },
    })
  })

  it('falls back to the generic message when the error has none', async () => {
    stub.handle(() => ({ status: 500, json: { detail: 'boom' } }))
    expect(await customerCall()).toMatchObject({
      ok: false,
      status: 500,
      kind: 'http',
      message: GENERIC_ERROR,
      fieldErrors: {},
    })
  })

  it('reports a provider that is down', async () => {
    process.env.PROVIDER_API_URL = await unusedBaseUrl()
    expect(await customerCall()).toMatchObject({
      ok: false,
      status: 0,
      kind: 'network',
      message: GENERIC_ERROR,
      hint: PROVIDER_UNREACHABLE_MESSAGE,
    })
  })

  it('reports a host that does not resolve', async () => {
    process.env.PROVIDER_API_URL = 'http://provider.invalid/'
    expect(await customerCall()).toMatchObject({
      ok: false,
      kind: 'network',
      message: GENERIC_ERROR,
      hint: PROVIDER_UNREACHABLE_MESSAGE,
    })
  })

  it.each([
    ['an HTML 502 from a proxy', { status: 502, text: '<html><body><h1>502 Bad Gateway</h1></body></html>' }],
    [
      'malformed JSON',
      { status: 200, text: '{"message": "OK", "content": {', contentType: 'application/json' },
    ],
    ['a JSON array', { status: 200, json: [1, 2, 3] }],
    ['a redirect', { status: 302, json: { message: 'moved' } }],
  ])('reports %s as an unexpected response', async (_label, reply) => {
    stub.handle(() => reply)
    expect(await customerCall()).toMatchObject({
      ok: false,
      kind: 'bad-response',
      message: GENERIC_ERROR,
      hint: PROVIDER_BAD_RESPONSE_MESSAGE,
    })
  })

  it('gives up after the timeout with a friendly message', async () => {
    // No stopwatch: the configured timeout is the one armed, and the call returns a timeout when
    // that timer fires while the provider still holds the answer (it only answers afterwards).
    const timer = new AbortController()
    const armed = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timer.signal)
    let answer = (_reply: StubReply) => {}
    stub.handle(() => new Promise<StubReply>((resolve) => (answer = resolve)))
    try {
      const pending = customerCall()
      await vi.waitFor(() => expect(stub.requests).toHaveLength(1))
      expect(armed).toHaveBeenCalledWith(TIMEOUT_MS)
      timer.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
      expect(await pending).toMatchObject({
        ok: false,
        status: 0,
        kind: 'timeout',
        message: GENERIC_ERROR,
        hint: PROVIDER_TIMEOUT_MESSAGE,
      })
    } finally {
      armed.mockRestore()
      answer({ json: { message: 'late', content: null } })
    }
  })

  it('logs faults without query strings (tokens, e-mails) or bodies', async () => {
    const warn = vi.mocked(console.warn)
    stub.handle(() => ({ status: 502, text: '<html><body>Bad gateway</body></html>' }))
    const api = await createProviderClient(pageRequest('/customer/verify-email?token=t&email=e'))
    await api.call(rawEndpoint('GET', 'v1/auth/verify-email-token/', 'public'), {
      query: { token: 'secret-verify-token', email: 'pat@example.com' },
    })
    expect(stub.requests[0]?.query.get('token')).toBe('secret-verify-token')
    const logged = warn.mock.calls.flat().join(' ')
    expect(logged).toContain('/v1/auth/verify-email-token/')
    expect(logged).not.toContain('secret-verify-token')
    expect(logged).not.toContain('pat@example.com')
  })
})

describe('URLs', () => {
  it('treats paths with and without a leading slash alike, under a base with its own path', async () => {
    process.env.PROVIDER_API_URL = `${stub.url}api/`
    stub.handle(() => ({ json: { message: 'OK', content: null } }))
    const api = await createProviderClient(pageRequest('/admin/dashboard'))
    await api.call(rawEndpoint('GET', '/v1/admin/profile/', 'public'))
    await api.call(rawEndpoint('GET', 'v1/admin/profile/', 'public'))
    expect(stub.requests.map((r) => r.path)).toEqual(['/api/v1/admin/profile/', '/api/v1/admin/profile/'])
  })
})

describe('download (a file answer, passed through unread)', () => {
  const zipWorld = (request: StubRequest): StubReply => {
    if (request.path.endsWith('/token/refresh/')) return world(request) as StubReply
    const token = bearerOf(request)
    if (!token || !validAccess.has(token)) return INVALID
    return { text: 'PK-not-really-a-zip', contentType: 'application/zip' }
  }

  it('hands back the provider Response of a file, after refreshing an expired token', async () => {
    stub.handle(zipWorld)
    const api = await createProviderClient(pageRequest('/customer/your-data.zip', await expiredCustomer()))
    const result = await api.download(API.yourData.recordExport)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.content.headers.get('content-type')).toBe('application/zip')
    expect(await result.content.text()).toBe('PK-not-really-a-zip')
    // The refreshed token goes back in the session cookie of the download's answer.
    expect(api.headers.get('Set-Cookie')).toBeTruthy()
  })

  it("says a provider without the record download does not offer it; a JSON refusal is the provider's sentence", async () => {
    validAccess.add('customer-access')
    const cookie = await sessionCookie({ customer: customer({ token: 'customer-access' }) })
    stub.handle(() => ({ status: 404, json: { message: 'Not found', data: {} } }))
    const absent = await (await createProviderClient(pageRequest('/customer/your-data.zip', cookie))).download(API.yourData.recordExport)
    expect(absent).toMatchObject({ ok: false, kind: 'not-offered', message: "This clinic's health service does not offer downloading your record." })
    stub.handle(() => ({ status: 409, json: { message: 'Your record is being prepared.', data: {} } }))
    const busy = await (await createProviderClient(pageRequest('/customer/your-data.zip', cookie))).download(API.yourData.recordExport)
    expect(busy).toMatchObject({ ok: false, status: 409, message: 'Your record is being prepared.' })
  })
})
