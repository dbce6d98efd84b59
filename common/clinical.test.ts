import { describe, expect, it } from 'vitest'
import {
  bmiCategory,
  bodyMassIndex,
  goalProgress,
  IDEAL_BMI,
  idealBodyWeightKg,
  percentExcessWeightLoss,
  percentTotalWeightLoss,
  positiveOrNull,
} from './clinical'

// The e2e sample patient: 170 cm, initial 120 kg, pre-surgery 125 kg, goal 80 kg.
const HEIGHT = 170
const IBW = 72.25 // 25 × 1.70²

/** What a stored or typed value can be that is not a usable weight or height. */
const UNUSABLE: unknown[] = [null, undefined, 0, -0, -170, Number.NaN, Infinity, -Infinity, '170', true, {}]

describe('formulas (hand-computed)', () => {
  it('IBW = 25 × height(m)²', () => {
    expect(IDEAL_BMI).toBe(25)
    expect(idealBodyWeightKg(170)).toBe(72.25) // exactly: a baseline of 72.25 kg has no excess weight
    expect(idealBodyWeightKg(200)).toBeCloseTo(100, 10)
    expect(idealBodyWeightKg(100)).toBe(25)
  })

  it('BMI = kg / m²', () => {
    expect(bodyMassIndex(100, 170)).toBeCloseTo(34.602076, 5) // 100 / 2.89
    expect(bodyMassIndex(120, 170)).toBeCloseTo(41.522491, 5)
    expect(bodyMassIndex(100, 200)).toBe(25)
    expect(bodyMassIndex(81, 90)).toBeCloseTo(100, 10)
  })

  it('%TWL = (baseline − current) / baseline × 100', () => {
    expect(percentTotalWeightLoss(125, 100)).toBeCloseTo(20, 10)
    expect(percentTotalWeightLoss(125, 120)).toBeCloseTo(4, 10)
    expect(percentTotalWeightLoss(120, 110)).toBeCloseTo(8.333333, 5)
    expect(percentTotalWeightLoss(125, 130)).toBeCloseTo(-4, 10) // gained
    expect(percentTotalWeightLoss(100, 100)).toBe(0)
  })

  it('%EWL = (baseline − current) / (baseline − IBW) × 100', () => {
    expect(percentExcessWeightLoss(125, 100, HEIGHT)).toBeCloseTo((25 / (125 - IBW)) * 100, 10) // 47.39
    expect(percentExcessWeightLoss(125, 120, HEIGHT)).toBeCloseTo(9.478673, 5)
    expect(percentExcessWeightLoss(125, IBW, HEIGHT)).toBeCloseTo(100, 10) // the ideal weight is 100 %
    expect(percentExcessWeightLoss(125, 130, HEIGHT)).toBeCloseTo(-9.478673, 5) // gained
    expect(percentExcessWeightLoss(150, 125, 200)).toBe(50) // IBW 100
  })

  it('%EWL: no excess weight at the baseline (baseline ≤ IBW) → null', () => {
    expect(percentExcessWeightLoss(IBW, 70, HEIGHT)).toBeNull()
    expect(percentExcessWeightLoss(100, 90, 200)).toBeNull() // exactly the IBW
    expect(percentExcessWeightLoss(70, 65, HEIGHT)).toBeNull()
    expect(percentExcessWeightLoss(100.01, 90, 200)).toBeCloseTo(100_100, -1) // just above still counts
  })

  it('goal progress: share of the way from baseline to goal', () => {
    const progress = goalProgress(125, 100, 80)!
    expect(progress.percent).toBeCloseTo((25 / 45) * 100, 10) // 55.6
    expect(progress.reached).toBe(false)
    expect(progress.remainingKg).toBeCloseTo(20, 10)
    expect(goalProgress(125, 125, 80)).toEqual({ percent: 0, reached: false, remainingKg: 45 })
    expect(goalProgress(125, 130, 80)).toEqual({ percent: 0, reached: false, remainingKg: 50 }) // gained: bar stays empty
    expect(goalProgress(125, 80.5, 80)!.percent).toBeCloseTo((44.5 / 45) * 100, 10)
  })

  it('goal progress: goal reached (exactly or beyond) is 100 %', () => {
    expect(goalProgress(125, 80, 80)).toEqual({ percent: 100, reached: true, remainingKg: 0 })
    expect(goalProgress(125, 78.5, 80)).toEqual({ percent: 100, reached: true, remainingKg: 0 })
  })

  it('goal progress: a goal not below the baseline → null', () => {
    expect(goalProgress(125, 100, 125)).toBeNull()
    expect(goalProgress(125, 100, 130)).toBeNull()
  })
})

describe('BMI categories (WHO, adults)', () => {
  it.each([
    [0, 'Underweight'],
    [18.4, 'Underweight'],
    [18.49, 'Underweight'],
    [18.5, 'Healthy weight'],
    [24.9, 'Healthy weight'],
    [25, 'Overweight'],
    [29.9, 'Overweight'],
    [30, 'Obesity'],
    [60, 'Obesity'],
  ] as const)('%s is %s', (bmi, category) => {
    expect(bmiCategory(bmi)).toBe(category)
  })
})

describe('bad input: anything but a finite number above zero counts as missing', () => {
  it.each([1, 0.001, 170, Number.MAX_VALUE])('%s is usable', (value) => {
    expect(positiveOrNull(value)).toBe(value)
  })

  it.each(UNUSABLE)('%s is not', (value) => {
    expect(positiveOrNull(value)).toBeNull()
  })

  it.each(UNUSABLE)('height %s: no IBW, BMI or %EWL', (height) => {
    const h = height as number
    expect(idealBodyWeightKg(h)).toBeNull()
    expect(bodyMassIndex(100, h)).toBeNull()
    expect(percentExcessWeightLoss(125, 100, h)).toBeNull()
  })

  it.each(UNUSABLE)('weight %s: no BMI, %TWL, %EWL or goal progress', (weight) => {
    const w = weight as number
    expect(bodyMassIndex(w, HEIGHT)).toBeNull()
    expect(percentTotalWeightLoss(w, 100)).toBeNull()
    expect(percentTotalWeightLoss(125, w)).toBeNull()
    expect(percentExcessWeightLoss(w, 100, HEIGHT)).toBeNull()
    expect(percentExcessWeightLoss(125, w, HEIGHT)).toBeNull()
    expect(goalProgress(w, 100, 80)).toBeNull()
    expect(goalProgress(125, w, 80)).toBeNull()
    expect(goalProgress(125, 100, w)).toBeNull()
  })

  it('never answers NaN or ±∞, even at the extremes of a double', () => {
    const results = [
      bodyMassIndex(Number.MAX_VALUE, Number.MIN_VALUE),
      percentTotalWeightLoss(Number.MIN_VALUE, Number.MAX_VALUE),
      percentExcessWeightLoss(Number.MAX_VALUE, Number.MIN_VALUE, HEIGHT),
    ]
    for (const result of results) expect(result === null || Number.isFinite(result)).toBe(true)
  })
})
