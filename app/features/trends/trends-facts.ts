// The profile's facts the trend charts need (goal, height, baseline, surgery date, units, daily
// targets), read from the profile the way the dashboard reads them. Pure.
import { dailyTargets, type DailyTargets } from '~/../common/daily-targets'
import { isIsoDate } from '~/features/health-log/log-entries'
import type { CustomerProfile } from '~/platform/provider-types'
import { isWeightUnit, waterUnitFor, type WaterUnit, type WeightUnit } from '~/platform/units'

export type TrendsFacts = {
  heightCm: number | null
  /** What %TWL and %EWL count from: the pre-surgery weight, else the starting weight. */
  baselineKg: number | null
  baselineLabel: 'pre-surgery weight' | 'starting weight' | null
  goalKg: number | null
  surgeryDate: string | null
  weightUnit: WeightUnit
  /** Water in ml, or fl oz for a patient who chose lbs (units.ts waterUnitFor); ml when absent. */
  waterUnit?: WaterUnit
  targets: DailyTargets
  /** Whose weight the words speak of: the patient's own page says "your"; a clinician's does not. */
  reader?: 'patient' | 'clinician'
}

export function whose(facts: TrendsFacts): string {
  return facts.reader === 'clinician' ? 'the' : 'your'
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null
}

/** The facts the charts need, read the way the dashboard reads them (health-metrics.ts). */
export function trendsFacts(
  profile: Pick<CustomerProfile, 'personal' | 'bariatric_surgery' | 'preferences'> | null | undefined,
): TrendsFacts {
  const personal = profile?.personal ?? null
  const bariatric = profile?.bariatric_surgery?.bariatric_status === 'yes' ? profile.bariatric_surgery : null
  const preSurgery = positive(bariatric?.pre_surgery_weight)
  const initial = positive(personal?.initial_weight)
  const unit = [personal?.weight_unit, profile?.preferences?.weight_unit].find(isWeightUnit) ?? 'kg'
  return {
    heightCm: positive(personal?.height),
    baselineKg: preSurgery ?? initial,
    baselineLabel: preSurgery !== null ? 'pre-surgery weight' : initial !== null ? 'starting weight' : null,
    goalKg: positive(bariatric?.goal_weight),
    surgeryDate: isIsoDate(bariatric?.surgery_date) ? bariatric.surgery_date : null,
    weightUnit: unit,
    waterUnit: waterUnitFor(unit, personal?.height_unit),
    targets: dailyTargets(profile?.preferences),
  }
}
