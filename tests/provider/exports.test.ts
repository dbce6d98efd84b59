import { beforeAll, describe, expect, test } from 'vitest'
import { BARIATRIC_IMPERIAL, STANDARD, SUPER } from '../support/fixtures'
import {
  adminToken,
  completeProfile,
  expectError,
  uniqueEmail,
  useTestProvider,
  verifiedCustomer,
} from './helpers'

const provider = useTestProvider()
let superToken: string
let standardToken: string

type Export = { dataset: string; mode: string; columns: string[]; rows: unknown[][]; row_count: number; truncated: boolean; filters: Record<string, string> }

const OLD = {
  full_name: 'Zebulon Quixote-Exporter',
  phone_number: '5559876543',
  date_of_birth: '1931-02-17',
  address_line1: '742 Evergreen Terrace',
  address_line2: 'Apt 12B',
  city: 'Shelbyville',
  state: 'VT',
  postal_code: '05901',
}
const YOUNG = { ...OLD, full_name: 'Yolanda Exporter', phone_number: '5550001111', date_of_birth: '1990-07-04', postal_code: '62701-1234', address_line1: '9 Elm Road', city: 'Springfield', state: 'IL' }

async function patient(personal: object, bariatric: object) {
  const c = await verifiedCustomer(provider, uniqueEmail('export'))
  await completeProfile(provider, c.access, { overrides: { personal, bariatric } })
  for (const [kind, body] of [
    ['weight', { date: '2026-04-10', weight: 110, weight_unit: 'kg', note: 'Weighed at Shelbyville clinic' }],
    ['meal', { date: '2026-04-11', time: '12:30', meal_type: 'lunch', protein_g: 30, calories: 400, description: 'Lunch with Zebulon' }],
  ] as const) {
    const res = await provider.call('POST', `v1/auth/entries/${kind}/`, { token: c.access, body })
    expect(res.status, res.text).toBe(201)
  }
  return c
}

const PROCEDURE = 'Duodenal Switch'
let old: Awaited<ReturnType<typeof patient>>
let young: Awaited<ReturnType<typeof patient>>

beforeAll(async () => {
  superToken = await adminToken(provider, SUPER)
  standardToken = await adminToken(provider, STANDARD)
  old = await patient(OLD, { surgery_type: PROCEDURE, surgery_date: '2026-03-15' })
  young = await patient(YOUNG, { surgery_type: PROCEDURE, surgery_date: '2025-01-20' })
})

async function exportOf(dataset: string, query: string, token = superToken): Promise<Export> {
  const res = await provider.call('GET', `v1/admin/exports/${dataset}/?${query}`, { token })
  expect(res.status, res.text).toBe(200)
  return res.json.content as Export
}

const IDENTIFIERS = [
  OLD.full_name, YOUNG.full_name, 'Zebulon', 'Shelbyville', 'Springfield', 'Evergreen', 'Elm Road', 'Apt 12B',
  OLD.phone_number, YOUNG.phone_number, '05901', '62701', '1931-02-17', '1990-07-04', '2026-03-15', '2025-01-20',
  '2026-04-10', '2026-04-11', '12:30', '@example.com',
]

