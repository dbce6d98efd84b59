import { describe, expect, test } from 'vitest'
import { STANDARD, SUPER } from '../support/fixtures'
import { expectError, login, useTestProvider } from './helpers'

const provider = useTestProvider()

describe('GET v1/admin/profile/', () => {
  test('answers id, email, full_name and roles for each seeded admin', async () => {
    const cases = [
      { ...SUPER, full_name: 'Sam Super', roles: ['Super Admin'] },
      { ...STANDARD, full_name: 'Alex Admin', roles: ['Standard Admin'] },
    ]
    for (const admin of cases) {
      const { access } = await login(provider, 'admin', admin.email, admin.password)
      const res = await provider.call('GET', 'v1/admin/profile/', { token: access })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({
        message: expect.any(String),
        content: {
          id: expect.any(Number),
          email: admin.email,
          full_name: admin.full_name,
          roles: admin.roles,
          mfa_enabled: false,
        },
      })
    }
  })

  test('a doubled slash after the base URL is tolerated ({base}/v1/...)', async () => {
    const { access } = await login(provider, 'admin', SUPER.email, SUPER.password)
    const res = await provider.call('GET', `${provider.url}/v1/admin/profile/`, { token: access })
    expect(res.status).toBe(200)
  })

  test('without or with a bad token it is a 401', async () => {
    expectError(await provider.call('GET', 'v1/admin/profile/'), 401)
    expectError(
      await provider.call('GET', 'v1/admin/profile/', { token: 'x.y' }),
      401,
      'Token is invalid or expired',
    )
  })
})
