import { describe, expect, test } from 'vitest'
import { exportDecimals, exportFilename, readCohortFilters, readEntryRange, reportsHref, toCsv } from './admin-reports'
import { auditHref, describeAuditEvent, formatAuditTime, readAuditFilters } from '~/features/admin-users/audit'

describe('CSV', () => {
  test('quotes commas, quotes and line breaks; empty for null; CRLF; BOM', () => {
    const csv = toCsv(['a', 'b', 'c'], [['x,y', 'say "hi"', null], ['line\nbreak', 2.5, true]])
    expect(csv).toBe('\uFEFFa,b,c\r\n"x,y","say ""hi""",\r\n"line\nbreak",2.5,true\r\n')
  })

  test('text that starts like a formula is neutralised; negative numbers stay numbers', () => {
    const csv = toCsv(['v'], [['=HYPERLINK("x")'], ['+1'], ['@SUM(A1)'], [-3.5]])
    expect(csv).toContain('-3.5')
    expect(csv.split('\r\n').slice(1, 5)).toEqual([`"'=HYPERLINK(""x"")"`, "'+1", "'@SUM(A1)", '-3.5'])
  })

  test('file names say what and when', () => {
    expect(exportFilename('entries', 'deidentified', '2026-11-21T10:00:00.000Z')).toBe('baricare-entries-deidentified-2026-11-21.csv')
  })
})

describe('report filters from the URL', () => {
  test('unknown values are dropped, reversed ranges swapped', () => {
    const filters = readCohortFilters(new URLSearchParams('procedure=Magic&months_since_surgery=3-6&onboarding=onboarded&surgery_from=2026-05-01&surgery_to=2026-01-01'))
    expect(filters).toEqual({ procedure: null, months_since_surgery: '3-6', onboarding: 'onboarded', surgery_from: '2026-01-01', surgery_to: '2026-05-01' })
    expect(reportsHref(filters)).toBe('/admin/reports?months_since_surgery=3-6&onboarding=onboarded&surgery_from=2026-01-01&surgery_to=2026-05-01')
    expect(readEntryRange(new URLSearchParams('from=2026-02-30&to=2026-03-01'))).toEqual({ from: null, to: '2026-03-01' })
  })
})

describe('audit log filters and texts', () => {
  test('bad params are clamped, never an error', () => {
    expect(readAuditFilters(new URLSearchParams('action=drop&page=-4&from=2026-99-01&actor=%20a@b%20'))).toEqual({
      action: null,
      actor: 'a@b',
      from: null,
      to: null,
      page: 1,
    })
    expect(readAuditFilters(new URLSearchParams('page=999999999')).page).toBe(100_000)
    expect(auditHref({ action: 'export', actor: '', from: null, to: null, page: 1 }, 3)).toBe('/admin/users?tab=audit&action=export&page=3')
  })

  test('events read as one line', () => {
    const base = { id: 1, at: '2026-11-21T09:05:00.000Z', actor_account_id: 1, actor_email: 'a@b.c', target_account_id: null, target_email: null }
    expect(describeAuditEvent({ ...base, action: 'export', details: { dataset: 'patients', mode: 'deidentified', row_count: 1, filters: { procedure: 'Other' } } })).toBe(
      'patients (de-identified) · 1 row · filters: procedure Other',
    )
    expect(describeAuditEvent({ ...base, action: 'sign_in', details: { outcome: 'deactivated' } })).toBe('Refused: account deactivated')
    expect(describeAuditEvent({ ...base, action: 'role_change', details: { from: 'Standard Admin', to: 'Super Admin' } })).toBe('Standard Admin → Super Admin')
    expect(describeAuditEvent({ ...base, action: 'patient_view', details: { resource: 'entries', from: '2026-01-01', to: '2026-01-31' } })).toBe('Health log, 01/01/2026 to 01/31/2026')
    expect(describeAuditEvent({ ...base, action: 'patient_view', details: { resource: 'record' } })).toBe('Patient record')
    expect(describeAuditEvent({ ...base, action: 'patient_view', details: { resource: 'record', from: '2026-01-01', to: '2026-01-31' } })).toBe('Patient record, with its health log, 01/01/2026 to 01/31/2026')
    expect(describeAuditEvent({ ...base, action: 'alert_acknowledge', details: { kind: 'weight_regain', tier: 'high' } })).toBe('weight regain, tier high')
    expect(formatAuditTime(base.at, 'UTC')).toBe('11/21/2026, 9:05 AM UTC')
    expect(formatAuditTime(base.at, 'America/New_York')).toBe('11/21/2026, 4:05 AM EST')
    expect(formatAuditTime('garbage', 'UTC')).toBe('—')
  })
})

describe('invite form schema', () => {
  test('same messages as the provider; role must be one of the two', async () => {
    const { inviteSchema } = await import('~/features/admin-users/invite-schema')
    const result = inviteSchema.safeParse({ full_name: ' ', email: 'nope', role: 'Owner' })
    expect(result.success).toBe(false)
    expect(result.error?.flatten().fieldErrors).toEqual({
      full_name: ['Full name is required'],
      email: ['Please enter a valid email address'],
      role: ['Choose Standard Admin or Super Admin'],
    })
    expect(inviteSchema.safeParse({ full_name: 'A', email: 'a@b.co' }).error?.flatten().fieldErrors).toEqual({ role: ['Role is required'] })
    // An empty e-mail is required, not also invalid (two messages under one field read as a glitch).
    expect(
      inviteSchema.safeParse({ full_name: 'A', email: '  ', role: 'Super Admin' }).error?.flatten().fieldErrors,
    ).toEqual({ email: ['Email is required'] })
  })
})

describe('export rounding', () => {
  test('rounds measures by their unit and leaves other columns alone', () => {
    const csv = toCsv(
      ['patient', 'height_cm', 'current_kg', 'twl_percent', 'sleep_hours', 'protein_g', 'water_ml', 'age'],
      [['P-1', 168.91, 127.006, 23.456, 7.25, 61.6, 1499.5, 41]],
    )
    expect(csv.split('\r\n')[1]).toBe('P-1,168.9,127,23.5,7.3,62,1500,41')
    expect(exportDecimals('weight_kg')).toBe(1)
    expect(exportDecimals('email')).toBe(null)
  })
})
