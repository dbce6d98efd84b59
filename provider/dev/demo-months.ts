// Leo's demo log (lbs, sleeve gastrectomy): eight months of the life of a real patient, so the
// dashboard, the log's week grid, a year of trends and the admin record look as they will in a
// clinic rather than a three-week test. Forty days before surgery (the pre-op diet), the operation
// SURGERY_DAYS_AGO days before the seed day, then a loss that slows down, with day-to-day noise, a
// plateau, a week away with no weigh-ins, shakes and soft food before regular meals, and the last
// weeks' weigh-ins coming from a connected scale. Fixed formulas (a hashed "noise", no
// Math.random), so every run for the same day gives the same picture.
import type { EntryFields } from '../entries-fields.js'

const LBS_PER_KG = 2.20462

/** The operation, counted back from the seed day (about 6½ months: past the 6-month follow-up). */
export const SURGERY_DAYS_AGO = 200
/** The first logged day, counted back from the seed day: the pre-op diet's start. */
export const LOG_DAYS = SURGERY_DAYS_AGO + 40
export const PRE_SURGERY_LBS = 275
export const SIGN_UP_LBS = 288
export const GOAL_LBS = 185
/** The connected service the last weeks' scale readings come from (a simulated one that works). */
export const SCALE_SERVICE = { key: 'demo_health', name: 'Demo Health' } as const

type Weight = EntryFields['weight']
type Sleep = EntryFields['sleep']

export type MonthsEntry =
  | { kind: 'weight'; fields: Weight; imported?: boolean }
  | { kind: 'sleep'; fields: Sleep; imported?: boolean }
  | { kind: 'meal'; fields: EntryFields['meal'] }
  | { kind: 'water'; fields: EntryFields['water'] }
  | { kind: 'vitamins'; fields: EntryFields['vitamins'] }

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals

/** A repeatable number in [0, 1) for day `n` and a salt: the noise of the made-up log. */
export function noise(n: number, salt: number): number {
  const x = Math.sin(n * 12.9898 + salt * 78.233) * 43758.5453
  return x - Math.floor(x)
}

function isoDaysAgo(today: Date, days: number): string {
  return new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10)
}

/** The trend weight (lbs) `d` days after surgery (negative before): no noise. */
export function trendLbs(d: number): number {
  // Pre-op diet: from the sign-up weight down to the weight on the day of surgery.
  if (d <= 0) return PRE_SURGERY_LBS + ((SIGN_UP_LBS - PRE_SURGERY_LBS) * -d) / 40
  // A loss that slows down (about 66 lbs by day 200), with a three-week plateau around month 3.
  const plateau = d < 80 ? 0 : d < 101 ? (d - 80) * 0.12 : 2.5
  return PRE_SURGERY_LBS - 88 * (1 - Math.exp(-d / 140)) + plateau
}

function weighsIn(d: number, ago: number): boolean {
  if (ago === 0) return true
  // A week away in month 4: no scale.
  if (d >= 120 && d <= 127) return false
  if (d < 0) return d % 3 === 0
  if (d < 42) return d % 2 === 0
  // Since the scale is connected (the last three weeks) it weighs him most mornings.
  if (ago <= 21) return noise(d, 1) < 0.8
  // Otherwise a few times a week, never more than three days apart.
  return d % 3 === 0 || noise(d, 1) < 0.3
}

const BREAKFASTS = [
  'Greek yogurt with berries',
  'Scrambled eggs, half a toast',
  'Cottage cheese and peach',
  'Protein oatmeal',
]
const LUNCHES = [
  'Chicken and vegetable soup',
  'Tuna salad',
  'Turkey lettuce wraps',
  'Lentil soup',
  'Chicken salad',
]
const DINNERS = [
  'Baked salmon, green beans',
  'Turkey chili',
  'Grilled chicken, zucchini',
  'Shrimp stir-fry',
  'Cod with spinach',
]
const SOFT = ['Blended chicken soup', 'Scrambled egg', 'Cottage cheese', 'Smooth yogurt', 'Refried beans']

