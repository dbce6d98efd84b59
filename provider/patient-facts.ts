// Extension (docs/provider-api.md, "Extensions"): the one rule that turns a patient's stored facts
// (account, profile sections, weights, last entry, protein) into what the admin portal shows and
// filters on, and into the alert rules' view of the patient. Pure: provider/store/patient-summaries.ts
// reads the facts and keeps each patient's summary row in step on every write; the admin record
// computes the same from the same facts.
import { addDays, daysBetween, nextMilestone, round1, type Milestone } from './admin-patients-metrics.js'
import { percentExcessWeightLoss, percentTotalWeightLoss } from '../common/clinical'
import { alertConditions, PROTEIN_WINDOW_DAYS, type AlertCondition, type AlertTier } from './alerts-rules.js'
import type { BariatricSection, PersonalSection } from '../common/contract/profile'
import type { PatientFacts } from './store/patient-summaries.js'

// The facts are read by the store; the rules below compute from them.
export type { CustomerAccountRow, PatientFacts } from './store/patient-summaries.js'

export { ONBOARDING_STATES, type OnboardingState } from '../common/contract/admin-patients-values'
import type { OnboardingState } from '../common/contract/admin-patients-values'

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

export type BaseSnapshot = Omit<PatientSnapshot, 'open_alerts' | 'alert_tier'>

export interface WeightFacts {
  current_kg: number
  current_day: string
  nadir_kg: number
  nadir_day: string
}

/** The latest weight, and the lowest one with its latest day. */
export function weightFactsOf(weights: readonly { day: string; kg: unknown }[]): WeightFacts | null {
  let facts: WeightFacts | null = null
  for (const row of weights) {
    if (typeof row.kg !== 'number') continue
    const kg = row.kg
    if (!facts) {
      facts = { current_kg: kg, current_day: row.day, nadir_kg: kg, nadir_day: row.day }
      continue
    }
    facts.current_kg = kg
    facts.current_day = row.day
    if (kg <= facts.nadir_kg) {
      facts.nadir_kg = kg
      facts.nadir_day = row.day
    }
  }
  return facts
}

export function onboardingOf(isOnboarded: boolean, emailVerified: boolean): OnboardingState {
  return isOnboarded ? 'onboarded' : emailVerified ? 'verified' : 'unverified'
}

/** The personal section's contact and demographic fields, null where the patient left them out. */
export function contactFieldsOf(personal: PersonalSection | null | undefined) {
  return {
    phone_number: personal?.phone_number ?? null,
    date_of_birth: personal?.date_of_birth ?? null,
    gender: personal?.gender ?? null,
    postal_code: personal?.postal_code ?? null,
    city: personal?.city ?? null,
    state: personal?.state ?? null,
    address_line1: personal?.address_line1 ?? null,
    address_line2: personal?.address_line2 ?? null,
  }
}

/** The stored-fact part of a snapshot plus the facts that depend on `today` (YYYY-MM-DD). */
export function baseSnapshot(facts: PatientFacts, today: string): BaseSnapshot {
  const row = facts.account
  const personal = row.personal
  const bariatric = row.bariatric_surgery
  const isOnboarded = row.is_onboarded === true
  const surgeryDate = bariatric?.bariatric_status === 'yes' ? (bariatric.surgery_date ?? null) : null
  const baseline = bariatric?.pre_surgery_weight ?? personal?.initial_weight ?? null
  const height = personal?.height ?? null
  const weight = weightFactsOf(facts.weights)
  const current = weight?.current_kg ?? null
  return {
    id: row.id,
    email: row.email,
    full_name: personal?.full_name || row.account_name,
    ...contactFieldsOf(personal),
    created_at: row.created_at,
    email_verified: row.email_verified,
    is_onboarded: isOnboarded,
    onboarding: onboardingOf(isOnboarded, row.email_verified),
    bariatric_status: bariatric?.bariatric_status ?? null,
    surgery_type: bariatric?.bariatric_status === 'yes' ? (bariatric.surgery_type ?? null) : null,
    surgery_date: surgeryDate,
    baseline_kg: baseline,
    height_cm: height,
    goal_kg: bariatric?.goal_weight ?? null,
    current_kg: current,
    current_day: weight?.current_day ?? null,
    nadir_kg: weight?.nadir_kg ?? null,
    nadir_day: weight?.nadir_day ?? null,
    twl_percent: round1(percentTotalWeightLoss(baseline, current)),
    ewl_percent: round1(percentExcessWeightLoss(baseline, current, height)),
    last_entry_day: facts.last_entry_day,
    last_sync_at: facts.last_sync_at,
    protein_target_g: facts.protein_target_g,
    ...dayFacts(surgeryDate, facts.last_entry_day, today),
  }
}

/** The facts a patient's stored summary holds (provider/store/patient-summary-reads.ts). */
export type SummaryFacts = Pick<
  PatientSnapshot,
  | 'id'
  | 'full_name'
  | 'email'
  | 'created_at'
  | 'email_verified'
  | 'is_onboarded'
  | 'onboarding'
  | 'bariatric_status'
  | 'surgery_type'
  | 'surgery_date'
  | 'baseline_kg'
  | 'height_cm'
  | 'goal_kg'
  | 'current_kg'
  | 'current_day'
  | 'nadir_kg'
  | 'nadir_day'
  | 'twl_percent'
  | 'ewl_percent'
  | 'last_entry_day'
  | 'protein_target_g'
  | 'open_alerts'
  | 'alert_tier'
> & { last_sync_at: string | null | undefined; personal?: PersonalSection | null }

/** A snapshot from a stored summary: its contact fields, and the calendar facts as of `today`. */
export function snapshotFromSummary({ personal, ...row }: SummaryFacts, today: string): PatientSnapshot {
  return {
    ...row,
    last_sync_at: row.last_sync_at ?? null,
    ...contactFieldsOf(personal),
    ...dayFacts(row.surgery_date, row.last_entry_day, today),
  }
}

/** What changes with the calendar alone, from the stored dates. */
export function dayFacts(
  surgeryDate: string | null,
  lastEntryDay: string | null,
  today: string,
): Pick<PatientSnapshot, 'days_post_op' | 'days_since_last_data' | 'next_milestone'> {
  return {
    days_post_op: surgeryDate && surgeryDate <= today ? daysBetween(surgeryDate, today) : null,
    days_since_last_data: lastEntryDay ? daysBetween(lastEntryDay, today) : null,
    next_milestone: surgeryDate ? nextMilestone(surgeryDate, today) : null,
  }
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

/** The first day of the protein window the alert rules look at, ending `today`. */
export function proteinWindowStart(today: string): string {
  return addDays(today, -(PROTEIN_WINDOW_DAYS - 1))
}
