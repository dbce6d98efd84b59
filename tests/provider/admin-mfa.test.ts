import { generate } from 'otplib'
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setTokenClock } from '../../provider/tokens'
import { GOOD_PASSWORD, STANDARD, SUPER } from '../support/fixtures'
import {
  adminToken,
  expectError,
  lastMailTo,
  login,
  uniqueEmail,
  useTestProvider,
  verifiedCustomer,
} from './helpers'

// Two-factor sign-in for admins (TOTP, RFC 6238). The API's clock (setTokenClock) is moved by
// hand, so "the next 30-second step" is exact and no test waits.

const provider = useTestProvider()
let superToken: string
let now: number
beforeAll(async () => {
  superToken = await adminToken(provider, SUPER)
})
beforeEach(() => {
  // The start of a step, so ±1 step is exactly ±30 s.
  now = Math.floor(Date.now() / 30_000) * 30_000
  setTokenClock(() => now)
})
afterEach(() => setTokenClock())

const INVALID_CODE = 'Invalid authentication code.'
const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please sign in again.'

const codeAt = (secret: string, atMs: number) => generate({ secret, epoch: Math.floor(atMs / 1000) })
const nextStep = () => {
  now += 30_000
}

type Enrolled = { id: number; email: string; password: string; secret: string; recoveryCodes: string[] }

/** A new Standard Admin (invited, password set); signed in, with their access token. */
async function newAdmin(role = 'Standard Admin') {
  const email = uniqueEmail('mfa-admin')
  const invited = await provider.call('POST', 'v1/admin/admins/invite/', { token: superToken, body: { email, full_name: 'Mia Factor', role } })
  expect(invited.status, invited.text).toBe(201)
  const link = new URL((await lastMailTo(provider, email))!.links[0])
  const reset = await provider.call('POST', 'v1/auth/reset_password/submit/', {
    body: { token: link.searchParams.get('token'), new_password: GOOD_PASSWORD, conf_password: GOOD_PASSWORD },
  })
  expect(reset.status, reset.text).toBe(200)
  const { access } = await login(provider, 'admin', email, GOOD_PASSWORD)
  return { id: (invited.json.content as { id: number }).id, email, password: GOOD_PASSWORD, access }
}

async function enrolledAdmin(role = 'Standard Admin'): Promise<Enrolled> {
  const admin = await newAdmin(role)
  const setup = await provider.call('POST', 'v1/admin/mfa/setup/', { token: admin.access })
  expect(setup.status, setup.text).toBe(200)
  const { secret } = setup.json.content as { secret: string }
  const confirm = await provider.call('POST', 'v1/admin/mfa/confirm/', { token: admin.access, body: { code: await codeAt(secret, now) } })
  expect(confirm.status, confirm.text).toBe(200)
  // The confirming code's step is spent: sign-ins in these tests use the next one.
  nextStep()
  return { ...admin, secret, recoveryCodes: (confirm.json.content as { recovery_codes: string[] }).recovery_codes }
}

async function challenge(admin: { email: string; password: string }): Promise<string> {
  const res = await provider.call('POST', 'v1/admin/login/', { body: { email: admin.email, password: admin.password } })
  expect(res.status, res.text).toBe(200)
  const content = res.json.content as Record<string, unknown>
  expect(content).not.toHaveProperty('access_token')
  expect(content).not.toHaveProperty('refresh_token')
  expect(content.mfa_required).toBe(true)
  expect(typeof content.mfa_token).toBe('string')
  return content.mfa_token as string
}

const exchange = (mfa_token: string, code: string) => provider.call('POST', 'v1/admin/login/mfa/', { body: { mfa_token, code } })

async function auditOf(action: string, accountId: number) {
  const res = await provider.call('GET', `v1/admin/audit-events/?action=${action}&target_account_id=${accountId}`, { token: superToken })
  expect(res.status, res.text).toBe(200)
  return (res.json.content as { events: { action: string; actor_email: string; details: Record<string, unknown> }[] }).events
}

