// The input errors of sign-in, sign-up, the e-mail links, tokens, sign-out, passwords, two-factor,
// closing an account and the development endpoints, word for word and field by field in order
// (docs/provider-api.md; SPEC.md §5): the app shows these messages, so the way the API reads its
// input may change but what it answers may not. Each case is one that no other test pinned.
import { describe, expect, test } from 'vitest'
import { EMAIL_INVALID } from '../../common/email'
import { REFERENCE_REQUIRED } from '../../common/contract/account-closure-values'
import { MAX_HISTORY_DAYS } from '../../provider/dev/history'
import { PATIENT_NOT_FOUND } from '../../provider/routes/admin-patients'
import { GOOD_PASSWORD, STANDARD, SUPER } from '../support/fixtures'
import { adminToken, login, useTestProvider, verifiedCustomer, type ApiResponse } from './helpers'

const provider = useTestProvider({ devMode: true })

/** A 400 with exactly these fields, in this order, the first field's first message on top. */
function expectFields(res: ApiResponse, data: Record<string, string[]>): void {
  expect(res.status, res.text).toBe(400)
  expect(res.json).toEqual({ message: Object.values(data)[0][0], data })
  expect(Object.keys(res.json.data ?? {})).toEqual(Object.keys(data))
}

const TOO_LONG_TOKEN = 'x'.repeat(513)
const SHORT_PASSWORD_PROBLEMS = [
  'Password must be 8 to 32 characters',
  'Password must contain an uppercase letter',
  'Password must contain a number',
  'Password must contain a special character',
]
const NEW_PASSWORD = 'N3w#Password'

describe('sign-up, e-mail links and password reset', () => {
  test('sign-up: every field missing', async () => {
    expectFields(await provider.call('POST', 'v1/auth/signup/', { body: {} }), {
      email: ['Email is required'],
      password: ['Password is required'],
      conf_password: ['Please confirm your password'],
    })
  })

  test('sign-up: an empty password with a confirmation is also a mismatch; a number is not text', async () => {
    const email = 'someone@example.com'
    expectFields(await provider.call('POST', 'v1/auth/signup/', { body: { email, password: '', conf_password: 'abc' } }), {
      password: ['Password is required'],
      conf_password: ['Passwords do not match'],
    })
    expectFields(await provider.call('POST', 'v1/auth/signup/', { body: { email, password: 5, conf_password: 5 } }), {
      password: ['Password must be text'],
    })
    expectFields(await provider.call('POST', 'v1/auth/signup/', { body: { email: 5, password: 'short', conf_password: 7 } }), {
      email: [EMAIL_INVALID],
      password: SHORT_PASSWORD_PROBLEMS,
      conf_password: ['Passwords do not match'],
    })
  })

  test('verify-email-token: the query is read as a body is', async () => {
    expectFields(await provider.call('GET', 'v1/auth/verify-email-token/'), {
      token: ['Token is required'],
      email: ['Email is required'],
    })
    expectFields(await provider.call('GET', `v1/auth/verify-email-token/?token=${TOO_LONG_TOKEN}&email=nope`), {
      token: ['Token must be at most 512 characters'],
      email: [EMAIL_INVALID],
    })
  })

  test('resend-verify-email and forgot_password', async () => {
    expectFields(await provider.call('POST', 'v1/auth/resend-verify-email/', { body: {} }), { email: ['Email is required'] })
    expectFields(await provider.call('POST', 'v1/auth/forgot_password/', { body: {} }), {
      email: ['Email is required'],
      portal: ['Portal is required'],
    })
  })

  test('reset_password/submit: every field missing, and a token that is not text', async () => {
    expectFields(await provider.call('POST', 'v1/auth/reset_password/submit/', { body: {} }), {
      token: ['Token is required'],
      new_password: ['Password is required'],
      conf_password: ['Please confirm your password'],
    })
    expectFields(
      await provider.call('POST', 'v1/auth/reset_password/submit/', {
        body: { token: 5, new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD },
      }),
      { token: ['Token must be text'] },
    )
  })
})

