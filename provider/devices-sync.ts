// Extension (docs/provider-api.md, "Connected devices"): what the simulated service "measured".
// Plausible readings for each day since the last sync — a gently falling weight and a night's
// sleep — made from fixed formulas seeded by patient and day, so re-syncing a day gives the same
// numbers. Rule: a day the patient logged themselves keeps their entry; the reading is skipped.
import { createHash } from 'node:crypto'
import type { DeviceService } from './devices-catalogue.js'
import { hasManualEntry, insertImported, latestEntries } from './store/entries.js'
import { readPersonalSection } from './store/profiles.js'
import type { Db } from './store/sql.js'
import { changePatients } from './patient-changes.js'

export const BACKFILL_DAYS = 14
/** However long a connection was idle, one sync reaches back at most this far. */
export const MAX_SYNC_DAYS = 30
const DAY_MS = 86_400_000
const DEFAULT_WEIGHT_KG = 95

export interface SyncResult {
  from: string
  to: string
  imported: { weight: number; sleep: number }
  /** Days whose reading was not imported because the patient had logged that day themselves. */
  skipped_manual: { weight: number; sleep: number }
}

export function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10)
}

function addDays(iso: string, days: number): string {
  return isoDay(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS)
}

/**
 * The last day to import: the patient's today when the app sends it and it is within a day of the
 * provider's (UTC) date — patients west of UTC would otherwise get tomorrow's reading — else UTC's.
 */
export function syncThrough(patientToday: unknown, now = Date.now()): string {
  const utc = isoDay(now)
  if (typeof patientToday !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(patientToday)) return utc
  const parsed = Date.parse(`${patientToday}T00:00:00Z`)
  if (Number.isNaN(parsed) || isoDay(parsed) !== patientToday) return utc
  return Math.abs(parsed - Date.parse(`${utc}T00:00:00Z`)) <= DAY_MS ? patientToday : utc
}

/** A number in [0, 1) fixed by its inputs. */
function unit(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join(':')).digest().readUInt32BE(0) / 2 ** 32
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals

export async function weightUnitOf(db: Db, accountId: number): Promise<{ unit: 'kg' | 'lbs'; initialKg: number | null }> {
  const personal = await readPersonalSection(db, accountId)
  return { unit: personal?.weight_unit === 'lbs' ? 'lbs' : 'kg', initialKg: personal?.initial_weight ?? null }
}

/**
 * Imports the readings from `from` to `through` (both included; sleep only for nights that have
 * ended, i.e. before `through`). Idempotent per kind, day and service.
 */
export async function importReadings(
  db: Db,
  accountId: number,
  service: DeviceService,
  from: string,
  through: string,
): Promise<SyncResult> {
  const result: SyncResult = {
    from,
    to: through,
    imported: { weight: 0, sleep: 0 },
    skipped_manual: { weight: 0, sleep: 0 },
  }
  if (from > through) return result
  const profile = await weightUnitOf(db, accountId)
  const latest = (await latestEntries(db, accountId, addDays(from, -1))).weight
  let weightKg = (latest?.kind === 'weight' ? latest.weight : null) ?? profile.initialKg ?? DEFAULT_WEIGHT_KG
  const target = { key: service.service, name: service.service_name }

  await changePatients(db, async (tx) => {
    for (let day = from; day <= through; day = addDays(day, 1)) {
      // About half a kilo a week down, with a little day-to-day wobble.
      weightKg = weightKg - 0.07 + (unit(accountId, day, 'w') - 0.5) * 0.3
      if (await hasManualEntry(tx, accountId, 'weight', day)) result.skipped_manual.weight++
      else if (
        await insertImported(
          tx,
          accountId,
          'weight',
          {
            date: day,
            weight: round(weightKg, 3),
            weight_unit: profile.unit,
            note: '',
            source: service.service_name,
          },
          target,
        )
      )
        result.imported.weight++

      if (day >= through) continue
      if (await hasManualEntry(tx, accountId, 'sleep', day)) {
        result.skipped_manual.sleep++
        continue
      }
      const hours = round(6 + unit(accountId, day, 's') * 2.4, 1)
      const bedMinutes = 22 * 60 + Math.floor(unit(accountId, day, 'b') * 90)
      const wakeMinutes = (bedMinutes + Math.round(hours * 60)) % (24 * 60)
      const clock = (minutes: number) =>
        `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
      const added = await insertImported(
        tx,
        accountId,
        'sleep',
        {
          date: day,
          hours,
          quality:
            hours >= 7.5
              ? 4 + Math.round(unit(accountId, day, 'q'))
              : 2 + Math.round(unit(accountId, day, 'q')),
          bed_time: clock(bedMinutes),
          wake_time: clock(wakeMinutes),
        },
        target,
      )
      if (added) result.imported.sleep++
    }
  })
  return result
}

/** First day a sync reads: the day of the last sync (to complete it), else the backfill window. */
export function syncFrom(lastSyncedAt: string | null, through: string): string {
  const earliest = addDays(through, -(MAX_SYNC_DAYS - 1))
  const from = lastSyncedAt ? isoDay(Date.parse(lastSyncedAt)) : addDays(through, -(BACKFILL_DAYS - 1))
  return from < earliest ? earliest : from
}