async function codeFailures(accountId: number): Promise<number> {
  const rows = await provider.db.all<{ id: number }>('SELECT id FROM login_failures WHERE email = ?', [`mfa:${accountId}`])
  return rows.length
}

describe('enrollment (v1/admin/mfa/setup/ and confirm/)', () => {
  test('a secret to scan (the same one until confirmed), a code confirms it, ten recovery codes come back once', async () => {
    const admin = await newAdmin()
    const status = await provider.call('GET', 'v1/admin/mfa/', { token: admin.access })
    expect(status.json.content).toEqual({ enabled: false, recovery_codes_left: 0 })

    const first = await provider.call('POST', 'v1/admin/mfa/setup/', { token: admin.access })
    expect(first.status, first.text).toBe(200)
    const { secret, otpauth_uri } = first.json.content as { secret: string; otpauth_uri: string }
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//)
    expect(new URL(otpauth_uri).searchParams.get('secret')).toBe(secret)
    expect(new URL(otpauth_uri).searchParams.get('issuer')).toBe('BariCare')
    const again = await provider.call('POST', 'v1/admin/mfa/setup/', { token: admin.access })
    expect((again.json.content as { secret: string }).secret).toBe(secret)

    const wrong = await provider.call('POST', 'v1/admin/mfa/confirm/', { token: admin.access, body: { code: '000000' === (await codeAt(secret, now)) ? '111111' : '000000' } })
    expect(expectError(wrong, 400, INVALID_CODE)).toEqual({ code: [INVALID_CODE] })
    expect(await codeFailures(admin.id)).toBe(1)

    const confirm = await provider.call('POST', 'v1/admin/mfa/confirm/', { token: admin.access, body: { code: await codeAt(secret, now) } })
    expect(confirm.status, confirm.text).toBe(200)
    const codes = (confirm.json.content as { recovery_codes: string[] }).recovery_codes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect(await codeFailures(admin.id)).toBe(0)

    expect((await provider.call('GET', 'v1/admin/mfa/', { token: admin.access })).json.content).toEqual({ enabled: true, recovery_codes_left: 10 })
    expect(((await provider.call('GET', 'v1/admin/profile/', { token: admin.access })).json.content as { mfa_enabled: boolean }).mfa_enabled).toBe(true)
    expectError(await provider.call('POST', 'v1/admin/mfa/setup/', { token: admin.access }), 409, 'Two-factor authentication is already on.')
    expect((await auditOf('mfa_enroll', admin.id)).map((e) => e.actor_email)).toEqual([admin.email])
    expect((await auditOf('mfa_failure', admin.id)).map((e) => e.details)).toEqual([{ during: 'enrollment' }])
  })

  test('confirm without a setup first is refused; patients and anonymous callers get no enrollment', async () => {
    const admin = await newAdmin()
    expectError(await provider.call('POST', 'v1/admin/mfa/confirm/', { token: admin.access, body: { code: '123456' } }), 409)
    expectError(await provider.call('POST', 'v1/admin/mfa/confirm/', { token: admin.access, body: {} }), 400, 'Code is required')
    const customer = await verifiedCustomer(provider)
    expectError(await provider.call('POST', 'v1/admin/mfa/setup/', { token: customer.access }), 401)
    expectError(await provider.call('POST', 'v1/admin/mfa/setup/'), 401)
  })

  test('the secret and the recovery codes are not stored in plain text', async () => {
    const admin = await enrolledAdmin()
    const row = await provider.db.get<Record<string, unknown>>('SELECT * FROM accounts WHERE id = ?', [admin.id])
    const stored = JSON.stringify(row)
    expect(stored).not.toContain(admin.secret)
    expect(stored.toLowerCase()).not.toContain(admin.secret.toLowerCase())
    expect(String(row?.mfa_secret)).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    const codes = await provider.db.all<Record<string, unknown>>('SELECT * FROM mfa_recovery_codes WHERE account_id = ?', [admin.id])
    expect(codes).toHaveLength(10)
    const dump = JSON.stringify(codes)
    for (const code of admin.recoveryCodes) {
      expect(dump).not.toContain(code)
      expect(dump).not.toContain(code.replace('-', ''))
    }
  })
})

