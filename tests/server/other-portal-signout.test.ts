import { beforeEach, describe, expect, it } from 'vitest'
import { action as adminSignIn } from '~/routes/_public.admin.signin'
import { action as customerSignIn, loader as customerSignInPage } from '~/routes/_public.customer.signin'
import { getAdmin, getCustomer, getSession } from '~/platform/session.server'
import { BARIATRIC, DEVICE, MEDICAL, PERSONAL } from '../support/fixtures'
import { admin, cookiesFrom, customer, location, pageRequest, sessionCookie, useStubProvider } from './helpers'

// Signing in to one portal (or opening its sign-in) drops the other portal's session; that
// session is ended in the API too (v1/auth/logout/), as sign-out ends it, not only forgotten.

const args = (request: Request) => ({ request, params: {}, context: {} })

/** A whole GET v1/auth/profile/ answer: the app checks it against the contract. */
const ONBOARDED_PROFILE = {
  profile: { id: 7, email: 'pat@example.com', is_onboarded: true, profile_completed: true, medical_completed: true, bariatric_completed: true, has_seen_tour: true },
  personal: { ...PERSONAL, full_name: 'Pat', email: 'pat@example.com' },
  medical_history: MEDICAL,
  bariatric_surgery: BARIATRIC,
  device_information: DEVICE,
  preferences: { height_unit: 'cm', weight_unit: 'kg' },
}

function form(path: string, cookie: string, fields: Record<string, string>) {
  return pageRequest(path, cookie, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

describe('signing in to the other portal', () => {
  const stub = useStubProvider({ timeoutMs: 10_000 })
  beforeEach(() => {
    stub.handle((request) => {
      if (request.path === '/v1/auth/login/') return { json: { message: 'ok', content: { access_token: 'new-customer-access', refresh_token: 'new-customer-refresh' } } }
      if (request.path === '/v1/auth/profile/') {
        return { json: { message: 'ok', content: ONBOARDED_PROFILE } }
      }
      if (request.path === '/v1/admin/login/') {
        return {
          json: {
            message: 'ok',
            content: { access_token: 'new-admin-access', refresh_token: 'new-admin-refresh', user: { id: 1, email: 'a@b.co', full_name: 'A', roles: ['Standard Admin'] } },
          },
        }
      }
      if (request.path === '/v1/auth/logout/') return { json: { message: 'Signed out.', content: null } }
      return { status: 404, json: { message: 'Not scripted', data: {} } }
    })
  })

  it('customer sign-in ends the admin session in the API before dropping it', async () => {
    const cookie = await sessionCookie({ admin: admin() })
    const response = await customerSignIn(args(form('/customer/signin', cookie, { email: 'pat@example.com', password: 'Patient#123' })))
    expect(location(response as Response)).toBe('/customer/dashboard')
    const calls = stub.requestsTo('/v1/auth/logout/')
    expect(calls).toHaveLength(1)
    expect(calls[0].authorization).toBe('Bearer admin-access')
    expect(calls[0].body).toEqual({ refresh: 'admin-refresh' })
    const session = await getSession(pageRequest('/', cookiesFrom(response as Response)))
    expect(getAdmin(session)).toBeUndefined()
    expect(getCustomer(session)?.token).toBe('new-customer-access')
  })

  it('admin sign-in ends the customer session in the API before dropping it', async () => {
    const cookie = await sessionCookie({ customer: customer() })
    const response = await adminSignIn(args(form('/admin/signin', cookie, { email: 'a@b.co', password: 'Admin#1234' })))
    expect(location(response as Response)).toBe('/admin/dashboard')
    const calls = stub.requestsTo('/v1/auth/logout/')
    expect(calls).toHaveLength(1)
    expect(calls[0].authorization).toBe('Bearer customer-access')
    expect(calls[0].body).toEqual({ refresh: 'customer-refresh' })
    const session = await getSession(pageRequest('/', cookiesFrom(response as Response)))
    expect(getCustomer(session)).toBeUndefined()
    expect(getAdmin(session)?.access_token).toBe('new-admin-access')
  })

  it('opening the customer sign-in page (which forgets the admin session) ends it in the API too', async () => {
    const cookie = await sessionCookie({ admin: admin() })
    const answer = await customerSignInPage(args(pageRequest('/customer/signin', cookie)))
    const headers = new Headers(answer.init?.headers)
    expect(getAdmin(await getSession(pageRequest('/', cookiesFrom(headers))))).toBeUndefined()
    const calls = stub.requestsTo('/v1/auth/logout/')
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer admin-access'])
  })

  it('a signed-in visitor of neither portal causes no logout call', async () => {
    const response = await customerSignIn(args(form('/customer/signin', '', { email: 'pat@example.com', password: 'Patient#123' })))
    expect(location(response as Response)).toBe('/customer/dashboard')
    expect(stub.requestsTo('/v1/auth/logout/')).toEqual([])
  })
})