describe('sign-in, tokens and sign-out', () => {
  test('both portals read the credentials alike', async () => {
    for (const path of ['v1/auth/login/', 'v1/admin/login/']) {
      expectFields(await provider.call('POST', path, { body: {} }), {
        email: ['Email is required'],
        password: ['Password is required'],
      })
      expectFields(await provider.call('POST', path, { body: { email: 'a@example.com', password: 5 } }), {
        password: ['Password must be text'],
      })
      // A password of spaces is a password (never trimmed): the answer is the wrong-password one.
      const spaces = await provider.call('POST', path, { body: { email: 'a@example.com', password: '   ' } })
      expect(spaces.status, spaces.text).toBe(401)
    }
  })

  test('a device token that is not text, or too long, is ignored, never refused', async () => {
    const customer = await verifiedCustomer(provider)
    for (const device_token of [5, TOO_LONG_TOKEN, null]) {
      const res = await provider.call('POST', 'v1/auth/login/', {
        body: { email: customer.email, password: GOOD_PASSWORD, device_token },
      })
      expect(res.status, res.text).toBe(200)
    }
  })

  test('refresh (both portals) and logout read the refresh token', async () => {
    for (const path of ['v1/auth/token/refresh/', 'v1/admin/token/refresh/']) {
      expectFields(await provider.call('POST', path, { body: {} }), { refresh: ['Refresh token is required'] })
      expectFields(await provider.call('POST', path, { body: { refresh: 5 } }), { refresh: ['Refresh token must be text'] })
    }
    expectFields(await provider.call('POST', 'v1/auth/logout/', { body: { refresh: 5 }, token: 'anything' }), {
      refresh: ['Refresh token must be text'],
    })
    expectFields(await provider.call('POST', 'v1/auth/logout/', { body: { refresh: TOO_LONG_TOKEN } }), {
      refresh: ['Refresh token must be at most 512 characters'],
    })
    expectFields(await provider.call('POST', 'v1/auth/logout/', { body: { refresh: '  ' } }), {
      refresh: ['Refresh token is required'],
    })
  })

  test('a body that is not JSON is answered before any field', async () => {
    const malformed = await provider.call('POST', 'v1/auth/login/', { raw: '{', headers: { 'content-type': 'application/json' } })
    expect(malformed.status).toBe(400)
    expect(malformed.json.message).toBe('Malformed JSON body')
    const notJson = await provider.call('POST', 'v1/auth/signup/', { raw: 'email=a', headers: { 'content-type': 'text/plain' } })
    expect(notJson.status).toBe(415)
  })
})

describe('two-factor sign-in and enrollment', () => {
  test('the code step: both fields missing, not text, too long', async () => {
    expectFields(await provider.call('POST', 'v1/admin/login/mfa/', { body: {} }), {
      mfa_token: ['Challenge is required'],
      code: ['Code is required'],
    })
    expectFields(await provider.call('POST', 'v1/admin/login/mfa/', { body: { mfa_token: 5, code: 5 } }), {
      mfa_token: ['Challenge must be text'],
      code: ['Code must be text'],
    })
    expectFields(
      await provider.call('POST', 'v1/admin/login/mfa/', { body: { mfa_token: TOO_LONG_TOKEN, code: 'x'.repeat(33) } }),
      { mfa_token: ['Challenge must be at most 512 characters'], code: ['Code must be at most 32 characters'] },
    )
  })

  test('confirming enrollment: the token is checked before the code', async () => {
    expect((await provider.call('POST', 'v1/admin/mfa/confirm/', { body: {} })).status).toBe(401)
    const token = await adminToken(provider, STANDARD)
    expectFields(await provider.call('POST', 'v1/admin/mfa/confirm/', { token, body: {} }), { code: ['Code is required'] })
    expectFields(await provider.call('POST', 'v1/admin/mfa/confirm/', { token, body: { code: 'x'.repeat(33) } }), {
      code: ['Code must be at most 32 characters'],
    })
  })
})

describe('change password', () => {
  test('both portals: the token first, then every field', async () => {
    const customer = await verifiedCustomer(provider)
    const admin = await login(provider, 'admin', STANDARD.email, STANDARD.password)
    for (const [path, token] of [
      ['v1/auth/change_password/', customer.access],
      ['v1/admin/change_password/', admin.access],
    ]) {
      expect((await provider.call('POST', path, { body: {} })).status).toBe(401)
      expectFields(await provider.call('POST', path, { token, body: {} }), {
        old_password: ['Current password is required'],
        new_password: ['Password is required'],
        conf_password: ['Please confirm your password'],
      })
      expectFields(await provider.call('POST', path, { token, body: { old_password: 5, new_password: 'short', conf_password: 'short' } }), {
        old_password: ['Current password must be text'],
        new_password: SHORT_PASSWORD_PROBLEMS,
      })
      expectFields(
        await provider.call('POST', path, {
          token,
          body: { old_password: 'x'.repeat(201), new_password: NEW_PASSWORD, conf_password: NEW_PASSWORD },
        }),
        { old_password: ['Current password must be at most 200 characters'] },
      )
    }
  })
})