function meals(date: string, d: number, isToday: boolean): EntryFields['meal'][] {
  const pick = (list: string[], salt: number) => list[Math.floor(noise(d, salt) * list.length)]
  const protein = (base: number, spread: number, salt: number) => Math.round(base + noise(d, salt) * spread)
  let day: EntryFields['meal'][]
  if (d < 0) {
    // Before surgery: the pre-op diet, still three meals.
    day = [
      {
        date,
        time: '07:45',
        meal_type: 'breakfast',
        protein_g: protein(18, 10, 11),
        calories: 380,
        description: pick(BREAKFASTS, 12),
      },
      {
        date,
        time: '12:30',
        meal_type: 'lunch',
        protein_g: protein(22, 12, 13),
        calories: 520,
        description: pick(LUNCHES, 14),
      },
      {
        date,
        time: '19:00',
        meal_type: 'dinner',
        protein_g: protein(28, 12, 15),
        calories: 640,
        description: pick(DINNERS, 16),
      },
    ]
  } else if (d < 14) {
    // Two weeks of liquids: protein shakes through the day.
    day = ['08:00', '11:00', '14:00', '17:30'].map((time, index) => ({
      date,
      time,
      meal_type: index === 0 ? 'breakfast' : index === 1 ? 'lunch' : index === 3 ? 'dinner' : 'snack',
      protein_g: protein(10, 8, 20 + index),
      calories: 110 + index * 10,
      description: index === 3 ? 'Clear broth and protein shake' : 'Protein shake',
    }))
  } else if (d < 42) {
    // Soft food, small portions.
    day = [
      {
        date,
        time: '08:00',
        meal_type: 'breakfast',
        protein_g: protein(10, 6, 31),
        calories: 150,
        description: pick(SOFT, 32),
      },
      {
        date,
        time: '12:30',
        meal_type: 'lunch',
        protein_g: protein(12, 8, 33),
        calories: 180,
        description: pick(SOFT, 34),
      },
      { date, time: '15:30', meal_type: 'snack', protein_g: 20, calories: 160, description: 'Protein shake' },
      {
        date,
        time: '18:30',
        meal_type: 'dinner',
        protein_g: protein(12, 8, 35),
        calories: 200,
        description: pick(SOFT, 36),
      },
    ]
  } else {
    day = [
      {
        date,
        time: '07:30',
        meal_type: 'breakfast',
        protein_g: protein(16, 10, 41),
        calories: 260,
        description: pick(BREAKFASTS, 42),
      },
      {
        date,
        time: '12:30',
        meal_type: 'lunch',
        protein_g: protein(18, 10, 43),
        calories: 320,
        description: pick(LUNCHES, 44),
      },
      {
        date,
        time: '18:30',
        meal_type: 'dinner',
        protein_g: protein(20, 12, 45),
        calories: 380,
        description: pick(DINNERS, 46),
      },
    ]
    if (noise(d, 47) < 0.6) {
      day.push({
        date,
        time: '15:30',
        meal_type: 'snack',
        protein_g: protein(12, 10, 48),
        calories: 150,
        description: 'Protein shake',
      })
    }
  }
  // Today: only what a patient has eaten by early afternoon.
  return isToday ? day.filter((meal) => meal.time < '13:00') : day
}

function water(date: string, d: number, isToday: boolean): EntryFields['water'][] {
  const sips =
    d < 0
      ? [500, 400 + Math.round(noise(d, 51) * 4) * 100]
      : d < 42
        ? [250, 250, 200 + Math.round(noise(d, 52) * 2) * 50, 250, 200]
        : [500, 500, 350 + Math.round(noise(d, 53) * 5) * 100, ...(noise(d, 54) < 0.5 ? [250] : [])]
  return (isToday ? sips.slice(0, 2) : sips).map((ml) => ({ date, ml }))
}

function vitamins(date: string, d: number): EntryFields['vitamins'] | null {
  if (d < 0) return noise(d, 61) < 0.3 ? null : { date, taken: ['Multivitamin'] }
  const missed = noise(d, 62)
  if (missed < 0.05) return null
  if (missed < 0.2) return { date, taken: ['Multivitamin', 'Vitamin B12', 'Vitamin D'] }
  return { date, taken: ['Multivitamin', 'Vitamin B12', 'Vitamin D', 'Calcium citrate', 'Iron'] }
}

function sleep(date: string, d: number): Sleep | null {
  if (noise(d, 71) < 0.06) return null // a night not logged
  // Sleep apnea before surgery; sore and restless the first weeks after; better since.
  const base = d < 0 ? 6.1 : d < 21 ? 5.6 : 6.6
  const hours = round(base + noise(d, 72) * 1.8, 1)
  const bedMinutes = 22 * 60 + Math.floor(noise(d, 73) * 6) * 15
  const wakeMinutes = (bedMinutes + Math.round(hours * 4) * 15) % (24 * 60)
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return {
    date, // the morning he woke up (docs/decisions/122-sleep-date-woke-up.md)
    hours,
    quality: Math.max(1, Math.min(5, Math.round(hours - 3.5 + (noise(d, 74) - 0.5)))),
    bed_time: clock(bedMinutes),
    wake_time: clock(wakeMinutes),
  }
}

/** Every entry of Leo's log, oldest first, up to `today` (included). */
export function monthsAfterSurgery(today = new Date()): MonthsEntry[] {
  const entries: MonthsEntry[] = []
  for (let ago = LOG_DAYS - 1; ago >= 0; ago--) {
    const date = isoDaysAgo(today, ago)
    const d = SURGERY_DAYS_AGO - ago // days since surgery
    const isToday = ago === 0
    if (weighsIn(d, ago)) {
      const lbs = round(trendLbs(d) + (noise(d, 2) - 0.5) * 2.6, 1)
      // The last three weeks, most weigh-ins come from the connected scale; today's is typed.
      const imported = ago > 0 && ago <= 21 && noise(d, 3) < 0.85
      entries.push({
        kind: 'weight',
        imported,
        fields: {
          date,
          weight: round(lbs / LBS_PER_KG, 3),
          weight_unit: 'lbs',
          note:
            ago === LOG_DAYS - 1
              ? 'First day of the pre-op diet'
              : d === 0
                ? 'Morning of surgery'
                : d === 128
                  ? 'Back from vacation'
                  : isToday
                    ? 'Morning, before breakfast'
                    : '',
          source: imported ? SCALE_SERVICE.name : 'manual',
        },
      })
    }
    // No sleep the night in hospital after the operation.
    const night = d === 1 ? null : sleep(date, d)
    if (night)
      entries.push({ kind: 'sleep', fields: night, imported: ago > 0 && ago <= 10 && noise(d, 4) < 0.5 })
    // Nothing by mouth on the day of the operation.
    if (d !== 0) for (const meal of meals(date, d, isToday)) entries.push({ kind: 'meal', fields: meal })
    for (const drink of water(date, d, isToday)) entries.push({ kind: 'water', fields: drink })
    const taken = vitamins(date, d)
    if (taken) entries.push({ kind: 'vitamins', fields: taken })
  }
  return entries
}
