import { afterEach, describe, expect, it } from 'vitest'
import { afterSignInPath, groupKey, mfaRequiredFor, setupRequired } from '~/features/auth/admin-mfa.server'
import { AUDIT_ACTION_LABELS, describeAuditEvent } from '~/features/admin-users/audit'
import { parseEnv } from '~/platform/env.server'
import { requireAdmin } from '~/platform/guards.server'
import { qrDrawing } from '~/features/auth/qr-code.server'
import { agreeOnAdminMfa } from '../../server/admin-mfa-agreement'
import { admin, location, pageRequest, sessionCookie, thrownResponse, useTestEnv } from './helpers'

// Who must set up two-factor sign-in (ADMIN_MFA), and the guard that holds them to it.

useTestEnv()
afterEach(() => {
  delete process.env.ADMIN_MFA
})

describe('ADMIN_MFA', () => {
  it('default "super": Super Admins must enroll, Standard Admins may', () => {
    expect(mfaRequiredFor('Super Admin', 'super')).toBe(true)
    expect(mfaRequiredFor('Standard Admin', 'super')).toBe(false)
    expect(parseEnv({ NODE_ENV: 'test' })).toMatchObject({ ok: true, env: { ADMIN_MFA: 'super' } })
  })

  it('"required": every admin; "off": nobody, and never in production', () => {
    expect(mfaRequiredFor('Standard Admin', 'required')).toBe(true)
    expect(mfaRequiredFor('Super Admin', 'required')).toBe(true)
    expect(mfaRequiredFor('Super Admin', 'off')).toBe(false)
    expect(mfaRequiredFor(null, 'required')).toBe(false)
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PROVIDER_API_URL: 'http://api.test/' }
    expect(parseEnv({ ...production, ADMIN_MFA: 'off' })).toEqual({ ok: false, error: expect.stringContaining('ADMIN_MFA') })
    expect(parseEnv({ ...production, ADMIN_MFA: 'required' }).ok).toBe(true)
    expect(parseEnv({ NODE_ENV: 'test', ADMIN_MFA: 'sometimes' })).toEqual({ ok: false, error: expect.stringContaining('ADMIN_MFA') })
  })

  it('only an API that says "no second factor" makes enrollment due (an older API says nothing)', () => {
    process.env.ADMIN_MFA = 'super'
    expect(setupRequired('Super Admin', { mfa_enabled: false })).toBe(true)
    expect(setupRequired('Super Admin', { mfa_enabled: true })).toBe(false)
    expect(setupRequired('Super Admin', {})).toBe(false)
    expect(setupRequired('Standard Admin', { mfa_enabled: false })).toBe(false)
    expect(afterSignInPath(true, '/admin/patients')).toBe('/admin/two-factor')
    expect(afterSignInPath(false, '/admin/patients')).toBe('/admin/patients')
    expect(afterSignInPath(false, null)).toBe('/admin/dashboard')
  })

  it('the API’s own word (mfa_setup_required) decides when it gives one', () => {
    process.env.ADMIN_MFA = 'off'
    expect(setupRequired('Super Admin', { mfa_enabled: false }, true)).toBe(true)
    process.env.ADMIN_MFA = 'required'
    expect(setupRequired('Standard Admin', { mfa_enabled: false }, false)).toBe(false)
  })
})

