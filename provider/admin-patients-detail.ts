// Extension (docs/provider-api.md, "Extensions"): GET v1/admin/patients/{id}/ — one patient's record
// for a clinician: more than the list (it is audited), but still no street address or free-text
// medication and diet notes, which the record screen does not need.
import { addDays, ageOn, round1 } from './admin-patients-metrics.js'
import { bodyMassIndex, idealBodyWeightKg } from '../common/clinical'
import { regainThresholdPercent, weightRegain } from './alerts-rules.js'
import { listAlerts, type AlertView } from './store/alerts.js'
import { listConnections, type DeviceConnectionView } from './store/devices.js'
import type { PersonalSection } from '../common/contract/profile'
import { patientSnapshot, proteinByDay, type PatientSnapshot } from './patient-snapshots.js'
import { readRecordSections } from './store/profiles.js'
import { findClosure } from './store/account-closure.js'
import { closureSettings, deleteAfterDay } from './account-closure.js'
import type { ProviderContext } from './context.js'
import { remindersContent } from './reminders-content.js'
import { readReminderSettings } from './store/reminders.js'
import { daysWithData } from './store/patients.js'
import type { Db } from './store/sql.js'

export const ADHERENCE_WINDOW_DAYS = 30
const ALERT_HISTORY = 20

export interface PatientDetail {
  patient: {
    id: number
    full_name: string
    email: string
    phone_number: string | null
    date_of_birth: string | null
    age: number | null
    gender: string | null
    city: string | null
    state: string | null
    onboarding: PatientSnapshot['onboarding']
    created_at: string
  }
  surgery: {
    bariatric_status: PatientSnapshot['bariatric_status']
    surgery_type: string | null
    surgery_date: string | null
    days_post_op: number | null
    hospital_name: string | null
  }
  measures: {
    height_cm: number | null
    baseline_kg: number | null
    baseline_source: 'pre_surgery' | 'initial' | null
    ideal_kg: number | null
    goal_kg: number | null
    current_kg: number | null
    current_day: string | null
    nadir_kg: number | null
    nadir_day: string | null
    bmi: number | null
    twl_percent: number | null
    ewl_percent: number | null
  }
  conditions: string[]
  allergies: string
  next_milestone: PatientSnapshot['next_milestone']
  adherence: {
    window_days: number
    from: string
    to: string
    days_with_data: number
    protein_target_g: number
    protein_days_logged: number
    protein_days_on_target: number
    /** % of the days with meals logged on which protein reached the target; null with none logged. */
    protein_hit_rate: number | null
  }
  regain: { threshold_percent: number; kg: number; percent: number; flagged: boolean } | null
  alerts: AlertView[]
  devices: DeviceConnectionView[]
  last_sync_at: string | null
  last_entry_day: string | null
  days_since_last_data: number | null
  weight_unit: PersonalSection['weight_unit']
  /** Which reminders the patient turned on (read only; only the patient can change them). */
  reminders: ReturnType<typeof remindersContent>
  /** Set once the account is closed: the record is read-only until delete_after. */
  closure: {
    closed_at: string
    closed_by: 'patient' | 'admin'
    reference: string | null
    delete_after: string
  } | null
}

/** Undefined for an id that is not a patient's. */
export async function patientDetail(
  db: Db,
  accountId: number,
  today: string,
  settings: Pick<ProviderContext, 'accountClosure'> = {},
): Promise<PatientDetail | undefined> {
  // Computed afresh from this patient's stored facts; the alerts are those evaluated on the last
  // change of data (or the day's time-based evaluation), read as they are.
  const snapshot = await patientSnapshot(db, accountId, today)
  if (!snapshot) return undefined
  const {
    personal,
    medical_history: medical,
    bariatric_surgery: bariatric,
  } = await readRecordSections(db, accountId)
  const closure = await findClosure(db, accountId)
  const from = addDays(today, -(ADHERENCE_WINDOW_DAYS - 1))
  const protein = [...((await proteinByDay(db, from, today, accountId)).get(accountId)?.values() ?? [])]
  const onTarget = protein.filter((grams) => grams >= snapshot.protein_target_g).length
  const threshold = regainThresholdPercent()
  const regain = weightRegain(snapshot.current_kg, snapshot.nadir_kg, threshold)
  return {
    patient: {
      id: snapshot.id,
      full_name: snapshot.full_name,
      // A closed account's address may have been freed for a new sign-up: show the one it had.
      email: closure?.closed_email ?? snapshot.email,
      phone_number: snapshot.phone_number,
      date_of_birth: snapshot.date_of_birth,
      age: ageOn(snapshot.date_of_birth, today),
      gender: snapshot.gender,
      city: snapshot.city,
      state: snapshot.state,
      onboarding: snapshot.onboarding,
      created_at: snapshot.created_at,
    },
    surgery: {
      bariatric_status: snapshot.bariatric_status,
      surgery_type: snapshot.surgery_type,
      surgery_date: snapshot.surgery_date,
      days_post_op: snapshot.days_post_op,
      hospital_name: bariatric?.bariatric_status === 'yes' ? (bariatric.hospital_name ?? null) : null,
    },
    measures: {
      height_cm: snapshot.height_cm,
      baseline_kg: snapshot.baseline_kg,
      baseline_source: bariatric?.pre_surgery_weight ? 'pre_surgery' : personal ? 'initial' : null,
      ideal_kg: round1(idealBodyWeightKg(snapshot.height_cm)),
      goal_kg: snapshot.goal_kg,
      current_kg: snapshot.current_kg,
      current_day: snapshot.current_day,
      nadir_kg: snapshot.nadir_kg,
      nadir_day: snapshot.nadir_day,
      bmi: round1(bodyMassIndex(snapshot.current_kg ?? snapshot.baseline_kg, snapshot.height_cm)),
      twl_percent: snapshot.twl_percent,
      ewl_percent: snapshot.ewl_percent,
    },
    conditions: medical?.pre_existing_conditions ?? [],
    allergies: medical?.allergies ?? '',
    next_milestone: snapshot.next_milestone,
    adherence: {
      window_days: ADHERENCE_WINDOW_DAYS,
      from,
      to: today,
      days_with_data: await daysWithData(db, accountId, from, today),
      protein_target_g: snapshot.protein_target_g,
      protein_days_logged: protein.length,
      protein_days_on_target: onTarget,
      protein_hit_rate: protein.length ? Math.round((onTarget / protein.length) * 100) : null,
    },
    regain: regain && { threshold_percent: threshold, ...regain },
    alerts: await listAlerts(db, { status: null, patientId: accountId, tier: null, limit: ALERT_HISTORY }),
    devices: await listConnections(db, accountId),
    last_sync_at: snapshot.last_sync_at,
    last_entry_day: snapshot.last_entry_day,
    days_since_last_data: snapshot.days_since_last_data,
    weight_unit: personal?.weight_unit ?? 'kg',
    reminders: remindersContent(await readReminderSettings(db, accountId)),
    closure: closure && {
      closed_at: closure.closed_at,
      closed_by: closure.closed_by === null ? 'patient' : 'admin',
      reference: closure.closed_reference,
      delete_after: deleteAfterDay(new Date(closure.closed_at), closureSettings(settings).retentionYears),
    },
  }
}
