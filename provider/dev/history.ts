// Development and benchmark only: a plausible daily health history for one patient, written in one
// transaction (a year is ~3,000 rows in well under a second). Fixed formulas, no randomness, so a
// test can predict every value: see historyDay().
import { findAccountByEmail } from '../store/accounts.js'
import type { EntryFields, EntryKind } from '../entries-fields.js'
import { deleteEntriesBetween, insertEntry } from '../store/entries.js'
import { openStore, type StoreOptions } from '../store/open.js'
import type { Db } from '../store/sql.js'
import { TRENDS_RANGE_MAX_DAYS } from '../../common/contract/entries-values'
import { changePatients } from '../patient-changes.js'

/** As far back as the trends reach in one call. */
export const MAX_HISTORY_DAYS = TRENDS_RANGE_MAX_DAYS

export type HistoryOptions = {
  /** How many days, ending with `today` (today included). */
  days: number
  /** The last day (YYYY-MM-DD). */
  today: string
  /** The weight on the first day, kg. */
  startKg?: number
}

type HistoryEntry = { [K in EntryKind]: { kind: K; fields: EntryFields[K] } }[EntryKind]

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals

function isoMinusDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10)
}

/** The weight on day `n` (0 = first day): a loss that slows down, with a small wobble. */
export function historyWeightKg(startKg: number, n: number): number {
  return round(startKg - 25 * (1 - Math.exp(-n / 200)) + ((n * 7) % 5) * 0.1 - 0.2, 1)
}

/**
 * Day `n` of the history: a weight (none on every 9th day, so charts show gaps; every 4th from a
 * scale), the night's sleep (dated the morning the patient woke up; none yet on the last day), three meals, two drinks of water, vitamins.
 */
export function historyDay(date: string, n: number, startKg: number, isToday: boolean): HistoryEntry[] {
  const entries: HistoryEntry[] = []
  if (n % 9 !== 4) {
    entries.push({
      kind: 'weight',
      fields: {
        date,
        weight: historyWeightKg(startKg, n),
        weight_unit: 'kg',
        note: '',
        source: n % 4 === 0 ? 'Withings Body+' : 'manual',
      },
    })
  }
  if (!isToday) {
    entries.push({
      kind: 'sleep',
      fields: {
        date,
        hours: round(5.8 + ((n * 3) % 7) * 0.35, 1),
        quality: 2 + (n % 4),
        bed_time: '22:45',
        wake_time: '06:15',
      },
    })
  }
  const protein = [18 + (n % 5), 24 + ((n * 2) % 7), 20 + ((n * 3) % 9)]
  const meals = [
    ['07:30', 'breakfast', 'Greek yogurt'],
    ['12:30', 'lunch', 'Chicken soup'],
    ['18:30', 'dinner', 'Baked fish, vegetables'],
  ] as const
  meals.forEach(([time, mealType, description], index) => {
    entries.push({
      kind: 'meal',
      fields: {
        date,
        time,
        meal_type: mealType,
        protein_g: protein[index],
        calories: 250 + index * 60,
        description,
      },
    })
  })
  entries.push({ kind: 'water', fields: { date, ml: 750 + (n % 4) * 150 } })
  entries.push({ kind: 'water', fields: { date, ml: 500 + ((n * 5) % 3) * 250 } })
  entries.push({
    kind: 'vitamins',
    fields: { date, taken: n % 6 === 0 ? ['Multivitamin'] : ['Multivitamin', 'Vitamin B12', 'Vitamin D'] },
  })
  return entries
}

/**
 * Replaces the patient's entries in the window with the generated history (so it can be run
 * again). Returns the first day and the number of entries written.
 */
export async function seedHistory(
  db: Db,
  accountId: number,
  options: HistoryOptions,
): Promise<{ from: string; entries: number }> {
  const days = Math.max(1, Math.min(MAX_HISTORY_DAYS, Math.floor(options.days)))
  const startKg = options.startKg ?? 120
  const from = isoMinusDays(options.today, days - 1)
  let count = 0
  await changePatients(db, async (tx) => {
    await deleteEntriesBetween(tx, accountId, from, options.today)
    for (let n = 0; n < days; n++) {
      const date = isoMinusDays(options.today, days - 1 - n)
      for (const entry of historyDay(date, n, startKg, n === days - 1)) {
        await insertEntry(tx, accountId, entry.kind, entry.fields)
        count++
      }
    }
  })
  return { from, entries: count }
}

/**
 * For `npm run bench` (which runs a production server, so no __dev/ endpoints): the history of
 * one existing customer, written straight into a data directory before the server opens it.
 */
export async function seedHistoryInDataDir(
  dataDir: string,
  email: string,
  options: HistoryOptions,
  storeOptions: StoreOptions = {},
): Promise<{ from: string; entries: number }> {
  const db = await openStore(dataDir, storeOptions)
  try {
    const account = await findAccountByEmail(db, email)
    if (!account) throw new Error(`No account ${email}`)
    return await seedHistory(db, account.id, options)
  } finally {
    await db.close()
  }
}