describe('closing an account', () => {
  test("the patient's own: the password", async () => {
    const customer = await verifiedCustomer(provider)
    const token = customer.access
    expect((await provider.call('POST', 'v1/auth/close-account/', { body: {} })).status).toBe(401)
    expectFields(await provider.call('POST', 'v1/auth/close-account/', { token, body: {} }), { password: ['Password is required'] })
    expectFields(await provider.call('POST', 'v1/auth/close-account/', { token, body: { password: 5 } }), {
      password: ['Password must be text'],
    })
    expectFields(await provider.call('POST', 'v1/auth/close-account/', { token, body: { password: 'x'.repeat(201) } }), {
      password: ['Password must be at most 200 characters'],
    })
  })

  test("on a patient's request: a Super Admin's only, then the patient id and the reference", async () => {
    const path = 'v1/admin/account-closures/'
    expect((await provider.call('POST', path, { token: await adminToken(provider, STANDARD), body: {} })).status).toBe(403)
    const token = await adminToken(provider, SUPER)
    expectFields(await provider.call('POST', path, { token, body: {} }), {
      patient_id: ['Patient id is required'],
      reference: [REFERENCE_REQUIRED],
    })
    expectFields(await provider.call('POST', path, { token, body: { patient_id: '5', reference: 'x'.repeat(201) } }), {
      patient_id: ['Patient id must be a number'],
      reference: ['Reference must be at most 200 characters'],
    })
    expectFields(await provider.call('POST', path, { token, body: { patient_id: 0, reference: 'Letter 1' } }), {
      patient_id: ['Patient id must be between 1 and 1000000000000000 '],
    })
    expectFields(await provider.call('POST', path, { token, body: { patient_id: 1.5, reference: 'Letter 1' } }), {
      patient_id: ['Patient id must be a whole number'],
    })
    const both = await provider.call('POST', path, { token, body: { patient_id: 1.5, reference: '' } })
    expect(both.status).toBe(400)
    expect(both.json.data).toEqual({ patient_id: ['Patient id must be a whole number'], reference: [REFERENCE_REQUIRED] })
    const unknown = await provider.call('POST', path, { token, body: { patient_id: 999_999_999, reference: 'Letter 1' } })
    expect(unknown.status).toBe(404)
    expect(unknown.json.message).toBe(PATIENT_NOT_FOUND)
  })
})

describe('development endpoints', () => {
  test('verify-email and seed-history', async () => {
    expectFields(await provider.call('POST', '__dev/verify-email/', { body: {} }), { email: ['Email is required'] })
    expectFields(await provider.call('POST', '__dev/seed-history/', { body: {} }), {
      email: ['Email is required'],
      days: ['Days is required'],
    })
    expectFields(
      await provider.call('POST', '__dev/seed-history/', {
        body: { email: 'a@example.com', days: 0, start_kg: 10, today: '2026-02-30' },
      }),
      {
        days: [`Days must be between 1 and ${MAX_HISTORY_DAYS} days`],
        start_kg: ['Start weight must be between 20 and 500 kg'],
        today: ['Today must be a valid date (YYYY-MM-DD)'],
      },
    )
  })

  test('the simulated consent and the sync controls', async () => {
    expectFields(await provider.call('POST', '__dev/devices/consent/', { body: {} }), {
      state: ['State is required'],
      decision: ['Decision is required'],
    })
    expectFields(await provider.call('POST', '__dev/devices/consent/', { body: { state: 's', decision: 'maybe' } }), {
      decision: ['Decision must be one of: allow, deny'],
    })
    expectFields(await provider.call('POST', '__dev/devices/rewind-sync/', { body: {} }), {
      days: ['Days is required'],
      email: ['Email is required'],
      service: ['Service is required'],
    })
    expectFields(
      await provider.call('POST', '__dev/devices/rewind-sync/', { body: { days: 61, email: 'a@example.com', service: 'nope' } }),
      { days: ['Days must be between 1 and 60 days'], service: ['Unknown service'] },
    )
    expectFields(
      await provider.call('POST', '__dev/devices/fail-next-sync/', {
        body: { reason: 'x'.repeat(301), email: 'a@example.com', service: 'x'.repeat(51) },
      }),
      { reason: ['Reason must be at most 300 characters'], service: ['Service must be at most 50 characters'] },
    )
  })
})
