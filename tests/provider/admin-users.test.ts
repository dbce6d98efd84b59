import { beforeAll, describe, expect, test } from 'vitest'
import { GOOD_PASSWORD, STANDARD, SUPER } from '../support/fixtures'
import {
  adminToken,
  APP_URL,
  expectError,
  lastMailTo,
  login,
  uniqueEmail,
  useTestProvider,
  verifiedCustomer,
  withTestProvider,
} from './helpers'

const provider = useTestProvider()
let superToken: string
let standardToken: string
beforeAll(async () => {
  superToken = await adminToken(provider, SUPER)
  standardToken = await adminToken(provider, STANDARD)
})

type Admin = { id: number; email: string; full_name: string; role: string; status: string; invited_by_email: string | null; last_sign_in_at: string | null }
type AuditPage = { events: { action: string; actor_email: string; actor_account_id: number | null; target_account_id: number | null; target_email: string | null; details: Record<string, unknown> }[]; total: number; page: number; pages: number }

async function invite(body: object, token = superToken) {
  return provider.call('POST', 'v1/admin/admins/invite/', { token, body })
}

/** Invites an admin, follows the e-mailed link to create a password, signs in. */
async function invitedAdmin(role = 'Standard Admin', email = uniqueEmail('admin')) {
  const res = await invite({ email, full_name: 'Ivy Invited', role })
  expect(res.status, res.text).toBe(201)
  const mail = await lastMailTo(provider, email)
  const link = new URL(mail!.links[0])
  const reset = await provider.call('POST', 'v1/auth/reset_password/submit/', {
    body: { token: link.searchParams.get('token'), new_password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD },
  })
  expect(reset.status, reset.text).toBe(200)
  const tokens = await login(provider, 'admin', email, GOOD_PASSWORD)
  return { id: (res.json.content as Admin).id, email, ...tokens }
}

async function audit(query: string): Promise<AuditPage> {
  const res = await provider.call('GET', `v1/admin/audit-events/?${query}`, { token: superToken })
  expect(res.status, res.text).toBe(200)
  return res.json.content as AuditPage
}

describe('GET v1/admin/admins/ (extension)', () => {
  test('lists every admin with role and status for a Super Admin, never password hashes', async () => {
    const res = await provider.call('GET', 'v1/admin/admins/', { token: superToken })
    expect(res.status, res.text).toBe(200)
    const admins = res.json.content as Admin[]
    expect(admins.map((a) => [a.email, a.role, a.status])).toEqual(
      expect.arrayContaining([
        [SUPER.email, 'Super Admin', 'active'],
        [STANDARD.email, 'Standard Admin', 'active'],
      ]),
    )
    expect(admins.find((a) => a.email === SUPER.email)?.last_sign_in_at).toEqual(expect.any(String))
    expect(res.text).not.toMatch(/password|scrypt/i)
  })

  test('is refused to a Standard Admin (403), a customer token and no token (401)', async () => {
    expectError(await provider.call('GET', 'v1/admin/admins/', { token: standardToken }), 403, 'You do not have permission to perform this action.')
    const customer = await verifiedCustomer(provider)
    expectError(await provider.call('GET', 'v1/admin/admins/', { token: customer.access }), 401)
    expectError(await provider.call('GET', 'v1/admin/admins/'), 401)
  })
})

