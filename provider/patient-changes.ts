// A change to a patient's data, as one unit of work (provider/store/units.ts): the writes, then,
// on the same transaction, the patient's summary row and alert episodes recomputed from what is
// now stored, by the rules (provider/patient-facts.ts, provider/alerts-rules.ts). Every route,
// job and seeder that writes a patient's data runs it in `changePatients`; the store refuses a
// patient write outside a unit.
import { regainThresholdPercent } from './alerts-rules.js'
import { baseSnapshot, conditionsFor, proteinWindowStart } from './patient-facts.js'
import { todayUtc } from '../common/iso-days'
import { syncPatientAlerts } from './store/alerts.js'
import {
  deletePatientSummary,
  lockPatientRow,
  monthDay,
  patientsDueForTimeBasedAlerts,
  patientsWithoutSummary,
  readPatientFacts,
  writePatientSummary,
} from './store/patient-summaries.js'
import type { Db } from './store/sql.js'
import { changed, patientUnit, type PatientTx } from './store/units.js'

export type { PatientTx } from './store/units.js'

/** Runs `work` as one unit: its patient writes, then their summaries and alerts, commit together. */
export function changePatients<T>(db: Db, work: (tx: PatientTx) => Promise<T>, today?: string): Promise<T> {
  return patientUnit(db, work, (tx, ids) => refreshPatients(tx, ids, today))
}

/**
 * The one rule that keeps a summary true: each patient's row recomputed from their stored facts,
 * their alerts brought in line with today's conditions; the row of an id that is no longer a
 * patient's is removed.
 */
export async function refreshPatients(tx: Db, accountIds: readonly number[], today = todayUtc(), now = new Date()): Promise<void> {
  for (const accountId of accountIds) {
    await lockPatientRow(tx, accountId)
    const facts = await readPatientFacts(tx, accountId, today, proteinWindowStart(today))
    if (!facts) {
      await deletePatientSummary(tx, accountId)
      continue
    }
    const snapshot = baseSnapshot(facts, today)
    await syncPatientAlerts(tx, accountId, conditionsFor(snapshot, facts.protein, today, regainThresholdPercent()), now)
    await writePatientSummary(tx, accountId, {
      full_name: snapshot.full_name,
      name_sort: snapshot.full_name.toLocaleLowerCase('en'),
      name_lower: snapshot.full_name.toLowerCase(),
      email: snapshot.email,
      email_lower: snapshot.email.toLowerCase(),
      created_at: snapshot.created_at,
      created_day: snapshot.created_at.slice(0, 10),
      email_verified: snapshot.email_verified,
      is_onboarded: snapshot.is_onboarded,
      onboarding: snapshot.onboarding,
      bariatric_status: snapshot.bariatric_status,
      surgery_type: snapshot.surgery_type,
      surgery_date: snapshot.surgery_date,
      surgery_md: snapshot.surgery_date ? monthDay(snapshot.surgery_date) : null,
      baseline_kg: snapshot.baseline_kg,
      height_cm: snapshot.height_cm,
      goal_kg: snapshot.goal_kg,
      current_kg: snapshot.current_kg,
      current_day: snapshot.current_day,
      nadir_kg: snapshot.nadir_kg,
      nadir_day: snapshot.nadir_day,
      twl_percent: snapshot.twl_percent,
      ewl_percent: snapshot.ewl_percent,
      last_entry_day: snapshot.last_entry_day,
      protein_target_g: snapshot.protein_target_g,
      alerts_evaluated_on: today,
      refreshed_at: now.toISOString(),
    })
  }
}

const BATCH = 500

/** One patient's summary and alerts recomputed, as a unit with no write but the refresh. */
export function refreshPatient(db: Db, accountId: number, today?: string): Promise<void> {
  return changePatients(db, async (tx) => changed(tx, accountId), today)
}

/** One patient at a time, each its own unit, so no run holds many locks. */
async function refreshEach(db: Db, ids: readonly number[], today: string): Promise<void> {
  for (const id of ids) await refreshPatient(db, id, today)
}

/** Patients without a summary yet (a database from before migration 0008): filled in at start. */
export async function refreshMissingSummaries(db: Db, today = todayUtc()): Promise<number> {
  let done = 0
  for (;;) {
    const ids = await patientsWithoutSummary(db, BATCH)
    await refreshEach(db, ids, today)
    done += ids.length
    if (ids.length < BATCH) return done
  }
}

/**
 * The time-based alert rules (no data for 7 days; the 7-day protein window moving on) for every
 * patient they may concern whose alerts were last evaluated before `today`. Runs at API start and
 * from `POST __dev/evaluate-alerts/`, and hourly as the pg-boss job `alerts.time-based`
 * (provider/jobs/alerts.ts).
 */
export async function evaluateTimeBasedAlerts(db: Db, today = todayUtc()): Promise<number> {
  let done = 0
  for (;;) {
    const ids = await patientsDueForTimeBasedAlerts(db, today, BATCH)
    await refreshEach(db, ids, today)
    done += ids.length
    if (ids.length < BATCH) return done
  }
}
