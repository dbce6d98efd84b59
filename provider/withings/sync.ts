// An incremental sync from Withings. Asks only for what changed since the last sync (their
// `lastupdate`, our stored cursor), follows `more`/`offset` paging, turns weight measures
// (value × 10^unit kg) and sleep summaries into imported log readings on the patient's local day
// (each measure group's own timezone), and keeps the rules every import follows: a day the patient
// logged themselves keeps their entry; one reading per kind, day and service, so a re-sync never
// duplicates (a later weighing of the same day replaces the earlier import).
import type { TokenBox } from '../crypto/token-box.js'
import { weightUnitOf, type SyncResult } from '../devices-sync.js'
import { LIMITS } from '../entries-fields.js'
import { hasManualEntry, upsertImported } from '../store/entries.js'
import {
  readTokens,
  replaceRefreshedTokens,
  setSyncCursor,
  type ServiceTokens,
} from '../store/device-tokens.js'
import type { Db } from '../store/sql.js'
import { changePatients } from '../patient-changes.js'
import {
  getSleepSummaries,
  getWeights,
  refreshToken,
  WithingsError,
  type MeasureGroup,
  type SleepSeries,
} from './client.js'
import type { WithingsConfig } from './config.js'
import { wallClock } from '../../common/wall-clock.js'

export const WITHINGS = { key: 'withings', name: 'Withings' } as const

export interface WithingsRuntime {
  config: WithingsConfig
  box: TokenBox
  /** Backed by the local simulator (WITHINGS_SIMULATOR=1). */
  simulated: boolean
}

/** Shown on the card and the dashboard when Withings no longer takes our tokens. */
export const WITHINGS_NEEDS_RECONNECT =
  "Withings no longer accepts BariCare's access: it was revoked or has expired."
export const WITHINGS_BUSY = 'Withings is busy right now. Please try again in a few minutes.'
export const WITHINGS_UNREACHABLE = "We couldn't reach Withings. Please try again in a few minutes."

/** The first sync reaches back this far (as Demo Health's backfill). */
export const WITHINGS_BACKFILL_DAYS = 14
/** An access token this close to its end is refreshed before use. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000
/** A safety stop for paging (each page is hundreds of measures at Withings). */
const MAX_PAGES = 50
const DAY_S = 86_400

export class WithingsSyncError extends Error {
  constructor(
    /** The connection must be made again: the card shows "Needs attention". */
    readonly needsAttention: boolean,
    message: string,
  ) {
    super(message)
  }
}

function syncError(error: unknown): never {
  if (error instanceof WithingsSyncError) throw error
  if (error instanceof WithingsError) {
    if (error.failure === 'invalid_token' || error.failure === 'invalid_grant') {
      throw new WithingsSyncError(true, WITHINGS_NEEDS_RECONNECT)
    }
    if (error.failure === 'rate_limited') throw new WithingsSyncError(false, WITHINGS_BUSY)
    throw new WithingsSyncError(false, WITHINGS_UNREACHABLE)
  }
  throw error
}

/**
 * Tokens with an access token good for a while: refreshed (and the rotated refresh token stored)
 * when it ends within the margin, or when `force`d after Withings refused it.
 */
async function freshTokens(
  runtime: WithingsRuntime,
  db: Db,
  accountId: number,
  tokens: ServiceTokens,
  force: boolean,
  now = Date.now(),
): Promise<ServiceTokens> {
  if (!force && tokens.accessExpiresAt - REFRESH_MARGIN_MS > now) return tokens
  try {
    const next = await refreshToken(runtime.config, tokens.refreshToken)
    await replaceRefreshedTokens(db, runtime.box, accountId, WITHINGS.key, tokens.sealedRefresh, next, now)
  } catch (error) {
    // Refused: unless another request refreshed meanwhile (its tokens are then the good ones).
    const stored = await readTokens(db, runtime.box, accountId, WITHINGS.key)
    if (!stored || stored.sealedRefresh === tokens.sealedRefresh) syncError(error)
    return stored
  }
  // Ours, or the ones of a refresh that won the race: either way, what is stored now.
  const stored = await readTokens(db, runtime.box, accountId, WITHINGS.key)
  if (!stored) throw new WithingsSyncError(true, WITHINGS_NEEDS_RECONNECT)
  return stored
}

export interface LocalReading {
  date: string
  time: string
}

/** The calendar day and clock time of a Unix time in an IANA zone (UTC when the zone is unknown). */
export function localTime(unixSeconds: number, timeZone: string | undefined): LocalReading {
  const at = new Date(unixSeconds * 1000)
  try {
    const { date, time } = wallClock(at, timeZone || 'UTC')
    return { date, time }
  } catch {
    const { date, time } = wallClock(at, 'UTC')
    return { date, time }
  }
}

/** Weight in kg of a group's weight measure (type 1): value × 10^unit; null when there is none. */
export function weightKg(group: MeasureGroup): number | null {
  const measure = group.measures.find((m) => m.type === 1)
  if (!measure || !Number.isFinite(measure.value) || !Number.isInteger(measure.unit)) return null
  const kg = measure.value * 10 ** measure.unit
  return Math.round(kg * 1000) / 1000
}

/** Per local day, the last weighing of the day. */
export function weightsByDay(groups: MeasureGroup[], fallbackZone?: string): Map<string, number> {
  const latest = new Map<string, { at: number; kg: number }>()
  for (const group of groups) {
    const kg = weightKg(group)
    if (kg === null || kg < LIMITS.weightKg.min || kg > LIMITS.weightKg.max) continue
    const { date } = localTime(group.date, group.timezone ?? fallbackZone)
    const seen = latest.get(date)
    if (!seen || group.date >= seen.at) latest.set(date, { at: group.date, kg })
  }
  return new Map([...latest].map(([date, { kg }]) => [date, kg]))
}

