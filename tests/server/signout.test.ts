import { describe, expect, it } from 'vitest'
import { action as adminSignOut, loader as adminSignOutGet } from '~/routes/admin.signout'
import { action as customerSignOut, loader as customerSignOutGet } from '~/routes/customer.signout'
import { getAdmin, getCustomer, getSession } from '~/lib/session.server'
import { admin, cookiesFrom, customer, location, pageRequest, sessionCookie, useTestEnv } from './helpers'

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
