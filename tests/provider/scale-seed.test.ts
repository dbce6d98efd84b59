// The bench's set-wise seeder writes the same summaries and alerts as the per-patient rule
// (refreshPatientSummary) would, so the scale table measures what production would hold.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { seedScalePatients, countScalePatients } from '../../provider/dev/scale-seed'
import { refreshPatientSummary } from '../../provider/store/patient-summaries'
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
  for (const row of seeded) await refreshPatientSummary(store, Number(row.account_id))
  const strip = (rows: Record<string, unknown>[]) => rows.map(({ refreshed_at: _, ...rest }) => rest)
  expect(strip(await summaries())).toEqual(strip(seeded))
})