describe('sign-in with a second factor (v1/admin/login/ then v1/admin/login/mfa/)', () => {
  test('the password step answers a challenge, not a session; challenge and code give the token pair', async () => {
    const admin = await enrolledAdmin()
    const mfaToken = await challenge(admin)
    // The challenge is not a bearer token.
    expectError(await provider.call('GET', 'v1/admin/profile/', { token: mfaToken }), 401)

    const res = await exchange(mfaToken, await codeAt(admin.secret, now))
    expect(res.status, res.text).toBe(200)
    const content = res.json.content as { access_token: string; refresh_token: string; user: { email: string; mfa_enabled: boolean } }
    expect(content.user).toMatchObject({ email: admin.email, mfa_enabled: true })
    expect((await provider.call('GET', 'v1/admin/profile/', { token: content.access_token })).status).toBe(200)
    expect((await provider.call('POST', 'v1/admin/token/refresh/', { body: { refresh: content.refresh_token } })).status).toBe(200)
    const signIns = await provider.call('GET', `v1/admin/audit-events/?action=sign_in&actor=${encodeURIComponent(admin.email)}`, { token: superToken })
    expect((signIns.json.content as { events: { details: Record<string, unknown> }[] }).events.map((e) => e.details.outcome).slice(0, 2)).toEqual([
      'success',
      'mfa_required',
    ])
  })

  test('a code of the step before or after is accepted, two steps away is not', async () => {
    const admin = await enrolledAdmin()
    nextStep()
    nextStep()
    expect((await exchange(await challenge(admin), await codeAt(admin.secret, now - 30_000))).status).toBe(200)
    nextStep()
    nextStep()
    expect((await exchange(await challenge(admin), await codeAt(admin.secret, now + 30_000))).status).toBe(200)
    nextStep()
    nextStep()
    nextStep()
    expectError(await exchange(await challenge(admin), await codeAt(admin.secret, now - 60_000)), 400, INVALID_CODE)
  })

  test('a code cannot be replayed within its step', async () => {
    const admin = await enrolledAdmin()
    const code = await codeAt(admin.secret, now)
    expect((await exchange(await challenge(admin), code)).status).toBe(200)
    expectError(await exchange(await challenge(admin), code), 400, INVALID_CODE)
    // Nor a code of an earlier step once a later one was used.
    nextStep()
    expect((await exchange(await challenge(admin), await codeAt(admin.secret, now))).status).toBe(200)
    expectError(await exchange(await challenge(admin), await codeAt(admin.secret, now - 30_000)), 400, INVALID_CODE)
  })

  test('wrong codes are refused, audited and counted; past the free ones the next waits; a right code resets the count', async () => {
    const admin = await enrolledAdmin()
    const right = await codeAt(admin.secret, now)
    const wrong = right === '123456' ? '654321' : '123456'
    for (let i = 0; i < 5; i++) {
      const token = await challenge(admin)
      expectError(await exchange(token, wrong), 400, INVALID_CODE)
    }
    expect(await codeFailures(admin.id)).toBe(5)
    expect(await auditOf('mfa_failure', admin.id)).toHaveLength(5)
    // Passing the password step again does not forgive failed codes.
    const token = await challenge(admin)
    expect(await codeFailures(admin.id)).toBe(5)
    const waiting = expectError(await exchange(token, right), 429)
    expect(waiting).toEqual({})
    now += 16_000
    const ok = await exchange(await challenge(admin), await codeAt(admin.secret, now))
    expect(ok.status, ok.text).toBe(200)
    expect(await codeFailures(admin.id)).toBe(0)
  })

  test('a recovery code works once, and its use is audited', async () => {
    const admin = await enrolledAdmin()
    const [code] = admin.recoveryCodes
    // Typed in capitals with a space instead of the dash still counts.
    const res = await exchange(await challenge(admin), code.toUpperCase().replace('-', ' '))
    expect(res.status, res.text).toBe(200)
    const access = (res.json.content as { access_token: string }).access_token
    expectError(await exchange(await challenge(admin), code), 400, INVALID_CODE)
    expect((await provider.call('GET', 'v1/admin/mfa/', { token: access })).json.content).toEqual({ enabled: true, recovery_codes_left: 9 })
    expect((await auditOf('mfa_recovery_code_used', admin.id)).map((e) => e.details)).toEqual([{ remaining: 9 }])
    expect((await exchange(await challenge(admin), admin.recoveryCodes[1])).status).toBe(200)
  })

  test('a challenge opens one session only: once exchanged, neither a code nor a recovery code opens another', async () => {
    const admin = await enrolledAdmin()
    const mfaToken = await challenge(admin)
    // A wrong code does not spend it: the admin may correct a typo.
    const right = await codeAt(admin.secret, now)
    expectError(await exchange(mfaToken, right === '123456' ? '654321' : '123456'), 400, INVALID_CODE)
    expect((await exchange(mfaToken, right)).status).toBe(200)
    expectError(await exchange(mfaToken, admin.recoveryCodes[0]), 401, CHALLENGE_EXPIRED)
    nextStep()
    expectError(await exchange(mfaToken, await codeAt(admin.secret, now)), 401, CHALLENGE_EXPIRED)
    // The refused recovery code was not spent.
    expect((await exchange(await challenge(admin), admin.recoveryCodes[0])).status).toBe(200)
  })

  test('two exchanges of one challenge at once: one session', async () => {
    const admin = await enrolledAdmin()
    const mfaToken = await challenge(admin)
    const results = await Promise.all([
      exchange(mfaToken, admin.recoveryCodes[0]),
      exchange(mfaToken, admin.recoveryCodes[1]),
      exchange(mfaToken, await codeAt(admin.secret, now)),
    ])
    expect(results.filter((res) => res.status === 200)).toHaveLength(1)
  })

  test('an expired, tampered or foreign challenge is refused', async () => {
    const admin = await enrolledAdmin()
    const token = await challenge(admin)
    expectError(await exchange(`${token}x`, await codeAt(admin.secret, now)), 401, CHALLENGE_EXPIRED)
    const { access } = await login(provider, 'admin', STANDARD.email, STANDARD.password)
    expectError(await exchange(access, await codeAt(admin.secret, now)), 401, CHALLENGE_EXPIRED)
    now += 5 * 60_000 + 1
    expectError(await exchange(token, await codeAt(admin.secret, now)), 401, CHALLENGE_EXPIRED)
    expectError(await provider.call('POST', 'v1/admin/login/mfa/', { body: { mfa_token: token } }), 400, 'Code is required')
  })

  test('admins without a second factor and patients sign in as before', async () => {
    const res = await provider.call('POST', 'v1/admin/login/', { body: STANDARD })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Signed in successfully.')
    expect(Object.keys(res.json.content as object).sort()).toEqual(['access_token', 'device_token', 'mfa_setup_required', 'refresh_token', 'user'])
    const customer = await verifiedCustomer(provider)
    expect(customer.access).toBeTruthy()
  })
})

