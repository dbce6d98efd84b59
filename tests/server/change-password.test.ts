import { describe, expect, it } from 'vitest'
import { changePasswordAction } from '~/features/auth/change-password.server'
import { requireAdmin, requireCustomer } from '~/platform/guards.server'
import { getAccessToken, getRefreshToken, getSession } from '~/platform/session.server'
import { admin, APP_ORIGIN, cookiesFrom, customer, location, pageRequest, sessionCookie, useStubProvider } from './helpers'

// Changing the password is a call of the route table (the extension's endpoint of each portal).
// The password has changed once the API says so, whatever its answer holds: fresh tokens keep
// this session signed in; an answer without them still shows the change as saved.

const stub = useStubProvider()
const FORM = { currentPassword: 'Old!passw0rd', newPassword: 'N3w!passw0rd', confirmPassword: 'N3w!passw0rd' }

async function change(portal: 'customer' | 'admin', reply: { status?: number; json: unknown }) {
  stub.handle(() => reply)
  const cookie = await sessionCookie(portal === 'admin' ? { admin: admin() } : { customer: customer() })
  const request = pageRequest(`/${portal}/change-password`, cookie, { method: 'POST', body: new URLSearchParams(FORM) })
  const ctx = portal === 'admin' ? await requireAdmin(request) : await requireCustomer(request)
  return changePasswordAction(ctx, portal)
}

async function sessionAfter(response: unknown) {
  if (!(response instanceof Response)) throw new Error('expected the redirect of a saved password')
  return getSession(new Request(APP_ORIGIN, { headers: { Cookie: cookiesFrom(response) } }))
}

describe('change password', () => {
  it.each([
    ['customer', '/v1/auth/change_password/'],
    ['admin', '/v1/admin/change_password/'],
  ] as const)('%s: sent to %s, and the fresh tokens keep the session signed in', async (portal, path) => {
    const response = await change(portal, { json: { message: 'Password changed.', content: { access_token: 'new-a', refresh_token: 'new-r' } } })
    expect(response).toBeInstanceOf(Response)
    expect(location(response as Response)).toBe(`/${portal}/change-password`)
    const [request] = stub.requests
    expect(request).toMatchObject({ method: 'POST', path, body: { old_password: FORM.currentPassword, new_password: FORM.newPassword, conf_password: FORM.confirmPassword } })
    const session = await sessionAfter(response)
    expect(getAccessToken(session, portal)).toBe('new-a')
    expect(getRefreshToken(session, portal)).toBe('new-r')
  })

  it('an answer without tokens: still saved, and the session keeps the tokens it has', async () => {
    const response = await change('customer', { json: { message: 'Password changed.' } })
    expect(response).toBeInstanceOf(Response)
    expect(location(response as Response)).toBe('/customer/change-password')
    const session = await sessionAfter(response)
    expect(getAccessToken(session, 'customer')).toBe('customer-access')
  })

  it("a refusal is the form's error, not a save", async () => {
    const response = await change('customer', {
      status: 400,
      json: { message: 'Current password is incorrect', data: { old_password: ['Current password is incorrect'] } },
    })
    // The form's reply (data with a status), not the redirect of a save.
    expect(response).not.toBeInstanceOf(Response)
    expect(response).toMatchObject({ init: { status: 400 } })
  })
})
