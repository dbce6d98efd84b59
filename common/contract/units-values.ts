// The display units of heights and weights (SPEC.md §3): the API always stores cm and kg. A file
// of their own, so that a screen that needs only the units does not download the option lists.
// Plain values, no zod.

export const HEIGHT_UNITS = ['cm', 'ft-in'] as const
export type HeightUnit = (typeof HEIGHT_UNITS)[number]

export const WEIGHT_UNITS = ['kg', 'lbs'] as const
export type WeightUnit = (typeof WEIGHT_UNITS)[number]
