// Rounding for what people read, in one place: the app's screens and the API's files (the record
// download's summary must show the dashboard's very digits).

/** Rounds half away from zero, with a nudge so that 1.005 → 1.01 despite binary floats. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals
  const rounded = Math.round(Math.abs(value) * factor * (1 + Number.EPSILON)) / factor
  return Math.sign(value) * rounded || 0
}

/** One decimal, always shown ('12.0'); -0.04 reads '0.0'. */
export function oneDecimal(value: number): string {
  return roundTo(value, 1).toFixed(1)
}