describe('GET v1/admin/exports/{patients,entries}/ (extension)', () => {
  test('de-identified patients: no Safe Harbor identifiers, ZIP3 and 000, ages over 89 as 90+, years only', async () => {
    const res = await provider.call('GET', `v1/admin/exports/patients/?mode=deidentified&procedure=${encodeURIComponent(PROCEDURE)}`, { token: standardToken })
    expect(res.status, res.text).toBe(200)
    for (const identifier of [...IDENTIFIERS, old.email, young.email]) expect(res.text).not.toContain(identifier)
    const content = res.json.content as Export
    expect(content.columns).toEqual(expect.arrayContaining(['patient', 'age', 'zip3', 'state', 'surgery_year', 'months_since_surgery', 'twl_percent']))
    expect(content.columns).not.toEqual(expect.arrayContaining(['full_name']))
    const rows = content.rows.map((row) => Object.fromEntries(content.columns.map((c, i) => [c, row[i]])))
    expect(rows).toHaveLength(2)
    const oldRow = rows.find((r) => r.age === '90+')!
    expect(oldRow).toMatchObject({ zip3: '000', state: 'VT', surgery_year: '2026', current_kg: 110 })
    expect(oldRow.patient).toMatch(/^P-[0-9A-F]{10}$/)
    const youngRow = rows.find((r) => r.age !== '90+')!
    expect(youngRow).toMatchObject({ zip3: '627', state: 'IL', surgery_year: '2025' })
    // Pseudonyms differ between exports, so two exports cannot be joined on them.
    const again = await exportOf('patients', `mode=deidentified&procedure=${encodeURIComponent(PROCEDURE)}`)
    expect(again.rows.map((r) => r[0])).not.toContain(oldRow.patient)
  })

  test('de-identified entries: no free text, no dates beyond the year, one pseudonym per patient', async () => {
    const res = await provider.call('GET', `v1/admin/exports/entries/?mode=deidentified&procedure=${encodeURIComponent(PROCEDURE)}&from=2026-04-01&to=2026-04-30`, { token: standardToken })
    expect(res.status, res.text).toBe(200)
    for (const identifier of [...IDENTIFIERS, 'Weighed at', 'Lunch with']) expect(res.text).not.toContain(identifier)
    const content = res.json.content as Export
    expect(content.row_count).toBe(4)
    const rows = content.rows.map((row) => Object.fromEntries(content.columns.map((c, i) => [c, row[i]])))
    expect(new Set(rows.map((r) => r.patient)).size).toBe(2)
    expect(rows.find((r) => r.kind === 'weight')).toMatchObject({ year: '2026', weight_kg: 110 })
    expect(rows.map((r) => r.months_since_surgery).sort()).toEqual(['0-3', '0-3', '12-24', '12-24'])
  })

  test('de-identified entries keep only the documented sources; a typed device name becomes "other device"', async () => {
    const c = await verifiedCustomer(provider, uniqueEmail('export-source'))
    await completeProfile(provider, c.access, { overrides: { personal: OLD } })
    for (const [date, source] of [['2026-02-03', "Zebulon's scale at Shelbyville"], ['2026-02-04', 'Withings'], ['2026-02-05', 'manual']] as const) {
      const res = await provider.call('POST', 'v1/auth/entries/weight/', { token: c.access, body: { date, weight: 100, weight_unit: 'kg', source } })
      expect(res.status, res.text).toBe(201)
    }
    // Another procedure than the other tests' cohort, so their counts stay theirs.
    const range = `procedure=${encodeURIComponent(BARIATRIC_IMPERIAL.surgery_type)}&from=2026-02-03&to=2026-02-05`
    const res = await provider.call('GET', `v1/admin/exports/entries/?mode=deidentified&${range}`, { token: standardToken })
    expect(res.status, res.text).toBe(200)
    expect(res.text).not.toContain('Zebulon')
    const content = res.json.content as Export
    const sources = content.rows.map((row) => row[content.columns.indexOf('source')]).sort()
    expect(sources).toEqual(['Withings', 'manual', 'other device'])
    // The identified export (Super Admin) keeps what the patient typed.
    expect(JSON.stringify((await exportOf('entries', `mode=identified&${range}`)).rows)).toContain("Zebulon's scale at Shelbyville")
  })

  test('identified exports are Super Admin only and carry the identifiers', async () => {
    expectError(
      await provider.call('GET', 'v1/admin/exports/patients/?mode=identified', { token: standardToken }),
      403,
      'Only a Super Admin can export identified data.',
    )
    expectError(await provider.call('GET', 'v1/admin/exports/entries/?mode=identified', { token: standardToken }), 403)
    const patients = await exportOf('patients', `mode=identified&procedure=${encodeURIComponent(PROCEDURE)}&surgery_from=2026-01-01&surgery_to=2026-12-31`)
    expect(patients.row_count).toBe(1)
    expect(patients.rows[0]).toEqual(expect.arrayContaining([OLD.full_name, old.email, OLD.postal_code, '2026-03-15']))
    const entries = await exportOf('entries', `mode=identified&procedure=${encodeURIComponent(PROCEDURE)}`)
    expect(JSON.stringify(entries.rows)).toContain('Lunch with Zebulon')
  })

  test('every export is audited with who, dataset, mode, filters and row count', async () => {
    await exportOf('entries', `mode=deidentified&procedure=${encodeURIComponent(PROCEDURE)}&months_since_surgery=12-24`, standardToken)
    const res = await provider.call('GET', `v1/admin/audit-events/?action=export&actor=${encodeURIComponent(STANDARD.email)}`, { token: superToken })
    const events = (res.json.content as { events: { actor_email: string; details: Record<string, unknown> }[] }).events
    expect(events[0]).toMatchObject({
      actor_email: STANDARD.email,
      details: { dataset: 'entries', mode: 'deidentified', filters: { procedure: PROCEDURE, months_since_surgery: '12-24' }, row_count: 2, truncated: false },
    })
    // A refused identified export is not an export.
    expect(events.some((e) => e.details.mode === 'identified')).toBe(false)
  })

  test('bad parameters are 400 with field messages; no token is 401; a customer token is 401', async () => {
    const bad = expectError(await provider.call('GET', 'v1/admin/exports/patients/?mode=raw&procedure=Magic&surgery_from=2026-02-30', { token: superToken }), 400)
    expect(Object.keys(bad).sort()).toEqual(['mode', 'procedure', 'surgery_from'])
    expectError(await provider.call('GET', 'v1/admin/exports/entries/?mode=deidentified&from=2026-05-01&to=2026-04-01', { token: superToken }), 400, 'To date must be on or after the from date')
    expectError(await provider.call('GET', 'v1/admin/exports/patients/?mode=deidentified'), 401)
    expectError(await provider.call('GET', 'v1/admin/exports/patients/?mode=deidentified', { token: old.access }), 401)
  })
})

describe('GET v1/admin/reports/summary/ (extension)', () => {
  test('cohort summary of the filtered patients, for every admin', async () => {
    const res = await provider.call('GET', `v1/admin/reports/summary/?procedure=${encodeURIComponent(PROCEDURE)}`, { token: standardToken })
    expect(res.status, res.text).toBe(200)
    const content = res.json.content as { patients: number; by_procedure: { cohort: string; patients: number }[]; by_months_since_surgery: { cohort: string; patients: number }[] }
    expect(content.patients).toBe(2)
    expect(content.by_procedure.find((r) => r.cohort === PROCEDURE)?.patients).toBe(2)
    expect(content.by_months_since_surgery.reduce((n, r) => n + r.patients, 0)).toBe(2)
    expectError(await provider.call('GET', 'v1/admin/reports/summary/'), 401)
  })
})
