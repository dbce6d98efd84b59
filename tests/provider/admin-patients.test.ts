import { beforeAll, describe, expect, test } from 'vitest'
import { REGAINING_PATIENT, STANDARD, SUPER } from '../support/fixtures'
import { adminToken, expectError, useTestProvider, verifiedCustomer } from './helpers'

const provider = useTestProvider()
let standard: string
let superAdmin: string
beforeAll(async () => {
  standard = await adminToken(provider, STANDARD)
  superAdmin = await adminToken(provider, SUPER)
})

type Seeded = { id: number; email: string; full_name: string }
type ListItem = Record<string, unknown> & { id: number; full_name: string }
type Page = { items: ListItem[]; page: number; page_size: number; total: number; total_pages: number }

async function seed(body: object): Promise<Seeded[]> {
  const res = await provider.call('POST', '__dev/seed-patients/', { body })
  expect(res.status, res.text).toBe(201)
  return res.json.content as Seeded[]
}

async function list(query: string, token = standard): Promise<Page> {
  const res = await provider.call('GET', `v1/admin/patients/?${query}`, { token })
  expect(res.status, res.text).toBe(200)
  return res.json.content as Page
}

const unique = () => `Zq${Math.random().toString(36).slice(2, 8)}`

describe('GET v1/admin/patients/ (extension)', () => {
  test('searches by name or e-mail, case-insensitively, and pages with a total', async () => {
    const prefix = unique()
    const seeded = await seed({ prefix, count: 7 })
    const first = await list(`q=${prefix.toLowerCase()}&page_size=3`)
    expect(first.total).toBe(7)
    expect(first.total_pages).toBe(3)
    expect(first.items.map((item) => item.full_name)).toEqual(seeded.slice(0, 3).map((p) => p.full_name))
    const last = await list(`q=${prefix}&page_size=3&page=3`)
    expect(last.items.map((item) => item.id)).toEqual([seeded[6].id])
    const byEmail = await list(`q=${encodeURIComponent(seeded[2].email.toUpperCase())}`)
    expect(byEmail.items.map((item) => item.id)).toEqual([seeded[2].id])
    // Minimum necessary: no contact or address fields in the list.
    expect(Object.keys(first.items[0])).not.toEqual(expect.arrayContaining(['phone_number']))
    expect(first.items[0]).not.toHaveProperty('address_line1')
  })

  test('filters by procedure, onboarding, milestone window and alert; sorts with missing values last', async () => {
    const prefix = unique()
    const [sleeve, bypass, planning, unverified, quiet] = await seed({
      prefix,
      patients: [
        {
          surgery_type: 'Sleeve Gastrectomy',
          surgery_days_ago: 10,
          baseline_kg: 120,
          weights: [{ days_ago: 1, kg: 108 }],
          meals: [],
        },
        {
          surgery_type: 'Gastric Bypass (RNY)',
          surgery_days_ago: 100,
          baseline_kg: 130,
          weights: [{ days_ago: 2, kg: 100 }],
          meals: [],
        },
        { surgery_type: null, baseline_kg: 111, weights: [{ days_ago: 0, kg: 110 }], meals: [] },
        { state: 'unverified' },
        {
          surgery_type: 'Sleeve Gastrectomy',
          surgery_days_ago: 300,
          baseline_kg: 105,
          weights: [{ days_ago: 20, kg: 100 }],
          meals: [],
          created_days_ago: 60,
        },
      ],
    })
    const ids = async (query: string) => (await list(`q=${prefix}&${query}`)).items.map((item) => item.id)
    expect(await ids('procedure=Sleeve+Gastrectomy')).toEqual([sleeve.id, quiet.id])
    expect(await ids('procedure=none&onboarding=onboarded')).toEqual([planning.id])
    expect(await ids('onboarding=unverified')).toEqual([unverified.id])
    // Day 10 after surgery: the 2-week follow-up is 4 days away.
    expect(await ids('milestone=7')).toEqual([sleeve.id])
    expect(await ids('alert=tier2')).toEqual([quiet.id])
    expect(await ids('alert=none&onboarding=onboarded')).toEqual([sleeve.id, bypass.id, planning.id])
    expect(await ids('sort=twl&dir=desc')).toEqual([
      bypass.id,
      sleeve.id,
      quiet.id,
      planning.id,
      unverified.id,
    ])
    expect(await ids('sort=surgery_date&dir=asc')).toEqual([
      quiet.id,
      bypass.id,
      sleeve.id,
      planning.id,
      unverified.id,
    ])
    expect(await ids('sort=last_data&dir=desc')).toEqual([
      planning.id,
      sleeve.id,
      bypass.id,
      quiet.id,
      unverified.id,
    ])
  })

  test('answers 400 per parameter for values it does not know', async () => {
    const res = await provider.call('GET', 'v1/admin/patients/?sort=age&page=0&page_size=500&alert=red', {
      token: standard,
    })
    const fields = expectError(res, 400)
    expect(Object.keys(fields).sort()).toEqual(['alert', 'page', 'page_size', 'sort'])
    expect(fields.page_size).toEqual(['Page size must be a whole number from 1 to 100'])
  })

  test('is for admins only', async () => {
    const customer = await verifiedCustomer(provider)
    expectError(await provider.call('GET', 'v1/admin/patients/', { token: customer.access }), 401)
    expectError(await provider.call('GET', 'v1/admin/patients/'), 401)
    expect((await provider.call('GET', 'v1/admin/patients/', { token: superAdmin })).status).toBe(200)
  })
})