describe('enrollment ends the admin’s other sessions', () => {
  test('tokens issued before confirm stop working; the session that enrolled goes on', async () => {
    const admin = await newAdmin()
    const older = await login(provider, 'admin', admin.email, admin.password)
    expect((await provider.call('GET', 'v1/admin/profile/', { token: older.access })).status).toBe(200)
    const setup = await provider.call('POST', 'v1/admin/mfa/setup/', { token: admin.access })
    const { secret } = setup.json.content as { secret: string }
    const confirm = await provider.call('POST', 'v1/admin/mfa/confirm/', { token: admin.access, body: { code: await codeAt(secret, now) } })
    expect(confirm.status, confirm.text).toBe(200)
    expectError(await provider.call('GET', 'v1/admin/profile/', { token: older.access }), 401)
    expectError(await provider.call('POST', 'v1/admin/token/refresh/', { body: { refresh: older.refresh } }), 401)
    expect((await provider.call('GET', 'v1/admin/profile/', { token: admin.access })).status).toBe(200)
    expect((await provider.call('GET', 'v1/admin/patients/', { token: admin.access })).status).toBe(200)
  })

  test('a reset ends every session of the admin, refresh tokens included', async () => {
    const admin = await enrolledAdmin()
    const session = await exchange(await challenge(admin), await codeAt(admin.secret, now))
    const { access_token, refresh_token } = session.json.content as { access_token: string; refresh_token: string }
    expect((await provider.call('POST', `v1/admin/admins/${admin.id}/mfa/reset/`, { token: superToken })).status).toBe(200)
    expectError(await provider.call('POST', 'v1/admin/token/refresh/', { body: { refresh: refresh_token } }), 401)
    expectError(await provider.call('GET', 'v1/admin/profile/', { token: access_token }), 401)
  })
})

