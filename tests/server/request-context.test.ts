import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createProviderClient, resetRefreshCache } from '~/platform/provider-client.server'
import type * as SessionModule from '~/platform/session.server'
import { getAdmin, getSession } from '~/platform/session.server'
import { getToasts } from '~/platform/toast.server'
import { MFA_SETUP_FIRST } from '~/../common/contract/auth-values'
import { action as exportCsv } from '~/routes/admin.reports.export'
import { loader as dashboard } from '~/routes/_patient.customer.dashboard'
import { loader as logData } from '~/routes/_patient.customer.log-data'
import { loader as patients } from '~/routes/_portal.admin.patients'
import { action as tourCompleted } from '~/routes/resources.tour-completed'
import { admin, cookiesFrom, customer, location, pageRequest, rawEndpoint, sessionCookie, thrownResponse, useTestEnv } from './helpers'
import { startStubProvider, type StubProvider, type StubRequest } from './stub-provider'

// One request context: a loader's guard runs once, and every helper of the loader shares its
// session and provider client; the client's 403 rule sends every screen to /not-authorized.

// Every guard (and any client built without one) reads the request's session exactly once.
const sessionReads = vi.hoisted(() => ({ count: 0 }))
vi.mock('~/platform/session.server', async (importOriginal) => {
  const original = await importOriginal<typeof SessionModule>()
  return {
    ...original,
    getSession: (request: Request) => {
      sessionReads.count += 1
      return original.getSession(request)
    },
  }
})

let stub: StubProvider
let baseUrl = ''

useTestEnv(() => ({ PROVIDER_API_URL: baseUrl, PROVIDER_TIMEOUT_MS: '2000' }))

