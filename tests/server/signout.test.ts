import { describe, expect, it } from 'vitest'
import { action as adminSignOut, loader as adminSignOutGet } from '~/routes/admin.signout'
import { action as customerSignOut, loader as customerSignOutGet } from '~/routes/customer.signout'
import { requireCustomer } from '~/platform/guards.server'
import { commitSession, getAdmin, getCustomer, getSession, setCustomer } from '~/platform/session.server'
import {
  admin,
  cookiePair,
  cookiesFrom,
  customer,
  location,
  pageRequest,
  sessionCookie,
  useStubProvider,
  useTestEnv,
} from './helpers'

useTestEnv()

const args = (request: Request) => ({ request, params: {}, context: {} })

describe('sign-out', () => {
  it('customer: a POST forgets the customer tokens only and goes to customer sign-in', async () => {
    const cookie = await sessionCookie({ customer: customer(), admin: admin() })
    const response = await customerSignOut(args(pageRequest('/customer/signout', cookie, { method: 'POST' })))
    expect(response.status).toBe(302)
    expect(location(response)).toBe('/customer/signin')
    const session = await getSession(pageRequest('/', cookiesFrom(response)))
    expect(getCustomer(session)).toBeUndefined()
    expect(getAdmin(session)).toBeDefined()
  })

  it('admin: a POST forgets the admin tokens only and goes to admin sign-in', async () => {
    const cookie = await sessionCookie({ customer: customer(), admin: admin() })
    const response = await adminSignOut(args(pageRequest('/admin/signout', cookie, { method: 'POST' })))
    expect(location(response)).toBe('/admin/signin')
    const session = await getSession(pageRequest('/', cookiesFrom(response)))
    expect(getAdmin(session)).toBeUndefined()
    expect(getCustomer(session)).toBeDefined()
  })

  it('a GET signs nobody out, it only redirects to the matching sign-in', () => {
    const customerGet = customerSignOutGet()
    const adminGet = adminSignOutGet()
    expect(location(customerGet)).toBe('/customer/signin')
    expect(location(adminGet)).toBe('/admin/signin')
    expect(customerGet.headers.getSetCookie()).toEqual([])
    expect(adminGet.headers.getSetCookie()).toEqual([])
  })
})

describe('sign-out ends the session in the API too', () => {
  describe('with a provider', () => {
    const stub = useStubProvider({ timeoutMs: 2000 })

    it.each([
      ['customer', customerSignOut, 'customer-access', 'customer-refresh'],
      ['admin', adminSignOut, 'admin-access', 'admin-refresh'],
    ] as const)('%s: sends that portal\'s access and refresh tokens to v1/auth/logout/', async (portal, signOut, access, refresh) => {
      stub.handle(() => ({ json: { message: 'Signed out.', content: null } }))
      const cookie = await sessionCookie({ customer: customer(), admin: admin() })
      const response = await signOut(args(pageRequest(`/${portal}/signout`, cookie, { method: 'POST' })))
      expect(location(response)).toBe(`/${portal}/signin`)
      const calls = stub.requestsTo('/v1/auth/logout/')
      expect(calls).toHaveLength(1)
      expect(calls[0].method).toBe('POST')
      expect(calls[0].authorization).toBe(`Bearer ${access}`)
      expect(calls[0].body).toEqual({ refresh })
      // A refused token is an answer here, never a reason to refresh.
      expect(stub.requests.map((r) => r.path)).toEqual(['/v1/auth/logout/'])
    })

    it.each([
      ['a provider without the endpoint (404)', { status: 404, json: { message: 'Not found', data: {} } }],
      ['a provider that fails (500)', { status: 500, text: '<h1>Server Error</h1>' }],
      ['a refused token (401)', { status: 401, json: { message: 'Token is invalid or expired', data: {} } }],
      ['a provider too slow to answer', { delayMs: 5000, json: {} }],
    ])('with %s the browser is still signed out', async (_label, reply) => {
      stub.handle(() => reply)
      const cookie = await sessionCookie({ customer: customer() })
      const response = await customerSignOut(args(pageRequest('/customer/signout', cookie, { method: 'POST' })))
      expect(location(response)).toBe('/customer/signin')
      expect(getCustomer(await getSession(pageRequest('/', cookiesFrom(response))))).toBeUndefined()
    })

    it('the inactivity sign-out ends the API session too', async () => {
      stub.handle(() => ({ json: { message: 'Signed out.', content: null } }))
      const session = await getSession(pageRequest('/'))
      setCustomer(session, customer(), Date.now() - 31 * 60_000)
      const cookie = cookiePair(await commitSession(session))
      await expect(requireCustomer(pageRequest('/customer/dashboard', cookie))).rejects.toBeInstanceOf(Response)
      const calls = stub.requestsTo('/v1/auth/logout/')
      expect(calls).toHaveLength(1)
      expect(calls[0].authorization).toBe('Bearer customer-access')
      expect(calls[0].body).toEqual({ refresh: 'customer-refresh' })
    })
  })
})