export interface SleepReading {
  date: string
  hours: number
  quality: number
  bed_time: string
  wake_time: string
}

/** A sleep score (0–100) as the log's 1–5 quality; from the duration when there is no score. */
export function sleepQuality(score: number | undefined, hours: number): number {
  if (score !== undefined && Number.isFinite(score)) return Math.min(5, Math.max(1, Math.ceil(score / 20)))
  return hours >= 7 ? 4 : hours >= 6 ? 3 : 2
}

/**
 * Per wake-up day (docs/decisions/122-sleep-date-woke-up.md: a night belongs to the day it ends),
 * the longest sleep.
 */
export function sleepByDay(series: SleepSeries[]): Map<string, SleepReading> {
  const byDay = new Map<string, SleepReading>()
  for (const night of series) {
    if (
      !Number.isFinite(night.startdate) ||
      !Number.isFinite(night.enddate) ||
      night.enddate <= night.startdate
    )
      continue
    const seconds = night.data.total_sleep_time ?? night.enddate - night.startdate
    const hours = Math.round((seconds / 3600) * 10) / 10
    if (!(hours > LIMITS.sleepHours.min) || hours > LIMITS.sleepHours.max) continue
    const wake = localTime(night.enddate, night.timezone)
    const bed = localTime(night.startdate, night.timezone)
    const reading = {
      date: wake.date,
      hours,
      quality: sleepQuality(night.data.sleep_score, hours),
      bed_time: bed.time,
      wake_time: wake.time,
    }
    const seen = byDay.get(wake.date)
    if (!seen || reading.hours > seen.hours) byDay.set(wake.date, reading)
  }
  return byDay
}

async function allPages<T extends { more: boolean; offset: number }>(
  fetchPage: (offset: number) => Promise<T>,
) {
  const pages: T[] = []
  let offset = 0
  for (let count = 0; count < MAX_PAGES; count++) {
    const page = await fetchPage(offset)
    pages.push(page)
    if (!page.more || page.offset <= offset) break
    offset = page.offset
  }
  return pages
}

/**
 * Brings the patient's Withings readings up to date. Throws WithingsSyncError (needsAttention when
 * the connection must be made again); the caller records the state of the connection.
 */
export async function syncWithings(
  runtime: WithingsRuntime,
  db: Db,
  accountId: number,
  now = Date.now(),
): Promise<SyncResult> {
  const stored = await readTokens(db, runtime.box, accountId, WITHINGS.key)
  if (!stored) throw new WithingsSyncError(true, WITHINGS_NEEDS_RECONNECT)
  let tokens = await freshTokens(runtime, db, accountId, stored, false, now)
  const startedAt = Math.floor(now / 1000)
  const since = tokens.syncCursor ?? startedAt - WITHINGS_BACKFILL_DAYS * DAY_S

  /** One call with the current access token; once more after a refresh if Withings refused it. */
  async function call<T>(request: (accessToken: string) => Promise<T>): Promise<T> {
    try {
      return await request(tokens.accessToken)
    } catch (error) {
      if (!(error instanceof WithingsError) || error.failure !== 'invalid_token') syncError(error)
      tokens = await freshTokens(runtime, db, accountId, tokens, true, now)
      try {
        return await request(tokens.accessToken)
      } catch (second) {
        syncError(second)
      }
    }
  }

  const weightPages = await allPages((offset) =>
    call((access) => getWeights(runtime.config, access, since, offset)),
  )
  const sleepPages = await allPages((offset) =>
    call((access) => getSleepSummaries(runtime.config, access, since, offset)),
  )
  const weights = weightsByDay(
    weightPages.flatMap((page) => page.measuregrps.filter((group) => group.category === 1)),
    weightPages[0]?.timezone,
  )
  const nights = sleepByDay(sleepPages.flatMap((page) => page.series))

  const days = [...weights.keys(), ...nights.keys()].sort()
  const today = localTime(startedAt, weightPages[0]?.timezone).date
  const result: SyncResult = {
    from: days[0] ?? today,
    to: days.at(-1) ?? today,
    imported: { weight: 0, sleep: 0 },
    skipped_manual: { weight: 0, sleep: 0 },
  }
  const profile = await weightUnitOf(db, accountId)
  await changePatients(db, async (tx) => {
    for (const [date, kg] of [...weights].sort(([a], [b]) => a.localeCompare(b))) {
      if (await hasManualEntry(tx, accountId, 'weight', date)) {
        result.skipped_manual.weight++
        continue
      }
      const outcome = await upsertImported(
        tx,
        accountId,
        'weight',
        { date, weight: kg, weight_unit: profile.unit, note: '', source: WITHINGS.name },
        WITHINGS,
      )
      if (outcome !== 'unchanged') result.imported.weight++
    }
    for (const [date, night] of [...nights].sort(([a], [b]) => a.localeCompare(b))) {
      if (await hasManualEntry(tx, accountId, 'sleep', date)) {
        result.skipped_manual.sleep++
        continue
      }
      const outcome = await upsertImported(tx, accountId, 'sleep', night, WITHINGS)
      if (outcome !== 'unchanged') result.imported.sleep++
    }
    // Next time: only what changed from the moment this sync asked.
    await setSyncCursor(tx, accountId, WITHINGS.key, startedAt)
  })
  return result
}
