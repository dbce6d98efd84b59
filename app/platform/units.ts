// Height and weight conversions (SPEC.md §7, §9). The provider stores cm and kg; patients may
// type ft-in and lbs. Payload numbers keep 3 decimals, numbers shown in the form keep 1.

export const CM_PER_FOOT = 30.48
export const CM_PER_INCH = 2.54
export const INCHES_PER_FOOT = 12
export const LBS_PER_KG = 2.20462

import { HEIGHT_UNITS, WEIGHT_UNITS, type HeightUnit, type WeightUnit } from '~/../common/contract/units-values'
import { roundTo } from '~/../common/rounding'

export { HEIGHT_UNITS, WEIGHT_UNITS, type HeightUnit, type WeightUnit }

export function isHeightUnit(value: unknown): value is HeightUnit {
  return typeof value === 'string' && (HEIGHT_UNITS as readonly string[]).includes(value)
}

export function isWeightUnit(value: unknown): value is WeightUnit {
  return typeof value === 'string' && (WEIGHT_UNITS as readonly string[]).includes(value)
}

// One rounding rule for the app and the API (common/rounding.ts).
export { roundTo }

/** For payloads (SPEC.md §7: weights in kg rounded to 3 decimals; heights likewise). */
export const roundForPayload = (value: number) => roundTo(value, 3)
/** For what the form shows (SPEC.md §9: displayed weights rounded to 1 decimal). */
export const roundForDisplay = (value: number) => roundTo(value, 1)

/** Feet and inches (either may be blank/undefined) → cm, 3 decimals. Both blank → undefined. */
export function feetInchesToCm(feet: number | undefined, inches: number | undefined): number | undefined {
  if (feet === undefined && inches === undefined) return undefined
  return roundForPayload((feet ?? 0) * CM_PER_FOOT + (inches ?? 0) * CM_PER_INCH)
}

/**
 * cm → whole feet and inches with 1 decimal. Inches are rounded first and 12.0 in is carried to
 * the next foot, so 182.8 cm reads 6 ft 0 in rather than 5 ft 12 in.
 */
export function cmToFeetInches(cm: number): { feet: number; inches: number } {
  const totalInches = roundForDisplay(cm / CM_PER_INCH)
  let feet = Math.floor(totalInches / INCHES_PER_FOOT)
  let inches = roundForDisplay(totalInches - feet * INCHES_PER_FOOT)
  if (inches >= INCHES_PER_FOOT) {
    feet += 1
    inches = roundForDisplay(inches - INCHES_PER_FOOT)
  }
  return { feet, inches }
}

/** lbs → kg for payloads (3 decimals). */
export const lbsToKg = (lbs: number) => roundForPayload(lbs / LBS_PER_KG)
/** kg → lbs for display (1 decimal). */
export const kgToLbs = (kg: number) => roundForDisplay(kg * LBS_PER_KG)

/** A weight typed in `unit` as the kg the provider stores. */
export function weightToKg(value: number, unit: WeightUnit): number {
  return unit === 'lbs' ? lbsToKg(value) : roundForPayload(value)
}

/** A stored kg weight as the form shows it in `unit`. */
export function weightFromKg(kg: number, unit: WeightUnit): number {
  return unit === 'lbs' ? kgToLbs(kg) : roundForDisplay(kg)
}

/** A number as form text: '' for nothing, no trailing '.0'. */
export function numberToInput(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : String(value)
}

// ---- Water ------------------------------------------------------------------------------------
// The provider stores water in ml. A patient who weighs in lbs (or, with no weight unit, measures
// in ft-in) reads and types US fluid ounces; everyone else ml (docs/decisions/118-water-fl-oz.md).

export const ML_PER_FL_OZ = 29.5735
export const WATER_UNITS = ['ml', 'fl oz'] as const
export type WaterUnit = (typeof WATER_UNITS)[number]

export function isWaterUnit(value: unknown): value is WaterUnit {
  return typeof value === 'string' && (WATER_UNITS as readonly string[]).includes(value)
}

/** The water unit that goes with the patient's other choices: imperial → fl oz. */
export function waterUnitFor(weightUnit: unknown, heightUnit?: unknown): WaterUnit {
  if (weightUnit === 'lbs') return 'fl oz'
  if (weightUnit === 'kg') return 'ml'
  return heightUnit === 'ft-in' ? 'fl oz' : 'ml'
}

/** ml → fl oz, unrounded (for drawing and sums). */
export const mlToFlOz = (ml: number) => ml / ML_PER_FL_OZ

/** An amount typed in `unit` as the whole ml the provider stores (8 fl oz → 237 ml). */
export function waterToMl(value: number, unit: WaterUnit): number {
  return Math.round(unit === 'fl oz' ? value * ML_PER_FL_OZ : value)
}

/**
 * Stored ml in `unit`, as shown: whole ml, or fl oz to one decimal below 10 and whole above (a
 * glass reads 8 fl oz; a day's 64 fl oz need no decimal). Whole fl oz typed in survive the round
 * trip: 8 fl oz → 237 ml → 8 fl oz.
 */
export function waterFromMl(ml: number, unit: WaterUnit): number {
  if (unit === 'ml') return Math.round(ml)
  const floz = mlToFlOz(ml)
  return Math.abs(floz) < 10 ? roundTo(floz, 1) : Math.round(floz)
}

const groupedWater = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/** '1,900 ml' / '64 fl oz'. */
export function formatWater(ml: number, unit: WaterUnit): string {
  return `${groupedWater.format(waterFromMl(ml, unit))} ${unit}`
}
