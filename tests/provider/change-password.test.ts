import { describe, expect, test } from 'vitest'
import { GOOD_PASSWORD, STANDARD } from '../support/fixtures'
import { expectError, login, useTestProvider, verifiedCustomer, withTestProvider } from './helpers'

const provider = useTestProvider()

const NEW_PASSWORD = 'N3w#Password'

describe('POST v1/auth/change_password/ (extension)', () => {
  test('changes the password, keeps this session with fresh tokens and ends the others', async () => {
    const customer = await verifiedCustomer(provider)
    const other = await login(provider, 'customer', customer.email, GOOD_PASSWORD)
    const res = await provider.call('POST', 'v1/auth/change_password/', {
      token: customer.access,
      body: { old_password: GOOD_PASSWORD, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD },
    })
    expect(res.status, res.text).toBe(200)
    const fresh = res.json.content as { access_token: string; refresh_token: string }
    expect(fresh).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) })

    expect((await provider.call('GET', 'v1/auth/profile/', { token: fresh.access_token })).status).toBe(200)
    expect((await provider.call('GET', 'v1/auth/profile/', { token: other.access })).status).toBe(401)
    expect((await provider.call('POST', 'v1/auth/token/refresh/', { body: { refresh: other.refresh } })).status).toBe(401)
    expect((await provider.call('POST', 'v1/auth/token/refresh/', { body: { refresh: fresh.refresh_token } })).status).toBe(200)

    expect((await provider.call('POST', 'v1/auth/login/', { body: { email: customer.email, password: GOOD_PASSWORD } })).status).toBe(401)
    await login(provider, 'customer', customer.email, NEW_PASSWORD)
  })

  test('a wrong current password is a field error and changes nothing', async () => {
    const customer = await verifiedCustomer(provider)
    const res = await provider.call('POST', 'v1/auth/change_password/', {
      token: customer.access,
      body: { old_password: 'Wrong#Pass1', new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD },
    })
    expect(expectError(res, 400, 'Current password is incorrect')).toEqual({ old_password: ['Current password is incorrect'] })
    await login(provider, 'customer', customer.email, GOOD_PASSWORD)
  })

  test.each([
    [{ old_password: GOOD_PASSWORD, new_password: 'short', conf_password: 'short' }, 'new_password'],
    [{ old_password: GOOD_PASSWORD, new_password: NEW_PASSWORD, conf_password: 'Other#Pass1' }, 'conf_password'],
    [{ new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD }, 'old_password'],
    [{ old_password: GOOD_PASSWORD, new_password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD }, 'new_password'],
  ])('refuses %o with an error on %s', async (body, field) => {
    const customer = await verifiedCustomer(provider)
    const res = await provider.call('POST', 'v1/auth/change_password/', { token: customer.access, body })
    expect(expectError(res, 400)[field]).toBeDefined()
  })

  test('needs a customer token: none, or an admin one, is a 401', async () => {
    const admin = await login(provider, 'admin', STANDARD.email, STANDARD.password)
    const body = { old_password: STANDARD.password, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD }
    expect((await provider.call('POST', 'v1/auth/change_password/', { body })).status).toBe(401)
    expect((await provider.call('POST', 'v1/auth/change_password/', { token: admin.access, body })).status).toBe(401)
  })
})

describe('POST v1/admin/change_password/ (extension)', () => {
  test('an admin changes their password; a customer token is refused', async () => {
    await withTestProvider({}, async (fresh) => {
      const admin = await login(fresh, 'admin', STANDARD.email, STANDARD.password)
      const customer = await verifiedCustomer(fresh)
      const body = { old_password: STANDARD.password, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD }
      expect((await fresh.call('POST', 'v1/admin/change_password/', { token: customer.access, body })).status).toBe(401)
      const res = await fresh.call('POST', 'v1/admin/change_password/', { token: admin.access, body })
      expect(res.status, res.text).toBe(200)
      await login(fresh, 'admin', STANDARD.email, NEW_PASSWORD)
    })
  })
})