beforeAll(async () => {
  stub = await startStubProvider()
  baseUrl = stub.url
})
afterAll(() => stub.close())
beforeEach(() => {
  stub.requests.length = 0
  sessionReads.count = 0
  resetRefreshCache()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

const FORBIDDEN = { status: 403, json: { message: 'You do not have permission to perform this action.', data: {} } }
const DOWN = { status: 503, json: { message: 'Down for maintenance', data: {} } }
const bearerOf = (request: StubRequest) => request.authorization?.replace(/^Bearer /, '')
// Remix's `data()` keeps the body and the response init apart.
type DataResult = { data: Record<string, unknown>; init: { headers?: HeadersInit } | null }
const args = (request: Request) => ({ request, params: {}, context: {} })

describe('one guard per loader', () => {
  it('the dashboard reads the session once, refreshes an expired token once and sets one session cookie', async () => {
    stub.handle((request) => {
      if (request.path.endsWith('/token/refresh/')) return { json: { message: 'ok', content: { access: 'fresh-access' } } }
      return bearerOf(request) === 'fresh-access' ? DOWN : { status: 401, json: { message: 'Token expired', data: {} } }
    })
    const cookie = await sessionCookie({ customer: customer({ token: 'expired-access' }) })
    sessionReads.count = 0

    const answer = (await dashboard(args(pageRequest('/customer/dashboard', cookie)))) as unknown as DataResult

    expect(sessionReads.count).toBe(1)
    // The one call with the old token and again with the new; it failed (not "not offered"), so
    // the three separate calls, with the new token, say which part failed.
    const calls = stub.requests.filter((r) => !r.path.endsWith('/token/refresh/'))
    expect(calls.map((r) => r.path).sort()).toEqual(
      ['/v1/auth/dashboard/', '/v1/auth/dashboard/', '/v1/auth/devices/', '/v1/auth/entries/', '/v1/auth/profile/'],
    )
    expect(calls.slice(2).every((r) => bearerOf(r) === 'fresh-access')).toBe(true)
    expect(stub.requestsTo('/v1/auth/token/refresh/')).toHaveLength(1)
    expect(answer.data).toMatchObject({ error: 'Down for maintenance', summary: null })
    const cookies = new Headers(answer.init?.headers).getSetCookie()
    expect(cookies.filter((c) => c.startsWith('__session='))).toHaveLength(1)
  })

  it('an admin screen reads the session once too', async () => {
    stub.handle(() => ({ json: { message: 'ok', content: { items: [], page: 1, page_size: 20, total: 0, total_pages: 0 } } }))
    const cookie = await sessionCookie({ admin: admin() })
    sessionReads.count = 0
    await patients(args(pageRequest('/admin/patients', cookie)))
    expect(sessionReads.count).toBe(1)
    expect(stub.requests).toHaveLength(1)
  })
})

describe('the 403 rule', () => {
  it('sends a patient screen to /not-authorized (it used to show the refusal as a load error)', async () => {
    stub.handle(() => FORBIDDEN)
    const cookie = await sessionCookie({ customer: customer() })
    const response = await thrownResponse(logData(args(pageRequest('/customer/log-data', cookie))))
    expect(response.status).toBe(302)
    expect(location(response)).toBe('/not-authorized')
  })

  it('sends the admin patients list to /not-authorized', async () => {
    stub.handle(() => FORBIDDEN)
    const cookie = await sessionCookie({ admin: admin() })
    expect(location(await thrownResponse(patients(args(pageRequest('/admin/patients', cookie)))))).toBe('/not-authorized')
  })

  it('carries a refreshed token along with the redirect', async () => {
    stub.handle((request) => {
      if (request.path.endsWith('/token/refresh/')) return { json: { message: 'ok', content: { access: 'fresh-access' } } }
      return bearerOf(request) === 'fresh-access' ? FORBIDDEN : { status: 401, json: { message: 'Token expired', data: {} } }
    })
    const cookie = await sessionCookie({ admin: admin({ access_token: 'expired-access' }) })
    const response = await thrownResponse(patients(args(pageRequest('/admin/patients', cookie))))
    expect(location(response)).toBe('/not-authorized')
    expect(response.headers.getSetCookie().some((c) => c.startsWith('__session='))).toBe(true)
  })

  it('an admin the API holds to two-factor set-up goes to that screen, and the session remembers it', async () => {
    stub.handle(() => ({ status: 403, json: { message: MFA_SETUP_FIRST, data: {} } }))
    const cookie = await sessionCookie({ admin: admin() })
    const response = await thrownResponse(patients(args(pageRequest('/admin/patients', cookie))))
    expect(location(response)).toBe('/admin/two-factor')
    const session = await getSession(pageRequest('/admin/patients', cookiesFrom(response)))
    expect(getAdmin(session)?.mfa_setup_required).toBe(true)
  })

  it('leaves a 403 that is the answer alone: a refused export is a toast on the reports page', async () => {
    stub.handle(() => ({ status: 403, json: { message: 'Only a Super Admin can export identified data.', data: {} } }))
    const cookie = await sessionCookie({ admin: admin() })
    const request = pageRequest('/admin/reports/export', cookie, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ dataset: 'patients', mode: 'deidentified' }).toString(),
    })
    const response = (await exportCsv(args(request))) as Response
    expect(location(response)).toBe('/admin/reports')
    const { toasts } = await getToasts(pageRequest('/admin/reports', cookiesFrom(response)))
    expect(toasts).toMatchObject([{ title: 'Export failed', description: 'Only a Super Admin can export identified data.' }])
  })

  it('leaves the tour alone: SPEC.md §8 only logs its failure', async () => {
    stub.handle(() => FORBIDDEN)
    const cookie = await sessionCookie({ customer: customer() })
    const request = pageRequest('/resources/tour-completed', cookie, { method: 'POST' })
    expect(await ((await tourCompleted(args(request))) as Response).json()).toEqual({ ok: false })
  })

  it('does not apply on an auth screen, nor without a bearer token', async () => {
    stub.handle(() => FORBIDDEN)
    const cookie = await sessionCookie({ customer: customer() })
    const api = await createProviderClient(pageRequest('/customer/signin', cookie))
    expect(await api.call(rawEndpoint('GET', 'v1/auth/profile/'))).toMatchObject({ ok: false, status: 403 })
    const anonymous = await createProviderClient(pageRequest('/customer/dashboard', cookie))
    expect(await anonymous.call(rawEndpoint('POST', 'v1/auth/login/', 'public'), { body: {} })).toMatchObject({ ok: false, status: 403 })
  })
})
