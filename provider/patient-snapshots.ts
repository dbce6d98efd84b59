// Extension (docs/provider-api.md, "Extensions"): one row per patient with everything the admin
// portal's lists, dashboard, cohorts and exports are computed from. Read in a handful of set-wise
// queries (not per patient), and evaluating the alert rules on the way, so every admin view that
// reads snapshots sees alerts that are up to date with the data.
import {
  addDays,
  daysBetween,
  ewlPercent,
  nextMilestone,
  round1,
  twlPercent,
  type Milestone,
} from './admin-patients-metrics.js'
import {
  alertConditions,
  PROTEIN_WINDOW_DAYS,
  regainThresholdPercent,
  type AlertCondition,
  type AlertTier,
} from './alerts-rules.js'
import { openAlertSummary, syncAlerts } from './store/alerts.js'
import { DEFAULT_TARGETS } from './store/entries.js'
import type { BariatricSection } from './profile-sections.js'
import {
  customerAccounts,
  lastEntryDays,
  lastSyncTimes,
  proteinByDay,
  proteinTargets,
  weightRows,
} from './store/patients.js'
import type { Db } from './store/sql.js'

export { proteinByDay } from './store/patients.js'

export type OnboardingState = 'unverified' | 'verified' | 'onboarded'
export const ONBOARDING_STATES: readonly OnboardingState[] = ['unverified', 'verified', 'onboarded']

export interface PatientSnapshot {
  id: number
  email: string
  full_name: string
  phone_number: string | null
  date_of_birth: string | null
  gender: string | null
  postal_code: string | null
  city: string | null
  state: string | null
  address_line1: string | null
  address_line2: string | null
  created_at: string
  email_verified: boolean
  is_onboarded: boolean
  /** Funnel stage: signed up but unverified → verified (profile incomplete) → onboarded. */
  onboarding: OnboardingState
  bariatric_status: BariatricSection['bariatric_status'] | null
  surgery_type: string | null
  surgery_date: string | null
  /** Whole days since a surgery that has happened; null otherwise. */
  days_post_op: number | null
  /** Pre-surgery weight if given, else the initial weight (kg). */
  baseline_kg: number | null
  height_cm: number | null
  goal_kg: number | null
  /** The latest logged weight (kg). */
  current_kg: number | null
  current_day: string | null
  /** The lowest logged weight (kg) and its (latest) day. */
  nadir_kg: number | null
  nadir_day: string | null
  twl_percent: number | null
  ewl_percent: number | null
  last_entry_day: string | null
  days_since_last_data: number | null
  last_sync_at: string | null
  next_milestone: Milestone | null
  protein_target_g: number
  open_alerts: number
  alert_tier: AlertTier | null
}

interface WeightFacts {
  current_kg: number
  current_day: string
  nadir_kg: number
  nadir_day: string
}

async function weightFacts(db: Db, today: string): Promise<Map<number, WeightFacts>> {
  const rows = await weightRows(db, today)
  const facts = new Map<number, WeightFacts>()
  for (const row of rows) {
    if (typeof row.kg !== 'number') continue
    const kg = row.kg
    const seen = facts.get(row.account_id)
    if (!seen) {
      facts.set(row.account_id, {
        current_kg: kg,
        current_day: row.day,
        nadir_kg: kg,
        nadir_day: row.day,
      })
      continue
    }
    seen.current_kg = kg
    seen.current_day = row.day
    if (kg <= seen.nadir_kg) {
      seen.nadir_kg = kg
      seen.nadir_day = row.day
    }
  }
  return facts
}

type BaseSnapshot = Omit<PatientSnapshot, 'open_alerts' | 'alert_tier'>