describe('reset by a Super Admin (v1/admin/admins/:id/mfa/reset/)', () => {
  test('only a Super Admin, never on themself; the admin signs in by password again and their sessions end', async () => {
    const admin = await enrolledAdmin()
    const session = await exchange(await challenge(admin), await codeAt(admin.secret, now))
    const access = (session.json.content as { access_token: string }).access_token
    const path = `v1/admin/admins/${admin.id}/mfa/reset/`

    const standard = await login(provider, 'admin', STANDARD.email, STANDARD.password)
    expectError(await provider.call('POST', path, { token: standard.access }), 403)
    expectError(await provider.call('POST', path, { token: access }), 403)
    const superId = ((await provider.call('GET', 'v1/admin/profile/', { token: superToken })).json.content as { id: number }).id
    expectError(await provider.call('POST', `v1/admin/admins/${superId}/mfa/reset/`, { token: superToken }), 409, 'You cannot reset your own two-factor authentication.')

    const res = await provider.call('POST', path, { token: superToken })
    expect(res.status, res.text).toBe(200)
    expect(res.json.content).toMatchObject({ id: admin.id, mfa_enabled: false })
    expectError(await provider.call('GET', 'v1/admin/profile/', { token: access }), 401)
    const again = await login(provider, 'admin', admin.email, admin.password)
    expect(((await provider.call('GET', 'v1/admin/profile/', { token: again.access })).json.content as { mfa_enabled: boolean }).mfa_enabled).toBe(false)
    expect(await provider.db.all('SELECT id FROM mfa_recovery_codes WHERE account_id = ?', [admin.id])).toEqual([])
    expect((await auditOf('mfa_reset', admin.id)).map((e) => e.actor_email)).toEqual([SUPER.email])
    // And they can enroll anew, with a new secret.
    const setup = await provider.call('POST', 'v1/admin/mfa/setup/', { token: again.access })
    expect((setup.json.content as { secret: string }).secret).not.toBe(admin.secret)
  })

  test('a Super Admin list shows who has a second factor', async () => {
    const admin = await enrolledAdmin()
    const list = await provider.call('GET', 'v1/admin/admins/', { token: superToken })
    const rows = list.json.content as { id: number; mfa_enabled: boolean }[]
    expect(rows.find((row) => row.id === admin.id)?.mfa_enabled).toBe(true)
    expect(rows.every((row) => typeof row.mfa_enabled === 'boolean')).toBe(true)
  })
})