describe('GET v1/admin/patients/{id}/ and entries (extension)', () => {
  test('answers the record with measures, adherence and regain, and audits the view', async () => {
    const prefix = unique()
    const [patient] = await seed({
      prefix,
      patients: [
        { ...REGAINING_PATIENT, surgery_type: 'Sleeve Gastrectomy' },
      ],
    })
    const res = await provider.call('GET', `v1/admin/patients/${patient.id}/`, { token: standard })
    expect(res.status, res.text).toBe(200)
    const detail = res.json.content as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON answer inspected field by field
    expect(detail.patient).toMatchObject({
      id: patient.id,
      full_name: patient.full_name,
      email: patient.email,
    })
    expect(detail.patient).not.toHaveProperty('address_line1')
    expect(detail.measures).toMatchObject({
      baseline_kg: 130,
      ideal_kg: 72.3, // 25 × 1.70² = 72.25 exactly, as the patient's dashboard shows it
      current_kg: 106,
      nadir_kg: 100,
      twl_percent: 18.5,
    })
    expect(detail.regain).toEqual({ threshold_percent: 5, kg: 6, percent: 6, flagged: true })
    expect(detail.adherence).toMatchObject({
      days_with_data: 5,
      protein_days_logged: 5,
      protein_days_on_target: 1,
      protein_hit_rate: 20,
    })
    expect(
      detail.alerts.map((alert: { kind: string; status: string }) => [alert.kind, alert.status]),
    ).toEqual([
      ['weight_regain', 'open'],
      ['low_protein', 'open'],
    ])
    expect(detail.devices.length).toBeGreaterThan(0)

    const entries = await provider.call(
      'GET',
      `v1/admin/patients/${patient.id}/entries/?from=2000-01-01&to=2000-02-01`,
      {
        token: standard,
      },
    )
    expect(entries.status, entries.text).toBe(200)
    expect(entries.json.content).toMatchObject({ weight: [], meal: [], latest: { weight: null } })

    const rows = await auditRows(patient.id)
    expect(rows.map((row) => [row.action, row.actor_email, row.details.resource])).toEqual([
      ['patient_view', STANDARD.email, 'record'],
      ['patient_view', STANDARD.email, 'entries'],
    ])

    // The record page asks for both at once: one look, one audit row, with the log's range.
    const both = await provider.call(
      'GET',
      `v1/admin/patients/${patient.id}/?include=entries&from=2000-01-01&to=2000-02-01`,
      { token: standard },
    )
    expect(both.status, both.text).toBe(200)
    expect(both.json.content).toMatchObject({ patient: { id: patient.id }, entries: { from: '2000-01-01', weight: [] } })
    const after = await auditRows(patient.id)
    expect(after).toHaveLength(3)
    expect(after[2]!.details).toEqual({ resource: 'record', from: '2000-01-01', to: '2000-02-01' })
  })

  test('404 for an id that is no patient, 400 for a bad range', async () => {
    expectError(
      await provider.call('GET', 'v1/admin/patients/999999/', { token: standard }),
      404,
      'Patient not found.',
    )
    expectError(
      await provider.call('GET', 'v1/admin/patients/1/', { token: standard }),
      404,
      'Patient not found.',
    )
    const [patient] = await seed({ prefix: unique(), count: 1 })
    const bad = await provider.call(
      'GET',
      `v1/admin/patients/${patient.id}/entries/?from=2026-02-01&to=2026-01-01`,
      {
        token: standard,
      },
    )
    expect(expectError(bad, 400).to).toEqual(['To date must be on or after the from date'])
  })
})

/** Read straight from the database: the audit log's API belongs to another module. */
function auditRows(targetId: number): Promise<{ action: string; actor_email: string; details: Record<string, unknown> }[]> {
  return provider.db.all('SELECT action, actor_email, details FROM audit_events WHERE target_account_id = ? ORDER BY id', [
    targetId,
  ])
}

