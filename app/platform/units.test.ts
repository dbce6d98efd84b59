import { describe, expect, it } from 'vitest'
import {
  cmToFeetInches,
  isHeightUnit,
  isWeightUnit,
  feetInchesToCm,
  kgToLbs,
  lbsToKg,
  numberToInput,
  roundForDisplay,
  roundForPayload,
  roundTo,
  weightFromKg,
  weightToKg,
} from './units'

describe('rounding', () => {
  it('rounds payload numbers to 3 decimals and display numbers to 1', () => {
    expect(roundForPayload(90.71858188712795)).toBe(90.719)
    expect(roundForPayload(177.79999999999998)).toBe(177.8)
    expect(roundForDisplay(200.00092177999997)).toBe(200)
    expect(roundForDisplay(71.968)).toBe(72)
    expect(roundForDisplay(71.94)).toBe(71.9)
  })

  it('rounds halves up despite binary floats', () => {
    expect(roundTo(1.005, 2)).toBe(1.01)
    expect(roundTo(0.05, 1)).toBe(0.1)
    expect(roundTo(2.0005, 3)).toBe(2.001)
  })

  it('keeps zero as zero (not -0)', () => {
    expect(Object.is(roundForPayload(-0), 0)).toBe(true)
    expect(roundForDisplay(0)).toBe(0)
  })
})

describe('height: feet and inches → cm (30.48 cm/ft, 2.54 cm/in)', () => {
  it.each([
    [5, 10, 177.8],
    [5, 11.9, 182.626],
    [6, 0, 182.88],
    [0, 0, 0],
    [0, 11, 27.94],
    [5, undefined, 152.4],
    [undefined, 7.5, 19.05],
  ])('%s ft %s in → %s cm', (feet, inches, cm) => {
    expect(feetInchesToCm(feet, inches)).toBe(cm)
  })

  it('is undefined when both are blank', () => {
    expect(feetInchesToCm(undefined, undefined)).toBeUndefined()
  })
})

describe('height: cm → feet and inches', () => {
  it.each([
    [177.8, 5, 10],
    [182.626, 5, 11.9],
    [170, 5, 6.9],
    [152.4, 5, 0],
    [0, 0, 0],
    [30, 0, 11.8],
  ])('%s cm → %s ft %s in', (cm, feet, inches) => {
    expect(cmToFeetInches(cm)).toEqual({ feet, inches })
  })

  it('carries 12.0 in to the next foot', () => {
    // 182.8 cm = 71.968 in → 72.0 in → 6 ft 0 in, never 5 ft 12 in.
    expect(cmToFeetInches(182.8)).toEqual({ feet: 6, inches: 0 })
    expect(cmToFeetInches(30.46)).toEqual({ feet: 1, inches: 0 })
  })

  it('round-trips what a patient typed', () => {
    for (const [feet, inches] of [
      [5, 10],
      [5, 11.9],
      [4, 0.5],
      [6, 11.9],
    ] as const) {
      expect(cmToFeetInches(feetInchesToCm(feet, inches)!)).toEqual({ feet, inches })
    }
  })
})

describe('weight (2.20462 lbs per kg)', () => {
  it('lbs → kg with 3 decimals', () => {
    expect(lbsToKg(200)).toBe(90.719)
    expect(lbsToKg(150.5)).toBe(68.266)
    expect(lbsToKg(0)).toBe(0)
  })

  it('kg → lbs with 1 decimal', () => {
    expect(kgToLbs(90.719)).toBe(200)
    expect(kgToLbs(120.5)).toBe(265.7)
    expect(kgToLbs(0)).toBe(0)
  })

  it('converts by unit', () => {
    expect(weightToKg(200, 'lbs')).toBe(90.719)
    expect(weightToKg(95.5, 'kg')).toBe(95.5)
    expect(weightFromKg(90.719, 'lbs')).toBe(200)
    expect(weightFromKg(95.55, 'kg')).toBe(95.6)
  })

  it('round-trips a typed lbs weight for display', () => {
    for (const lbs of [100, 180.5, 245.3, 399.9]) expect(kgToLbs(lbsToKg(lbs))).toBe(lbs)
  })
})

describe('numberToInput', () => {
  it('shows numbers without trailing zeros and blanks for nothing', () => {
    expect(numberToInput(200)).toBe('200')
    expect(numberToInput(5.5)).toBe('5.5')
    expect(numberToInput(0)).toBe('0')
    expect(numberToInput(null)).toBe('')
    expect(numberToInput(undefined)).toBe('')
    expect(numberToInput(Number.NaN)).toBe('')
  })
})

// Mutation testing: the guards and edges the tests above did not pin down.
describe('unit guards and edges', () => {
  it('knows its units and nothing else', () => {
    expect(['cm', 'ft-in'].map(isHeightUnit)).toEqual([true, true])
    expect(['kg', 'lbs'].map(isWeightUnit)).toEqual([true, true])
    for (const other of ['', 'CM', 'in', 'lb', 'kgs', null, undefined, 1, ['kg'], {}]) {
      expect(isHeightUnit(other), String(other)).toBe(false)
      expect(isWeightUnit(other), String(other)).toBe(false)
    }
  })

  it('carries 12 inches to the next foot, and only 12', () => {
    // 182.88 cm is exactly 72 in: 6 ft 0 in, never 5 ft 12 in.
    expect(cmToFeetInches(182.88)).toEqual({ feet: 6, inches: 0 })
    // 182.8 cm is 71.97 in, rounded to 72.0: carried too.
    expect(cmToFeetInches(182.8)).toEqual({ feet: 6, inches: 0 })
    // Just under: 11.9 in stays with 5 ft.
    expect(cmToFeetInches(182.6)).toEqual({ feet: 5, inches: 11.9 })
  })

  it('shows nothing for a missing or non-finite number', () => {
    expect(numberToInput(null)).toBe('')
    expect(numberToInput(undefined)).toBe('')
    expect(numberToInput(Number.NaN)).toBe('')
    expect(numberToInput(Number.POSITIVE_INFINITY)).toBe('')
    expect(numberToInput(0)).toBe('0')
    expect(numberToInput(72.5)).toBe('72.5')
  })
})
