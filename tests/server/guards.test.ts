import { describe, expect, it } from 'vitest'
import {
  requireAdmin,
  requireAnonymousAdmin,
  requireAnonymousCustomer,
  requireCustomer,
  requireNotOnboardedCustomer,
  requireOnboardedCustomer,
} from '~/platform/guards.server'
import { getAdmin, getCustomer } from '~/platform/session.server'
import { admin, customer, location, pageRequest, sessionCookie, thrownResponse, useTestEnv } from './helpers'

useTestEnv()

const onboarded = () => sessionCookie({ customer: customer({ is_onboarded: true }) })
const notOnboarded = () => sessionCookie({ customer: customer({ is_onboarded: false }) })
const withAdmin = (roles: string[]) =>
  sessionCookie({ admin: admin({ roles, user: { id: 1, email: 'a@b.co', full_name: 'A', roles } }) })

async function redirectOf(promise: Promise<unknown>) {
  const response = await thrownResponse(promise)
  expect(response.status).toBe(302)
  return location(response)
}

describe('requireAnonymousCustomer', () => {
  it('sends a signed-in customer to the dashboard', async () => {
    expect(
      await redirectOf(requireAnonymousCustomer(pageRequest('/customer/signin', await onboarded()))),
    ).toBe('/customer/dashboard')
  })

  it('lets a visitor, or an admin only, through', async () => {
    const visitor = await requireAnonymousCustomer(pageRequest('/customer/signin'))
    expect(getCustomer(visitor.session)).toBeUndefined()
    expect(getAdmin(visitor.session)).toBeUndefined()
    const adminOnly = await sessionCookie({ admin: admin() })
    // Through with the admin's half of the session intact (the customer sign-in must not drop it).
    const { session } = await requireAnonymousCustomer(pageRequest('/customer/signin', adminOnly))
    expect(getAdmin(session)).toEqual(admin())
    expect(getCustomer(session)).toBeUndefined()
  })
})

describe('requireCustomer', () => {
  it('sends a visitor to sign-in with the page (and its query) to come back to', async () => {
    const to = await redirectOf(requireCustomer(pageRequest('/customer/health-trends?range=30d')))
    expect(to).toBe('/customer/signin?redirectTo=%2Fcustomer%2Fhealth-trends%3Frange%3D30d')
  })

  it("drops Remix's own _routes parameter from the way back", async () => {
    const to = await redirectOf(
      requireCustomer(pageRequest('/customer/profile?_routes=routes%2Fcustomer.profile')),
    )
    expect(to).toBe('/customer/signin?redirectTo=%2Fcustomer%2Fprofile')
  })

  it('does not count an admin token as a customer', async () => {
    const to = await redirectOf(
      requireCustomer(pageRequest('/customer/dashboard', await sessionCookie({ admin: admin() }))),
    )
    expect(to).toBe('/customer/signin?redirectTo=%2Fcustomer%2Fdashboard')
  })

  it('returns the session and the customer', async () => {
    const result = await requireCustomer(pageRequest('/customer/profile', await notOnboarded()))
    expect(result.customer).toEqual(customer({ is_onboarded: false }))
    expect(result.session).toBeDefined()
  })
})

describe('requireOnboardedCustomer', () => {
  it('sends a visitor to sign-in', async () => {
    expect(await redirectOf(requireOnboardedCustomer(pageRequest('/customer/dashboard')))).toBe(
      '/customer/signin?redirectTo=%2Fcustomer%2Fdashboard',
    )
  })

  it('sends a customer who has not finished onboarding to profile setup', async () => {
    expect(
      await redirectOf(requireOnboardedCustomer(pageRequest('/customer/dashboard', await notOnboarded()))),
    ).toBe('/customer/profile-setup')
  })

  it('lets an onboarded customer through', async () => {
    const { customer: found } = await requireOnboardedCustomer(
      pageRequest('/customer/dashboard', await onboarded()),
    )
    expect(found.is_onboarded).toBe(true)
  })
})

describe('requireNotOnboardedCustomer', () => {
  it('sends a visitor to sign-in', async () => {
    expect(await redirectOf(requireNotOnboardedCustomer(pageRequest('/customer/profile-setup?step=2')))).toBe(
      '/customer/signin?redirectTo=%2Fcustomer%2Fprofile-setup%3Fstep%3D2',
    )
  })

  it('sends an onboarded customer to the dashboard', async () => {
    expect(
      await redirectOf(
        requireNotOnboardedCustomer(pageRequest('/customer/profile-setup', await onboarded())),
      ),
    ).toBe('/customer/dashboard')
  })

  it('lets a customer in the middle of onboarding through', async () => {
    const result = await requireNotOnboardedCustomer(pageRequest('/customer/profile-setup', await notOnboarded()))
    expect(result.customer).toEqual(customer({ is_onboarded: false }))
    expect(getCustomer(result.session)).toEqual(customer({ is_onboarded: false }))
  })
})

describe('requireAnonymousAdmin', () => {
  it('sends a signed-in admin to the admin dashboard', async () => {
    expect(
      await redirectOf(
        requireAnonymousAdmin(pageRequest('/admin/signin', await withAdmin(['Standard Admin']))),
      ),
    ).toBe('/admin/dashboard')
  })

  it('lets a visitor, or a customer only, through', async () => {
    const visitor = await requireAnonymousAdmin(pageRequest('/admin/signin'))
    expect(getAdmin(visitor.session)).toBeUndefined()
    expect(getCustomer(visitor.session)).toBeUndefined()
    const { session } = await requireAnonymousAdmin(pageRequest('/admin/signin', await onboarded()))
    expect(getCustomer(session)).toEqual(customer({ is_onboarded: true }))
    expect(getAdmin(session)).toBeUndefined()
  })
})

describe('requireAdmin', () => {
  it('sends a visitor (or a customer) to admin sign-in with the way back', async () => {
    expect(await redirectOf(requireAdmin(pageRequest('/admin/patients?page=2')))).toBe(
      '/admin/signin?redirectTo=%2Fadmin%2Fpatients%3Fpage%3D2',
    )
    expect(await redirectOf(requireAdmin(pageRequest('/admin/dashboard', await onboarded())))).toBe(
      '/admin/signin?redirectTo=%2Fadmin%2Fdashboard',
    )
  })

  it.each([['Standard Admin'], ['Super Admin']])(
    'lets a %s in to the default (both roles) pages',
    async (role) => {
      const result = await requireAdmin(pageRequest('/admin/dashboard', await withAdmin([role])))
      expect(result.role).toBe(role)
    },
  )

  it('sends an admin with no known role to /not-authorized', async () => {
    expect(
      await redirectOf(requireAdmin(pageRequest('/admin/dashboard', await withAdmin(['Auditor'])))),
    ).toBe('/not-authorized')
    expect(await redirectOf(requireAdmin(pageRequest('/admin/dashboard', await withAdmin([]))))).toBe(
      '/not-authorized',
    )
  })

  it('keeps a Standard Admin out of a Super Admin page', async () => {
    const request = pageRequest('/admin/users', await withAdmin(['Standard Admin']))
    expect(await redirectOf(requireAdmin(request, { roles: ['Super Admin'] }))).toBe('/not-authorized')
  })

  it('lets a Super Admin (checked first) into a Super Admin page', async () => {
    const request = pageRequest('/admin/users', await withAdmin(['Standard Admin', 'Super Admin']))
    const result = await requireAdmin(request, { roles: ['Super Admin'] })
    expect(result.role).toBe('Super Admin')
    expect(result.admin.access_token).toBe('admin-access')
  })
})
