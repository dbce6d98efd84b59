// The bench's set-wise seeder writes the same summaries and alerts as the per-patient rule
// (refreshPatient) would, so the scale table measures what production would hold.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { seedScalePatients, countScalePatients } from '../../provider/dev/scale-seed'
import { refreshPatient } from '../../provider/patient-changes'
import { patientSummaryPage } from '../../provider/store/patient-summary-reads'
import { nextMilestone } from '../../provider/admin-patients-metrics'
import { API } from '../../common/contract/endpoints'
import type { Store } from '../../provider/store/sql'
import { openTestStore } from './helpers'

let store: Store
beforeAll(async () => {
  store = await openTestStore()
})
afterAll(() => store.close())

const summaries = () =>
  store.all<Record<string, unknown>>(
    `SELECT s.*, (SELECT string_agg(kind || ':' || tier || ':' || status || ':' || detail, ',' ORDER BY kind)
                  FROM patient_alerts a WHERE a.account_id = s.account_id) AS alerts
     FROM patient_summaries s ORDER BY account_id`,
  )

test('seeds numbered patients in batches, and their summaries and alerts match the per-patient rule', async () => {
  await seedScalePatients(store, 0, 40, { batch: 25 })
  await seedScalePatients(store, 40, 70, { batch: 25 })
  expect(await countScalePatients(store)).toBe(70)
  const seeded = await summaries()
  expect(seeded).toHaveLength(70)
  expect(seeded.filter((row) => row.alert_tier === 1).length).toBeGreaterThan(0)
  expect(seeded.filter((row) => row.alert_tier === 2).length).toBeGreaterThan(0)
  for (const row of seeded) await refreshPatient(store, Number(row.account_id))
  const strip = (rows: Record<string, unknown>[]) => rows.map(({ refreshed_at: _, ...rest }) => rest)
  expect(strip(await summaries())).toEqual(strip(seeded))
})

test('the milestone filter in SQL picks exactly the patients whose next follow-up is that close', async () => {
  // Surgery dates every 37 days over four years (plus the first test's patients): month ends,
  // a 29 February, year ends.
  await seedScalePatients(store, 70, 400, { batch: 400 })
  const dates = await store.all<{ id: number; surgery_date: string }>(
    'SELECT account_id AS id, surgery_date FROM patient_summaries WHERE surgery_date IS NOT NULL',
  )
  await store.run("UPDATE patient_summaries SET surgery_date = '2024-02-29', surgery_md = 229 WHERE account_id = ?", [dates[0].id])
  dates[0].surgery_date = '2024-02-29'
  for (const today of ['2026-11-24', '2026-12-20', '2027-02-21', '2028-02-27', '2027-08-31']) {
    for (const window of ['7', '14', '30']) {
      const query = API.adminPatients.list.query.parse({ milestone: window, page_size: '100', sort: 'surgery_date' })
      const found: number[] = []
      for (let page = 1; ; page++) {
        const { rows } = await patientSummaryPage(store, { ...query, page }, today)
        found.push(...rows.map((row) => row.id))
        if (rows.length < 100) break
      }
      const expected = dates
        .filter((row) => {
          const next = nextMilestone(row.surgery_date, today)
          return next !== null && next.days_until <= Number(window)
        })
        .map((row) => row.id)
      expect([...found].sort((a, b) => a - b), `${today} within ${window}`).toEqual(expected.sort((a, b) => a - b))
    }
  }
})
