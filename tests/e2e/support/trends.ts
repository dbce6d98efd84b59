// Helpers for the health-trends spec: a seeded daily history (POST __dev/seed-history/) and the
// same formulas the seed uses (provider/dev/history.ts), restated here as the test's oracle.
import { isoDaysFromToday } from './log-data'
import { providerCall } from './provider'

export async function seedHistory(email: string, days: number, startKg = 120) {
  const { status, json } = await providerCall<{ from: string; entries: number }>(
    'POST',
    '__dev/seed-history/',
    {
      body: { email, days, start_kg: startKg, today: isoDaysFromToday(0) },
    },
  )
  if (status !== 200) throw new Error(`seed-history failed: ${JSON.stringify(json)}`)
  return json.content
}

/** Day n of a history of `days` days (n = 0 on the first day): is there a weight, and which. */
export function seededWeight(n: number, startKg = 120): number | null {
  if (n % 9 === 4) return null
  const value = startKg - 25 * (1 - Math.exp(-n / 200)) + ((n * 7) % 5) * 0.1 - 0.2
  return Math.round(value * 10) / 10
}

/** How many entries the seed writes on day n (today has no sleep yet). */
export function seededEntriesOn(n: number, isToday: boolean): number {
  return (seededWeight(n) === null ? 0 : 1) + (isToday ? 0 : 1) + 3 + 2 + 1
}

/** The days n of a `days`-long history that fall in the last `window` days. */
export function lastDays(days: number, window: number): number[] {
  return Array.from({ length: Math.min(days, window) }, (_, k) => days - Math.min(days, window) + k)
}
