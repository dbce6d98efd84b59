// Demo health logs for the onboarded demo patients, up to the day of seeding, made up by fixed
// formulas (no randomness), so every run of the seed gives the same picture: Kim's three weeks here,
// Leo's eight months in provider/dev/demo-months.ts.
import type { EntryFields, EntryKind } from '../entries-fields.js'
import { saveConnected, markSynced } from '../store/devices.js'
import { hasEntries, insertEntry, insertImported } from '../store/entries.js'
import type { Db } from '../store/sql.js'
import { monthsAfterSurgery, SCALE_SERVICE } from './demo-months.js'

const LBS_PER_KG = 2.20462
const DAYS = 21

export type DemoLogStyle = 'kg-planning' | 'lbs-after-surgery'

type DemoEntry = { [K in EntryKind]: { kind: K; fields: EntryFields[K] } }[EntryKind]

function isoDaysAgo(today: Date, days: number): string {
  return new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10)
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals

/**
 * Kim (kg, planning surgery) logs most days but stopped four days ago, so her dashboard shows the
 * gentle reminder. (The 'lbs-after-surgery' style here is the short version; seedDemoEntries gives
 * Leo his months.)
 */
export function demoEntries(style: DemoLogStyle, today = new Date()): DemoEntry[] {
  const entries: DemoEntry[] = []
  const lbs = style === 'lbs-after-surgery'
  const lastDay = lbs ? 0 : 4
  for (let ago = DAYS - 1; ago >= lastDay; ago--) {
    const date = isoDaysAgo(today, ago)
    const n = DAYS - 1 - ago // 0 on the first day
    if (n % 3 === 0 || ago === lastDay) {
      // About 0.8 lbs (0.35 kg) a week, with a little day-to-day wobble.
      const shown = lbs ? 212.4 - n * 0.12 + ((n % 2) * 0.4 - 0.2) : 112.0 - n * 0.05 + ((n % 2) * 0.3 - 0.15)
      const value = round(shown, 1)
      entries.push({
        kind: 'weight',
        fields: {
          date,
          weight: lbs ? round(value / LBS_PER_KG, 3) : value,
          weight_unit: lbs ? 'lbs' : 'kg',
          note: n === 0 ? 'Morning, before breakfast' : '',
          source: n % 2 === 0 ? 'manual' : lbs ? 'Apple Watch' : 'Fitbit Charge 6',
        },
      })
    }
    // A night counts for the date the patient woke up (docs/decisions/122-sleep-date-woke-up.md):
    // today's is last night.
    entries.push({
      kind: 'sleep',
      fields: {
        date,
        hours: round(6.5 + ((n * 7) % 5) * 0.4, 1),
        quality: 2 + ((n * 3) % 4),
        bed_time: n % 2 === 0 ? '22:30' : '23:15',
        wake_time: n % 2 === 0 ? '06:00' : '06:45',
      },
    })
    const protein = lbs ? [22, 28, 24, 6] : [14, 20, 22, 0]
    const meals: EntryFields['meal'][] = [
      {
        date,
        time: '07:30',
        meal_type: 'breakfast',
        protein_g: protein[0] + (n % 4),
        calories: 280,
        description: 'Greek yogurt with berries',
      },
      {
        date,
        time: '12:30',
        meal_type: 'lunch',
        protein_g: protein[1] + (n % 3),
        calories: 350,
        description: 'Chicken and vegetable soup',
      },
      {
        date,
        time: '18:30',
        meal_type: 'dinner',
        protein_g: protein[2] + (n % 5),
        calories: 420,
        description: 'Baked salmon, green beans',
      },
    ]
    if (lbs && n % 2 === 0) {
      meals.push({
        date,
        time: '15:30',
        meal_type: 'snack',
        protein_g: protein[3] + 4,
        calories: 150,
        description: 'Protein shake',
      })
    }
    for (const meal of meals) entries.push({ kind: 'meal', fields: meal })
    for (const ml of lbs ? [600, 500, 500 + (n % 3) * 100] : [500, 400 + (n % 4) * 150]) {
      entries.push({ kind: 'water', fields: { date, ml } })
    }
    entries.push({
      kind: 'vitamins',
      fields: {
        date,
        taken: lbs
          ? n % 5 === 4
            ? ['Multivitamin', 'Vitamin B12', 'Vitamin D']
            : ['Multivitamin', 'Vitamin B12', 'Vitamin D', 'Calcium citrate', 'Iron']
          : n % 3 === 2
            ? []
            : ['Multivitamin'],
      },
    })
  }
  return entries
}

/** Adds the demo log to an account that has none (inside the caller's transaction, if any). */
export async function seedDemoEntries(
  db: Db,
  accountId: number,
  style: DemoLogStyle,
  today = new Date(),
): Promise<void> {
  if (await hasEntries(db, accountId)) return
  if (style === 'lbs-after-surgery') return seedMonthsAfterSurgery(db, accountId, today)
  for (const entry of demoEntries(style, today)) await insertEntry(db, accountId, entry.kind, entry.fields)
}

/** Leo's months, the last weeks' scale readings imported from a connected service as a sync would. */
async function seedMonthsAfterSurgery(db: Db, accountId: number, today: Date): Promise<void> {
  await saveConnected(db, accountId, SCALE_SERVICE.key, new Date(today.getTime() - 30 * 86_400_000))
  for (const entry of monthsAfterSurgery(today)) {
    if ((entry.kind === 'weight' || entry.kind === 'sleep') && entry.imported) {
      await insertImported(db, accountId, entry.kind, entry.fields, SCALE_SERVICE)
    } else {
      await insertEntry(db, accountId, entry.kind, entry.fields)
    }
  }
  // Synced this morning: the connection card and the dashboard's sync line have a time to show.
  const morning = new Date(today)
  morning.setHours(7, 5, 0, 0)
  await markSynced(db, accountId, SCALE_SERVICE.key, morning > today ? today : morning)
}