describe('ADMIN_MFA: the app and a separate API agree, or the app does not start', () => {
  const API = 'http://api.test:4000/'
  it('the same value agrees; an API that does not say is no reason to stop', () => {
    expect(agreeOnAdminMfa('super', 'super', 'super', API)).toEqual({ kind: 'agree' })
    expect(agreeOnAdminMfa(undefined, 'super', 'super', API)).toEqual({ kind: 'agree' })
    expect(agreeOnAdminMfa('off', 'off', null, API)).toEqual({ kind: 'unknown' })
  })

  it('unset here: the API’s value is taken; set to another value: one line, and no start', () => {
    expect(agreeOnAdminMfa(undefined, 'super', 'required', API)).toEqual({ kind: 'adopt', value: 'required' })
    expect(agreeOnAdminMfa('', 'super', 'off', API)).toEqual({ kind: 'adopt', value: 'off' })
    const mismatch = agreeOnAdminMfa('off', 'off', 'super', API)
    expect(mismatch).toEqual({
      kind: 'mismatch',
      line: 'Invalid environment: ADMIN_MFA is "off" but the BariCare API at http://api.test:4000/ enforces "super"; set the same value for both (or leave ADMIN_MFA unset here to follow the API)',
    })
  })
})

describe('requireAdmin with enrollment due', () => {
  const due = () => sessionCookie({ admin: admin({ roles: ['Super Admin'], mfa_setup_required: true }) })

  it('sends every admin page, data requests included, to the enrollment screen', async () => {
    for (const path of ['/admin/dashboard', '/admin/users', '/admin/patients?page=2', '/admin/profile', '/admin/dashboard.data']) {
      const response = await thrownResponse(requireAdmin(pageRequest(path, await due())))
      expect(location(response), path).toBe('/admin/two-factor')
    }
  })

  it('lets the enrollment screen through, and an admin with nothing due anywhere', async () => {
    await expect(requireAdmin(pageRequest('/admin/two-factor', await due()))).resolves.toMatchObject({ role: 'Super Admin' })
    await expect(requireAdmin(pageRequest('/admin/two-factor.data', await due()))).resolves.toMatchObject({ role: 'Super Admin' })
    const done = await sessionCookie({ admin: admin({ roles: ['Super Admin'] }) })
    await expect(requireAdmin(pageRequest('/admin/users', done))).resolves.toMatchObject({ role: 'Super Admin' })
  })
})

describe('audit log labels', () => {
  const base = { id: 1, at: '2026-01-01T00:00:00.000Z', actor_account_id: 1, actor_email: 'a@b.co', target_account_id: 1, target_email: 'a@b.co' }

  it('names the two-factor actions and says what happened', () => {
    expect(AUDIT_ACTION_LABELS.mfa_enroll).toBe('Two-factor set up')
    expect(AUDIT_ACTION_LABELS.mfa_reset).toBe('Two-factor reset')
    expect(AUDIT_ACTION_LABELS.mfa_failure).toBe('Two-factor code failed')
    expect(AUDIT_ACTION_LABELS.mfa_recovery_code_used).toBe('Recovery code used')
    expect(describeAuditEvent({ ...base, action: 'mfa_failure', details: { during: 'sign_in' } })).toBe('Wrong code at sign-in')
    expect(describeAuditEvent({ ...base, action: 'mfa_recovery_code_used', details: { remaining: 1 } })).toBe('1 code left')
    expect(describeAuditEvent({ ...base, action: 'sign_in', details: { outcome: 'success', second_factor: 'totp' } })).toBe(
      'Signed in, with an authenticator code',
    )
    expect(describeAuditEvent({ ...base, action: 'sign_in', details: { outcome: 'mfa_required' } })).toBe(
      'Password accepted, two-factor code asked for',
    )
  })
})

describe('enrollment screen helpers', () => {
  it('groups the manual key by four', () => {
    expect(groupKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    expect(groupKey('ABCDEF')).toBe('ABCD EF')
  })

  it('draws the QR code as one SVG path of squares inside its quiet zone', () => {
    const { size, path } = qrDrawing('otpauth://totp/BariCare:a%40b.co?secret=JBSWY3DPEHPK3PXP&issuer=BariCare')
    expect(size).toBeGreaterThanOrEqual(21 + 8)
    expect(path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/)
    // The top-left finder pattern's corner module sits just inside the 4-module margin.
    expect(path.startsWith('M4 4h1v1h-1z')).toBe(true)
    expect(path).not.toContain('M0 0')
  })
})