async function baseSnapshots(db: Db, today: string): Promise<BaseSnapshot[]> {
  const accounts = await customerAccounts(db)
  const weights = await weightFacts(db, today)
  const lastDays = await lastEntryDays(db, today)
  const targets = await proteinTargets(db)
  const syncs = await lastSyncTimes(db)
  return accounts.map((row) => {
    const personal = row.personal
    const bariatric = row.bariatric_surgery
    const isOnboarded = row.is_onboarded === true
    const surgeryDate = bariatric?.bariatric_status === 'yes' ? (bariatric.surgery_date ?? null) : null
    const daysPostOp = surgeryDate && surgeryDate <= today ? daysBetween(surgeryDate, today) : null
    const baseline = bariatric?.pre_surgery_weight ?? personal?.initial_weight ?? null
    const height = personal?.height ?? null
    const weight = weights.get(row.id)
    const current = weight?.current_kg ?? null
    const lastDay = lastDays.get(row.id) ?? null
    return {
      id: row.id,
      email: row.email,
      full_name: personal?.full_name || row.account_name,
      phone_number: personal?.phone_number ?? null,
      date_of_birth: personal?.date_of_birth ?? null,
      gender: personal?.gender ?? null,
      postal_code: personal?.postal_code ?? null,
      city: personal?.city ?? null,
      state: personal?.state ?? null,
      address_line1: personal?.address_line1 ?? null,
      address_line2: personal?.address_line2 ?? null,
      created_at: row.created_at,
      email_verified: row.email_verified,
      is_onboarded: isOnboarded,
      onboarding: isOnboarded ? 'onboarded' : row.email_verified ? 'verified' : 'unverified',
      bariatric_status: bariatric?.bariatric_status ?? null,
      surgery_type: bariatric?.bariatric_status === 'yes' ? (bariatric.surgery_type ?? null) : null,
      surgery_date: surgeryDate,
      days_post_op: daysPostOp,
      baseline_kg: baseline,
      height_cm: height,
      goal_kg: bariatric?.goal_weight ?? null,
      current_kg: current,
      current_day: weight?.current_day ?? null,
      nadir_kg: weight?.nadir_kg ?? null,
      nadir_day: weight?.nadir_day ?? null,
      twl_percent: round1(twlPercent(baseline, current)),
      ewl_percent: round1(ewlPercent(baseline, current, height)),
      last_entry_day: lastDay,
      days_since_last_data: lastDay ? daysBetween(lastDay, today) : null,
      last_sync_at: syncs.get(row.id) ?? null,
      next_milestone: surgeryDate ? nextMilestone(surgeryDate, today) : null,
      protein_target_g: targets.get(row.id) ?? DEFAULT_TARGETS.protein_target_g,
    }
  })
}

/** The alert rules' view of one patient; `protein` is that patient's protein per logged day. */
export function conditionsFor(
  snapshot: BaseSnapshot,
  protein: Map<string, number> | undefined,
  today: string,
  thresholdPercent: number,
): AlertCondition[] {
  const since = snapshot.last_entry_day ?? snapshot.created_at.slice(0, 10)
  const logged = [...(protein?.values() ?? [])]
  return alertConditions(
    {
      is_onboarded: snapshot.is_onboarded,
      days_without_data: Math.max(0, daysBetween(since, today)),
      has_entries: snapshot.last_entry_day !== null,
      current_kg: snapshot.current_kg,
      nadir_kg: snapshot.nadir_kg,
      protein_days_logged: logged.length,
      protein_days_below: logged.filter((grams) => grams < snapshot.protein_target_g).length,
    },
    thresholdPercent,
  )
}

/**
 * Every patient (customer account) as of `today` (YYYY-MM-DD), with alerts re-evaluated first.
 * Shared with the exports and reports (admin-users): keep the signature.
 */
export async function listPatientSnapshots(db: Db, today: string): Promise<PatientSnapshot[]> {
  const bases = await baseSnapshots(db, today)
  const protein = await proteinByDay(db, addDays(today, -(PROTEIN_WINDOW_DAYS - 1)), today)
  const threshold = regainThresholdPercent()
  const conditions = new Map(
    bases.map((base) => [base.id, conditionsFor(base, protein.get(base.id), today, threshold)]),
  )
  // A write on a read path (GET patients, dashboard, alerts, exports): P14 slice 3 moves alert
  // evaluation to data changes and scheduled jobs.
  await syncAlerts(db, conditions)
  const alerts = await openAlertSummary(db)
  return bases.map((base) => ({
    ...base,
    open_alerts: alerts.get(base.id)?.count ?? 0,
    alert_tier: alerts.get(base.id)?.tier ?? null,
  }))
}
