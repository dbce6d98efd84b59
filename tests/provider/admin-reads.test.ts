// Admin reads are reads. Alerts and the patients' summaries change with the data (in
// the write's transaction) and with the daily time-based evaluation, never on a GET.
import { beforeAll, describe, expect, test } from 'vitest'
import { addDays, todayUtc } from '../../provider/admin-patients-metrics'
import { STANDARD } from '../support/fixtures'
import { adminToken, useTestProvider } from './helpers'

const provider = useTestProvider()
let standard: string
beforeAll(async () => {
  standard = await adminToken(provider, STANDARD)
})

type Seeded = { id: number; email: string; full_name: string }
const unique = () => `Zr${Math.random().toString(36).slice(2, 8)}`

async function seed(body: object): Promise<Seeded[]> {
  const res = await provider.call('POST', '__dev/seed-patients/', { body })
  expect(res.status, res.text).toBe(201)
  return res.json.content as Seeded[]
}

async function get(path: string) {
  const res = await provider.call('GET', path, { token: standard })
  expect(res.status, res.text).toBe(200)
  return res.json.content as Record<string, unknown>
}

/** Every row of the tables an admin read could have written, as one fingerprint per table. */
async function fingerprint(): Promise<Record<string, string>> {
  // audit_events is left out on purpose: opening a patient's record is audited (a documented write).
  const tables = ['accounts', 'customer_profiles', 'health_entries', 'daily_targets', 'patient_alerts', 'patient_summaries']
  const out: Record<string, string> = {}
  for (const table of tables) {
    const row = await provider.db.get<{ n: number; digest: string | null }>(
      `SELECT COUNT(*) AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${table} t`,
    )
    out[table] = `${row?.n}:${row?.digest}`
  }
  return out
}

describe('admin GETs write nothing', () => {
  test('the patients list (every filter and sort), dashboard, alerts and a record leave the data as it was', async () => {
    const prefix = unique()
    const [quiet] = await seed({
      prefix,
      patients: [
        {
          surgery_type: 'Sleeve Gastrectomy',
          surgery_days_ago: 200,
          baseline_kg: 120,
          weights: [
            { days_ago: 40, kg: 100 },
            { days_ago: 20, kg: 110 },
          ],
          meals: [],
          created_days_ago: 250,
        },
      ],
    })
    await seed({ prefix: unique(), count: 6 })
    const before = await fingerprint()
    const queries = [
      '',
      `q=${prefix}`,
      'procedure=none',
      'onboarding=onboarded',
      'milestone=30',
      'alert=any',
      'alert=tier1',
      'sort=twl&dir=desc&page=2&page_size=2',
      'sort=surgery_date',
      'sort=last_data&dir=desc',
    ]
    for (const query of queries) await get(`v1/admin/patients/?${query}`)
    await get('v1/admin/dashboard/')
    await get('v1/admin/alerts/')
    await get('v1/admin/alerts/?status=open&tier=1')
    await get(`v1/admin/patients/${quiet.id}/`)
    await get(`v1/admin/patients/${quiet.id}/entries/?to=${todayUtc()}`)
    expect(await fingerprint()).toEqual(before)
  })
})

describe('alerts follow the data', () => {
  test('a weight saved through the API opens the regain alert at once, and the list shows it', async () => {
    const prefix = unique()
    const [patient] = await seed({
      prefix,
      patients: [{ surgery_type: 'Sleeve Gastrectomy', surgery_days_ago: 100, baseline_kg: 120, weights: [{ days_ago: 1, kg: 100 }], meals: [] }],
    })
    const item = async () =>
      ((await get(`v1/admin/patients/?q=${prefix}`)).items as { id: number; open_alerts: number; alert_tier: number | null }[])[0]
    expect(await item()).toMatchObject({ id: patient.id, open_alerts: 0, alert_tier: null })
    // The seeded patient's password is not known: write through the store, as a write route does.
    const { insertEntry } = await import('../../provider/store/entries')
    const { changePatients } = await import('../../provider/patient-changes')
    await changePatients(provider.db, (tx) =>
      insertEntry(tx, patient.id, 'weight', {
        date: todayUtc(),
        weight: 110,
        weight_unit: 'kg',
        note: '',
        source: 'manual',
      } as never),
    )
    expect(await item()).toMatchObject({ id: patient.id, open_alerts: 1, alert_tier: 1 })
  })

  test('the time-based evaluation opens "No recent data" once a week has passed, and only then', async () => {
    const prefix = unique()
    const [patient] = await seed({
      prefix,
      patients: [{ surgery_type: 'Sleeve Gastrectomy', surgery_days_ago: 100, baseline_kg: 120, weights: [{ days_ago: 0, kg: 100 }], meals: [] }],
    })
    const alerts = async () =>
      ((await get(`v1/admin/alerts/?patient=${patient.id}&status=open`)).items as { kind: string; detail: string }[]).map(
        (alert) => alert.kind,
      )
    expect(await alerts()).toEqual([])
    const evaluate = (today: string) => provider.call('POST', `__dev/evaluate-alerts/?today=${today}`)
    expect((await evaluate(addDays(todayUtc(), 6))).status).toBe(200)
    expect(await alerts()).toEqual([])
    const res = await evaluate(addDays(todayUtc(), 8))
    expect(res.status, res.text).toBe(200)
    expect(await alerts()).toEqual(['no_recent_data'])
    const item = ((await get(`v1/admin/patients/?q=${prefix}`)).items as { alert_tier: number | null }[])[0]
    expect(item.alert_tier).toBe(2)
    // Evaluated for that day already: a second run the same day has nobody to look at.
    expect(((await evaluate(addDays(todayUtc(), 8))).json.content as { patients: number }).patients).toBe(0)
  })
})

describe('summaries under concurrent writes', () => {
  test("parallel writes of one patient all land, and the summary reflects the last of them", async () => {
    const prefix = unique()
    const [patient] = await seed({
      prefix,
      patients: [{ surgery_type: 'Sleeve Gastrectomy', surgery_days_ago: 100, baseline_kg: 120, weights: [{ days_ago: 30, kg: 110 }], meals: [] }],
    })
    const { insertEntry } = await import('../../provider/store/entries')
    const { changePatients } = await import('../../provider/patient-changes')
    // On PostgreSQL these run on several connections at once: each unit's refresh waits for the
    // other's (never a deadlock against the entries' foreign-key locks).
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        changePatients(provider.db, (tx) =>
          insertEntry(tx, patient.id, 'weight', {
            date: addDays(todayUtc(), -i),
            weight: 100 - i,
            weight_unit: 'kg',
            note: '',
            source: 'manual',
          } as never),
        ),
      ),
    )
    const item = ((await get(`v1/admin/patients/?q=${prefix}`)).items as { current_kg: number; last_entry_day: string }[])[0]
    expect(item).toMatchObject({ current_kg: 100, last_entry_day: todayUtc() })
  })
})