describe('alerts (extension)', () => {
  test('lists open alerts, acknowledges one with a note (audited), and refuses a second time', async () => {
    const [patient] = await seed({
      prefix: unique(),
      patients: [{ surgery_type: 'Duodenal Switch', weights: [{ days_ago: 12, kg: 100 }], meals: [] }],
    })
    const open = await provider.call('GET', `v1/admin/alerts/?status=open&patient=${patient.id}`, {
      token: standard,
    })
    expect(open.status, open.text).toBe(200)
    const [alert] = (
      open.json.content as { items: { id: number; kind: string; tier: number; detail: string }[] }
    ).items
    expect(alert).toMatchObject({ kind: 'no_recent_data', tier: 2, detail: 'Nothing logged for 12 days.' })

    const path = `v1/admin/alerts/${alert.id}/acknowledge/`
    expect(
      expectError(await provider.call('POST', path, { token: standard, body: { note: '  ' } }), 400).note,
    ).toEqual(['Note is required'])
    const done = await provider.call('POST', path, {
      token: standard,
      body: { note: 'Called; scale broken.' },
    })
    expect(done.status, done.text).toBe(200)
    expect(done.json).toMatchObject({
      message: 'Alert acknowledged.',
      content: { status: 'acknowledged', note: 'Called; scale broken.', acknowledged_by: STANDARD.email },
    })
    expectError(await provider.call('POST', path, { token: standard, body: { note: 'again' } }), 409)
    expectError(
      await provider.call('POST', 'v1/admin/alerts/999999/acknowledge/', {
        token: standard,
        body: { note: 'x' },
      }),
      404,
    )
    // Still acknowledged (not re-opened) while the condition holds.
    const after = await provider.call('GET', `v1/admin/alerts/?status=open&patient=${patient.id}`, {
      token: standard,
    })
    expect((after.json.content as { items: unknown[] }).items).toEqual([])
    expect((await auditRows(patient.id)).map((row) => row.action)).toEqual(['alert_acknowledge'])
  })
})

describe('GET v1/admin/dashboard/ (extension)', () => {
  test('counts the funnel, quiet patients, alerts by tier and cohorts', async () => {
    const before = (await provider.call('GET', 'v1/admin/dashboard/', { token: standard })).json
      .content as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answer
    await seed({
      prefix: unique(),
      patients: [
        { state: 'unverified' },
        { state: 'verified' },
        {
          surgery_type: 'Adjustable Gastric Band',
          surgery_days_ago: 40,
          baseline_kg: 100,
          weights: [{ days_ago: 9, kg: 90 }],
          meals: [],
        },
      ],
    })
    const res = await provider.call('GET', 'v1/admin/dashboard/', { token: standard })
    expect(res.status, res.text).toBe(200)
    const after = res.json.content as typeof before
    expect(after.funnel.signed_up - before.funnel.signed_up).toBe(3)
    expect(after.funnel.verified - before.funnel.verified).toBe(2)
    expect(after.funnel.onboarded - before.funnel.onboarded).toBe(1)
    expect(after.patients.no_recent_data - before.patients.no_recent_data).toBe(1)
    expect(after.open_alerts_by_tier['2'] - before.open_alerts_by_tier['2']).toBe(1)
    const band = (summary: typeof before) =>
      summary.cohorts.by_procedure.find((row: { cohort: string }) => row.cohort === 'Adjustable Gastric Band')
    expect(band(after).patients - band(before).patients).toBe(1)
    expect(after.cohorts.by_months_since_surgery.map((row: { cohort: string }) => row.cohort)).toEqual([
      '0–3 months',
      '3–6 months',
      '6–12 months',
      '12–24 months',
      '24+ months',
    ])
  })
})

describe('demo cohort (npm start)', () => {
  test('adds its patients once, with alerts and cohorts to show', async () => {
    const { seedDemoCohort } = await import('../../provider/dev/demo-cohort')
    expect(await seedDemoCohort(provider.db)).toBe(12)
    expect(await seedDemoCohort(provider.db)).toBe(0)
    const found = await list('q=%40baricare.test&page_size=100')
    expect(found.items.map((item) => item.full_name)).toContain('Ana Alvarez')
    const dashboard = (await provider.call('GET', 'v1/admin/dashboard/', { token: standard })).json
      .content as {
      open_alerts_by_tier: Record<string, number>
    }
    expect(Object.values(dashboard.open_alerts_by_tier).every((count) => count > 0)).toBe(true)
  })
})

describe('sync health of device connections', () => {
  test('the list shows the newest sync; the record lists the connections', async () => {
    const [patient] = await seed({ prefix: unique(), count: 1 })
    const service = (
      (await provider.call('GET', `v1/admin/patients/${patient.id}/`, { token: standard })).json.content as {
        devices: { service: string }[]
      }
    ).devices[0].service
    await provider.sql(
      `INSERT INTO device_connections (account_id, service, status, connected_at, last_synced_at) VALUES (?, ?, 'connected', ?, ?)`,
      patient.id,
      service,
      '2026-11-01T08:00:00.000Z',
      '2026-11-20T07:30:00.000Z',
    )
    const [item] = (await list(`q=${encodeURIComponent(patient.email)}`)).items
    expect(item.last_sync_at).toBe('2026-11-20T07:30:00.000Z')
    const detail = (await provider.call('GET', `v1/admin/patients/${patient.id}/`, { token: standard })).json
      .content as {
      devices: { service: string; status: string; last_synced_at: string | null }[]
      last_sync_at: string
    }
    expect(detail.last_sync_at).toBe('2026-11-20T07:30:00.000Z')
    expect(detail.devices.find((device) => device.service === service)).toMatchObject({
      status: 'connected',
      last_synced_at: '2026-11-20T07:30:00.000Z',
    })
  })
})
