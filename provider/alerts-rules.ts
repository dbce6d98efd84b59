// Extension (docs/provider-api.md, "Extensions"): when a patient needs a clinician's attention.
// Pure: the facts come from provider/patient-snapshots.ts, the episodes live in provider/store/alerts.ts.
//
// Tier 1 (act soon)  weight_regain   current weight ≥ the lowest logged weight (nadir) + threshold %
// Tier 2 (follow up) no_recent_data  an onboarded patient has logged nothing for 7+ days
// Tier 3 (review)    low_protein     protein below the patient's target on 4+ of the last 7 days
//                                    (counting only days with meals logged, so silence is tier 2's)
import { round1 } from './admin-patients-metrics.js'

import { ALERT_KIND_TIERS as ALERT_TIERS, type AlertCondition } from '../common/contract/alerts-values'

export { ALERT_KINDS, ALERT_TITLES, type AlertCondition, type AlertKind, type AlertTier } from '../common/contract/alerts-values'
export { ALERT_TIERS }

export const NO_DATA_DAYS = 7
export const PROTEIN_WINDOW_DAYS = 7
export const LOW_PROTEIN_DAYS = 4
export const DEFAULT_REGAIN_PERCENT = 5

/**
 * ALERT_REGAIN_PERCENT (provider environment): how far above the nadir, in % of it, counts as
 * regain. Anything unusable falls back to the default rather than silencing the alert.
 */
export function regainThresholdPercent(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.ALERT_REGAIN_PERCENT)
  return env.ALERT_REGAIN_PERCENT && Number.isFinite(value) && value > 0 && value <= 50
    ? value
    : DEFAULT_REGAIN_PERCENT
}

export interface AlertFacts {
  is_onboarded: boolean
  /** Whole days since the last entry of any kind, or since sign-up when there is none. */
  days_without_data: number
  has_entries: boolean
  current_kg: number | null
  nadir_kg: number | null
  protein_days_logged: number
  protein_days_below: number
}

export interface Regain {
  kg: number
  percent: number
  flagged: boolean
}

/** How far the latest weight is above the nadir; null with fewer than one weight. */
export function weightRegain(
  currentKg: number | null,
  nadirKg: number | null,
  thresholdPercent: number,
): Regain | null {
  if (currentKg === null || nadirKg === null || nadirKg <= 0) return null
  const kg = Math.max(0, currentKg - nadirKg)
  const percent = (kg / nadirKg) * 100
  // Rounded before comparing, so the flag agrees with the 1-decimal figure the screen shows.
  return {
    kg: round1(kg)!,
    percent: round1(percent)!,
    flagged: kg > 0 && round1(percent)! >= thresholdPercent,
  }
}

export function alertConditions(facts: AlertFacts, thresholdPercent: number): AlertCondition[] {
  if (!facts.is_onboarded) return []
  const found: AlertCondition[] = []
  const regain = weightRegain(facts.current_kg, facts.nadir_kg, thresholdPercent)
  if (regain?.flagged) {
    found.push({
      kind: 'weight_regain',
      tier: 1,
      detail: `Latest weight is ${regain.percent}% above the lowest logged weight (threshold ${thresholdPercent}%).`,
    })
  }
  if (facts.days_without_data >= NO_DATA_DAYS) {
    found.push({
      kind: 'no_recent_data',
      tier: 2,
      detail: facts.has_entries
        ? `Nothing logged for ${facts.days_without_data} days.`
        : `Nothing logged since signing up ${facts.days_without_data} days ago.`,
    })
  }
  if (facts.protein_days_below >= LOW_PROTEIN_DAYS) {
    found.push({
      kind: 'low_protein',
      tier: 3,
      detail: `Protein below target on ${facts.protein_days_below} of the last ${PROTEIN_WINDOW_DAYS} days.`,
    })
  }
  return found
}
