import { generate } from 'otplib'
import { describe, expect, test } from 'vitest'
import { GOOD_PASSWORD, STANDARD, SUPER } from '../support/fixtures'
import { expectError, lastMailTo, uniqueEmail, useTestProvider, verifiedCustomer, withTestProvider, type TestProvider } from './helpers'

// The API enforces ADMIN_MFA itself: whoever reaches it directly (it runs as its own process in
// production) with an admin's password alone gets a session that can do nothing but set up the
// second factor, until that admin has one.

const SETUP_FIRST = 'Set up two-factor authentication to continue.'

type Session = { access: string; refresh: string }

const codeNow = (secret: string) => generate({ secret })

async function adminLogin(provider: TestProvider, admin: { email: string; password: string }) {
  const res = await provider.call('POST', 'v1/admin/login/', { body: admin })
  expect(res.status, res.text).toBe(200)
  const content = res.json.content as { access_token: string; refresh_token: string; mfa_setup_required?: boolean }
  return { access: content.access_token, refresh: content.refresh_token, setupRequired: content.mfa_setup_required }
}

async function enroll(provider: TestProvider, session: Session): Promise<string> {
  const setup = await provider.call('POST', 'v1/admin/mfa/setup/', { token: session.access })
  expect(setup.status, setup.text).toBe(200)
  const { secret } = setup.json.content as { secret: string }
  const confirm = await provider.call('POST', 'v1/admin/mfa/confirm/', { token: session.access, body: { code: await codeNow(secret) } })
  expect(confirm.status, confirm.text).toBe(200)
  return secret
}

async function invite(provider: TestProvider, superToken: string, role: string) {
  const email = uniqueEmail('enforced')
  const invited = await provider.call('POST', 'v1/admin/admins/invite/', { token: superToken, body: { email, full_name: 'Ena Forced', role } })
  expect(invited.status, invited.text).toBe(201)
  const link = new URL((await lastMailTo(provider, email))!.links[0])
  const reset = await provider.call('POST', 'v1/auth/reset_password/submit/', {
    body: { token: link.searchParams.get('token'), new_password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD },
  })
  expect(reset.status, reset.text).toBe(200)
  return { id: (invited.json.content as { id: number }).id, email, password: GOOD_PASSWORD }
}

/** What a restricted session may still do, and what it may not. */
async function expectRestricted(provider: TestProvider, session: Session, otherAdminId: number) {
  for (const [method, path] of [
    ['GET', 'v1/admin/exports/patients/?mode=identified'],
    ['POST', `v1/admin/admins/${otherAdminId}/mfa/reset/`],
    ['GET', 'v1/admin/admins/'],
    ['GET', 'v1/admin/patients/'],
    ['GET', 'v1/admin/messages/'],
    ['GET', 'v1/admin/audit-events/'],
  ] as const) {
    expectError(await provider.call(method, path, { token: session.access }), 403, SETUP_FIRST)
  }
  expectError(
    await provider.call('POST', 'v1/admin/change_password/', {
      token: session.access,
      body: { old_password: 'x', new_password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD },
    }),
    403,
    SETUP_FIRST,
  )
  expect((await provider.call('GET', 'v1/admin/profile/', { token: session.access })).status).toBe(200)
  expect((await provider.call('GET', 'v1/admin/mfa/', { token: session.access })).status).toBe(200)
  const refreshed = await provider.call('POST', 'v1/admin/token/refresh/', { body: { refresh: session.refresh } })
  expect(refreshed.status).toBe(200)
  // A refreshed token is no wider.
  const access = (refreshed.json.content as { access: string }).access
  expectError(await provider.call('GET', 'v1/admin/exports/patients/?mode=identified', { token: access }), 403, SETUP_FIRST)
}

describe('ADMIN_MFA "super" (the default): a Super Admin without a second factor', () => {
  const provider = useTestProvider({ adminMfa: 'super' })

  test('gets a session that reaches only the enrollment endpoints; once enrolled, the same session is whole', async () => {
    const standard = await adminLogin(provider, STANDARD)
    const first = await adminLogin(provider, SUPER)
    const standardId = ((await provider.call('GET', 'v1/admin/profile/', { token: standard.access })).json.content as { id: number }).id
    await expectRestricted(provider, first, standardId)
    // The answer says so, for the app to lead the admin to the set-up screen.
    expect(first.setupRequired).toBe(true)
    // Standard Admins are not required to under "super".
    expect(standard.setupRequired).toBe(false)
    expect((await provider.call('GET', 'v1/admin/patients/', { token: standard.access })).status).toBe(200)

    await enroll(provider, first)
    const exported = await provider.call('GET', 'v1/admin/exports/patients/?mode=identified', { token: first.access })
    expect(exported.status, exported.text).toBe(200)

    // The probe's attack: an unenrolled Super Admin resetting an enrolled Super Admin's factor.
    const other = await invite(provider, first.access, 'Super Admin')
    const otherSession = await adminLogin(provider, other)
    expect(otherSession.setupRequired).toBe(true)
    const superId = ((await provider.call('GET', 'v1/admin/profile/', { token: first.access })).json.content as { id: number }).id
    await expectRestricted(provider, otherSession, superId)
    const status = await provider.call('GET', 'v1/admin/mfa/', { token: first.access })
    expect((status.json.content as { enabled: boolean }).enabled).toBe(true)

    // A Standard Admin promoted to Super Admin is held to the rule from then on.
    const promoted = await invite(provider, first.access, 'Standard Admin')
    const promotedSession = await adminLogin(provider, promoted)
    expect((await provider.call('GET', 'v1/admin/patients/', { token: promotedSession.access })).status).toBe(200)
    const role = await provider.call('PUT', `v1/admin/admins/${promoted.id}/role/`, { token: first.access, body: { role: 'Super Admin' } })
    expect(role.status, role.text).toBe(200)
    const asSuper = await adminLogin(provider, promoted)
    expect(asSuper.setupRequired).toBe(true)
    expectError(await provider.call('GET', 'v1/admin/patients/', { token: asSuper.access }), 403, SETUP_FIRST)
  }, 60_000)

  test('GET healthz names the setting, so the app can check that it agrees', async () => {
    const res = await provider.call('GET', 'healthz')
    expect((res.json.content as { admin_mfa?: string }).admin_mfa).toBe('super')
  })
})

describe('ADMIN_MFA "required": every admin', () => {
  test('a Standard Admin without a second factor is restricted too; patients are untouched', async () => {
    await withTestProvider({ adminMfa: 'required' }, async (provider) => {
      const standard = await adminLogin(provider, STANDARD)
      expect(standard.setupRequired).toBe(true)
      expectError(await provider.call('GET', 'v1/admin/patients/', { token: standard.access }), 403, SETUP_FIRST)
      const customer = await verifiedCustomer(provider)
      expect((await provider.call('GET', 'v1/auth/profile/', { token: customer.access })).status).toBe(200)
    })
  }, 60_000)
})

describe('ADMIN_MFA "off" (development and the test suites)', () => {
  const provider = useTestProvider({ adminMfa: 'off' })
  test('nobody is restricted', async () => {
    const session = await adminLogin(provider, SUPER)
    expect(session.setupRequired).toBe(false)
    expect((await provider.call('GET', 'v1/admin/exports/patients/?mode=identified', { token: session.access })).status).toBe(200)
  })
})