describe('POST v1/admin/admins/invite/ (extension)', () => {
  test('creates an invited admin and mails a create-password link to the admin reset screen', async () => {
    const email = uniqueEmail('invitee')
    const res = await invite({ email: `  ${email.toUpperCase()} `, full_name: ' Ivy Invited ', role: 'Standard Admin' })
    expect(res.status, res.text).toBe(201)
    expect(res.json.message).toBe('Invitation sent.')
    expect(res.json.content).toMatchObject({ email, full_name: 'Ivy Invited', role: 'Standard Admin', status: 'invited', invited_by_email: SUPER.email })
    const mail = await lastMailTo(provider, email)
    expect(mail?.subject).toBe("You're invited to the BariCare Admin Portal")
    const link = new URL(mail!.links[0])
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/admin/reset-password`)
    expect(link.searchParams.get('createPassword')).toBe('true')
    expect(link.searchParams.get('token')).toMatch(/.{20,}/)
    // Nobody can sign in before the invitation is accepted.
    expectError(await provider.call('POST', 'v1/admin/login/', { body: { email, password: GOOD_PASSWORD } }), 401)
  })

  test('invite → create password → sign in; the admin is then active and the event is audited', async () => {
    const admin = await invitedAdmin('Super Admin')
    const list = (await provider.call('GET', 'v1/admin/admins/', { token: superToken })).json.content as Admin[]
    expect(list.find((a) => a.id === admin.id)).toMatchObject({ status: 'active', role: 'Super Admin' })
    const profile = await provider.call('GET', 'v1/admin/profile/', { token: admin.access })
    expect(profile.json.content).toMatchObject({ email: admin.email, roles: ['Super Admin'] })
    const events = await audit(`action=admin_invite&actor=${encodeURIComponent(SUPER.email)}`)
    expect(events.events.find((e) => e.target_account_id === admin.id)).toMatchObject({
      actor_email: SUPER.email,
      target_email: admin.email,
      details: { role: 'Super Admin', resent: false },
    })
  })

  test('inviting a pending invitee again sends a new link and voids the old one', async () => {
    const email = uniqueEmail('again')
    await invite({ email, full_name: 'First Name', role: 'Standard Admin' })
    const first = new URL((await lastMailTo(provider, email))!.links[0]).searchParams.get('token')
    const again = await invite({ email, full_name: 'Second Name', role: 'Super Admin' })
    expect(again.status, again.text).toBe(200)
    expect(again.json).toMatchObject({ message: 'Invitation sent again.', content: { full_name: 'Second Name', role: 'Super Admin', status: 'invited' } })
    const old = await provider.call('POST', 'v1/auth/reset_password/submit/', {
      body: { token: first, new_password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD },
    })
    expectError(old, 400, 'This reset link is invalid or has expired.')
  })

  test('refuses an e-mail that already has an account, and invalid fields, with field messages', async () => {
    const taken = expectError(await invite({ email: STANDARD.email, full_name: 'X', role: 'Standard Admin' }), 409)
    expect(taken).toEqual({ email: ['An account with this email already exists.'] })
    const customer = await verifiedCustomer(provider)
    expectError(await invite({ email: customer.email, full_name: 'X', role: 'Standard Admin' }), 409)
    const bad = expectError(await invite({ email: 'nope', full_name: '', role: 'Owner' }), 400)
    expect(bad).toEqual({
      full_name: ['Full name is required'],
      email: ['Please enter a valid email address'],
      role: ['Role must be one of: Standard Admin, Super Admin'],
    })
  })

  test('is Super Admin only', async () => {
    expectError(await invite({ email: uniqueEmail(), full_name: 'X', role: 'Super Admin' }, standardToken), 403)
    expectError(await provider.call('POST', 'v1/admin/admins/invite/', { body: {} }), 401)
  })
})

describe('PUT v1/admin/admins/{id}/role/ (extension)', () => {
  test('changes the role, signs the admin out everywhere and records old and new role', async () => {
    const admin = await invitedAdmin('Standard Admin')
    const res = await provider.call('PUT', `v1/admin/admins/${admin.id}/role/`, { token: superToken, body: { role: 'Super Admin' } })
    expect(res.status, res.text).toBe(200)
    expect(res.json.content).toMatchObject({ id: admin.id, role: 'Super Admin' })
    expectError(await provider.call('GET', 'v1/admin/profile/', { token: admin.access }), 401)
    expectError(await provider.call('POST', 'v1/admin/token/refresh/', { body: { refresh: admin.refresh } }), 401)
    const events = await audit('action=role_change')
    expect(events.events.find((e) => e.target_account_id === admin.id)?.details).toEqual({ from: 'Standard Admin', to: 'Super Admin' })
  })

  test('a Super Admin cannot change their own role; unknown ids are 404; bad roles 400', async () => {
    const me = (await provider.call('GET', 'v1/admin/profile/', { token: superToken })).json.content as { id: number }
    expectError(
      await provider.call('PUT', `v1/admin/admins/${me.id}/role/`, { token: superToken, body: { role: 'Standard Admin' } }),
      409,
      'You cannot change your own role.',
    )
    expectError(await provider.call('PUT', 'v1/admin/admins/999999/role/', { token: superToken, body: { role: 'Standard Admin' } }), 404, 'Admin not found.')
    const admin = await invitedAdmin()
    expectError(await provider.call('PUT', `v1/admin/admins/${admin.id}/role/`, { token: superToken, body: { role: 'root' } }), 400)
    expectError(await provider.call('PUT', `v1/admin/admins/${admin.id}/role/`, { token: standardToken, body: { role: 'Super Admin' } }), 403)
  })
})

describe('POST v1/admin/admins/{id}/deactivate/ (extension)', () => {
  test("ends the admin's sessions at the next request and refuses their sign-in with a clear message", async () => {
    const admin = await invitedAdmin()
    expect((await provider.call('GET', 'v1/admin/profile/', { token: admin.access })).status).toBe(200)
    const res = await provider.call('POST', `v1/admin/admins/${admin.id}/deactivate/`, { token: superToken })
    expect(res.status, res.text).toBe(200)
    expect(res.json.content).toMatchObject({ status: 'deactivated', deactivated_at: expect.any(String) })
    expectError(await provider.call('GET', 'v1/admin/profile/', { token: admin.access }), 401)
    expectError(await provider.call('POST', 'v1/admin/token/refresh/', { body: { refresh: admin.refresh } }), 401)
    expectError(
      await provider.call('POST', 'v1/admin/login/', { body: { email: admin.email, password: GOOD_PASSWORD } }),
      403,
      'This admin account has been deactivated. Please contact a Super Admin if you need access again.',
    )
    // A wrong password still gets the generic answer: deactivation is not revealed to guessers.
    expectError(await provider.call('POST', 'v1/admin/login/', { body: { email: admin.email, password: 'Wrong#Pass1' } }), 401, 'Invalid email or password')
    // Asking again is harmless and recorded once.
    expect((await provider.call('POST', `v1/admin/admins/${admin.id}/deactivate/`, { token: superToken })).status).toBe(200)
    const events = (await audit('action=admin_deactivate')).events.filter((e) => e.target_account_id === admin.id)
    expect(events).toHaveLength(1)
    // A deactivated admin's role cannot be changed until reactivated; reactivation lets them sign in again.
    expectError(await provider.call('PUT', `v1/admin/admins/${admin.id}/role/`, { token: superToken, body: { role: 'Super Admin' } }), 409)
    const back = await provider.call('POST', `v1/admin/admins/${admin.id}/reactivate/`, { token: superToken })
    expect(back.json.content).toMatchObject({ status: 'active' })
    await login(provider, 'admin', admin.email, GOOD_PASSWORD)
  })

  test('self and the last active Super Admin are protected', async () => {
    await withTestProvider({}, async (solo) => {
      const token = (await login(solo, 'admin', SUPER.email, SUPER.password)).access
      const admins = (await solo.call('GET', 'v1/admin/admins/', { token })).json.content as Admin[]
      const me = admins.find((a) => a.email === SUPER.email)!
      expectError(await solo.call('POST', `v1/admin/admins/${me.id}/deactivate/`, { token }), 409, 'You cannot deactivate your own account.')
      expectError(await solo.call('PUT', `v1/admin/admins/${me.id}/role/`, { token, body: { role: 'Standard Admin' } }), 409, 'You cannot change your own role.')

      const email = uniqueEmail('second')
      await solo.call('POST', 'v1/admin/admins/invite/', { token, body: { email, full_name: 'Second Super', role: 'Super Admin' } })
      const link = new URL((await lastMailTo(solo, email))!.links[0])
      await solo.call('POST', 'v1/auth/reset_password/submit/', {
        body: { token: link.searchParams.get('token'), new_password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD },
      })
      const second = (await login(solo, 'admin', email, GOOD_PASSWORD)).access
      // With self-protection the acting Super Admin normally counts as the other one; the rule is
      // defence in depth, shown here with the actor not counted as an active Super Admin.
      await solo.sql('UPDATE accounts SET email_verified = false WHERE email = ?', email)
      expectError(await solo.call('PUT', `v1/admin/admins/${me.id}/role/`, { token: second, body: { role: 'Standard Admin' } }), 409, 'There must always be at least one active Super Admin.')
      expectError(await solo.call('POST', `v1/admin/admins/${me.id}/deactivate/`, { token: second }), 409, 'There must always be at least one active Super Admin.')
      await solo.sql('UPDATE accounts SET email_verified = true WHERE email = ?', email)
      const demoted = await solo.call('PUT', `v1/admin/admins/${me.id}/role/`, { token: second, body: { role: 'Standard Admin' } })
      expect(demoted.status, demoted.text).toBe(200)
      // The demoted admin's old token no longer works; signed in again they are a Standard Admin.
      expectError(await solo.call('GET', 'v1/admin/admins/', { token }), 401)
      const again = (await login(solo, 'admin', SUPER.email, SUPER.password)).access
      expectError(await solo.call('GET', 'v1/admin/admins/', { token: again }), 403)
    })
  })
})

describe('sign-in audit (extension)', () => {
  test('admin sign-ins are recorded, successful and failed, without passwords; patient sign-ins are not', async () => {
    const email = uniqueEmail('nobody')
    await provider.call('POST', 'v1/admin/login/', { body: { email, password: 'Secret#Guess1' } })
    await login(provider, 'admin', STANDARD.email, STANDARD.password)
    const customer = await verifiedCustomer(provider)
    const failed = await audit(`action=sign_in&actor=${encodeURIComponent(email)}`)
    expect(failed.events).toEqual([
      expect.objectContaining({ actor_email: email, actor_account_id: null, details: { portal: 'admin', outcome: 'invalid_credentials' } }),
    ])
    const ok = await audit(`action=sign_in&actor=${encodeURIComponent(STANDARD.email)}`)
    expect(ok.events[0]).toMatchObject({ details: { portal: 'admin', outcome: 'success' } })
    expect((await audit(`actor=${encodeURIComponent(customer.email)}`)).total).toBe(0)
    const all = await provider.call('GET', 'v1/admin/audit-events/?action=sign_in', { token: superToken })
    expect(all.text).not.toContain('Secret#Guess1')
  })
})

describe('GET v1/admin/audit-events/ (extension)', () => {
  test('filters by action, actor and date, pages by 25, newest first', async () => {
    const admin = await invitedAdmin()
    for (let i = 0; i < 27; i++) await provider.call('POST', 'v1/admin/login/', { body: { email: admin.email, password: GOOD_PASSWORD } })
    const first = await audit(`actor=${encodeURIComponent(admin.email)}&action=sign_in`)
    expect(first).toMatchObject({ total: 28, page: 1, pages: 2 })
    expect(first.events).toHaveLength(25)
    const second = await audit(`actor=${encodeURIComponent(admin.email)}&action=sign_in&page=2`)
    expect(second.events).toHaveLength(3)
    const today = new Date().toISOString().slice(0, 10)
    expect((await audit(`actor=${encodeURIComponent(admin.email)}&from=${today}&to=${today}`)).total).toBe(28)
    expect((await audit(`actor=${encodeURIComponent(admin.email)}&to=2000-01-01`)).total).toBe(0)
    expect((await audit(`actor=${encodeURIComponent(admin.email)}&page=abc`)).page).toBe(1)
    // '%' is a plain character, not a wildcard.
    expect((await audit('actor=%25')).total).toBe(0)
  })

  test('refuses bad filters with field messages, and non-Super Admins', async () => {
    const bad = await provider.call('GET', 'v1/admin/audit-events/?action=hack&from=2026-13-01&to=2020-01-01', { token: superToken })
    expect(Object.keys(expectError(bad, 400))).toEqual(['action', 'from'])
    expectError(await provider.call('GET', 'v1/admin/audit-events/?from=2026-02-01&to=2026-01-01', { token: superToken }), 400, 'To date must be on or after the from date')
    expectError(await provider.call('GET', 'v1/admin/audit-events/', { token: standardToken }), 403)
    expectError(await provider.call('GET', 'v1/admin/audit-events/'), 401)
  })
})
