// The clinical arithmetic the patient's dashboard and trends and the care team's views share
// (docs/provider-api.md "Derived values"): BMI, ideal body weight, %TWL, %EWL and goal progress.
// Pure, on unrounded kg and cm; callers round what they show.
//
// Bad input has one answer here: a weight, height or goal that is not a finite number above zero
// counts as missing, and a measure that needs a missing value is null; so is a result beyond a
// double's range. Never NaN, ±Infinity, or a number computed from a negative height. docs/decisions/189-rules-in-one-home.md.

/** BMI 25 is the conventional "ideal" used for excess weight (IBW = 25 × height²). */
export const IDEAL_BMI = 25

/** The value when it is a finite number above zero, else null (missing, 0, negative, NaN, ±∞, text). */
export function positiveOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null
}

/** A result past a double's range (absurd but finite input) is no measure either. */
function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null
}


/** kg / m²; null without a usable weight or height. */
export function bodyMassIndex(weightKg: number | null | undefined, heightCm: number | null | undefined): number | null {
  const weight = positiveOrNull(weightKg)
  const height = positiveOrNull(heightCm)
  if (weight === null || height === null) return null
  const metres = height / 100
  return finiteOrNull(weight / (metres * metres))
}

/** Ideal body weight, kg: 25 × height(m)²; null without a usable height. */
export function idealBodyWeightKg(heightCm: number | null | undefined): number | null {
  const height = positiveOrNull(heightCm)
  if (height === null) return null
  const metres = height / 100
  // Left to right, as written: 25 × 1.70 × 1.70 is exactly 72.25, 25 × (1.70 × 1.70) is not, and a
  // baseline equal to the ideal weight must read "no excess weight".
  return IDEAL_BMI * metres * metres
}

/** %TWL = (baseline − current) / baseline × 100. Negative when weight was gained. */
export function percentTotalWeightLoss(
  baselineKg: number | null | undefined,
  currentKg: number | null | undefined,
): number | null {
  const baseline = positiveOrNull(baselineKg)
  const current = positiveOrNull(currentKg)
  if (baseline === null || current === null) return null
  return finiteOrNull(((baseline - current) / baseline) * 100)
}

/**
 * %EWL = (baseline − current) / (baseline − IBW) × 100. Null without a height, and when the
 * baseline was not above the ideal weight (there was no excess weight to lose).
 */
export function percentExcessWeightLoss(
  baselineKg: number | null | undefined,
  currentKg: number | null | undefined,
  heightCm: number | null | undefined,
): number | null {
  const baseline = positiveOrNull(baselineKg)
  const current = positiveOrNull(currentKg)
  const ideal = idealBodyWeightKg(heightCm)
  if (baseline === null || current === null || ideal === null || baseline <= ideal) return null
  return finiteOrNull(((baseline - current) / (baseline - ideal)) * 100)
}

export type GoalProgress = {
  /** Share of the way from baseline to goal, 0–100 (for a progress bar). */
  percent: number
  reached: boolean
  /** kg still to lose; 0 once reached. */
  remainingKg: number
}

/** Progress toward the goal weight; null without one, or when the goal is not below the baseline. */
export function goalProgress(
  baselineKg: number | null | undefined,
  currentKg: number | null | undefined,
  goalKg: number | null | undefined,
): GoalProgress | null {
  const baseline = positiveOrNull(baselineKg)
  const current = positiveOrNull(currentKg)
  const goal = positiveOrNull(goalKg)
  if (baseline === null || current === null || goal === null || goal >= baseline) return null
  if (current <= goal) return { percent: 100, reached: true, remainingKg: 0 }
  const percent = ((baseline - current) / (baseline - goal)) * 100
  return { percent: Math.min(100, Math.max(0, percent)), reached: false, remainingKg: current - goal }
}

/** The WHO adult categories. */
export type BmiCategory = 'Underweight' | 'Healthy weight' | 'Overweight' | 'Obesity'

/** The WHO adult category of a BMI (its lower bounds: 18.5, 25, 30). */
export function bmiCategory(bmi: number): BmiCategory {
  if (bmi < 18.5) return 'Underweight'
  if (bmi < 25) return 'Healthy weight'
  if (bmi < 30) return 'Overweight'
  return 'Obesity'
}
