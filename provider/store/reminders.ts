// Reminder settings and the record of reminders sent (migration 0012).
import {
  DEFAULT_REMINDER_SETTINGS,
  REMINDER_KINDS,
  daysToMask,
  maskToDays,
  type ReminderKind,
  type ReminderSettings,
} from '../reminders-schedule.js'
import type { Db } from './sql.js'

interface PreferenceRow {
  account_id: number
  weigh_in: boolean
  protein: boolean
  water: boolean
  vitamins: boolean
  follow_up: boolean
  time_of_day: string
  days: number
  time_zone: string
}

const COLUMNS = 'p.account_id, p.weigh_in, p.protein, p.water, p.vitamins, p.follow_up, p.time_of_day, p.days, p.time_zone'

function settingsOf(row: PreferenceRow | undefined): ReminderSettings {
  if (!row) return { ...DEFAULT_REMINDER_SETTINGS, kinds: { ...DEFAULT_REMINDER_SETTINGS.kinds }, days: [...DEFAULT_REMINDER_SETTINGS.days] }
  return {
    kinds: {
      weigh_in: row.weigh_in,
      protein: row.protein,
      water: row.water,
      vitamins: row.vitamins,
      follow_up: row.follow_up,
    },
    time: row.time_of_day,
    days: maskToDays(row.days),
    time_zone: row.time_zone,
  }
}

/** The patient's settings; the defaults (everything off) before they first saved them. */
export async function readReminderSettings(db: Db, accountId: number): Promise<ReminderSettings> {
  return settingsOf(await db.get<PreferenceRow>(`SELECT ${COLUMNS} FROM reminder_preferences p WHERE p.account_id = ?`, [accountId]))
}

export async function saveReminderSettings(db: Db, accountId: number, settings: ReminderSettings): Promise<void> {
  const { kinds } = settings
  await db.run(
    `INSERT INTO reminder_preferences (account_id, weigh_in, protein, water, vitamins, follow_up, time_of_day, days, time_zone, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (account_id) DO UPDATE SET weigh_in = excluded.weigh_in, protein = excluded.protein,
       water = excluded.water, vitamins = excluded.vitamins, follow_up = excluded.follow_up,
       time_of_day = excluded.time_of_day, days = excluded.days, time_zone = excluded.time_zone,
       updated_at = excluded.updated_at`,
    [
      accountId,
      kinds.weigh_in,
      kinds.protein,
      kinds.water,
      kinds.vitamins,
      kinds.follow_up,
      settings.time,
      daysToMask(settings.days),
      settings.time_zone,
      new Date().toISOString(),
    ],
  )
}

/** Switches one kind off (an unsubscribe link); false when it was off already. */
export async function turnReminderOff(db: Db, accountId: number, kind: ReminderKind): Promise<boolean> {
  // The column name comes from REMINDER_KINDS, never from the request as such.
  if (!REMINDER_KINDS.includes(kind)) return false
  const result = await db.run(`UPDATE reminder_preferences SET ${kind} = false, updated_at = ? WHERE account_id = ? AND ${kind}`, [
    new Date().toISOString(),
    accountId,
  ])
  return result.changes > 0
}

export interface ReminderRecipient {
  id: number
  email: string
  surgery_date: string | null
  settings: ReminderSettings
}

const BATCH = 500

/**
 * Patients with at least one reminder on who can receive one: verified, not deactivated. Paged by
 * id (`afterId`), so a clinic of any size is read in bounded batches.
 */
export async function reminderRecipients(db: Db, afterId: number): Promise<ReminderRecipient[]> {
  const rows = await db.all<PreferenceRow & { email: string; surgery_date: string | null }>(
    `SELECT ${COLUMNS}, a.email, s.surgery_date::text AS surgery_date
     FROM reminder_preferences p
     JOIN accounts a ON a.id = p.account_id
     LEFT JOIN patient_summaries s ON s.account_id = p.account_id
     WHERE (p.weigh_in OR p.protein OR p.water OR p.vitamins OR p.follow_up)
       AND p.account_id > ? AND a.portal = 'customer' AND a.email_verified AND a.deactivated_at IS NULL AND a.closed_at IS NULL
     ORDER BY p.account_id LIMIT ?`,
    [afterId, BATCH],
  )
  return rows.map((row) => ({ id: Number(row.account_id), email: row.email, surgery_date: row.surgery_date, settings: settingsOf(row) }))
}

export const RECIPIENT_BATCH = BATCH

/**
 * Claims one reminder: true when this call inserted its row, so it alone may send it. The primary
 * key (patient, kind, slot) makes a second claim, from any process, insert nothing.
 */
export async function claimReminder(db: Db, accountId: number, kind: ReminderKind, slot: string, now: Date): Promise<boolean> {
  const row = await db.get<{ account_id: number }>(
    `INSERT INTO reminder_sends (account_id, kind, slot, sent_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id, kind, slot) DO NOTHING RETURNING account_id`,
    [accountId, kind, slot, now.toISOString()],
  )
  return row !== undefined
}

/** Gives a claim back when its e-mail could not be queued, so the next run tries again. */
export async function releaseReminder(db: Db, accountId: number, kind: ReminderKind, slot: string): Promise<void> {
  await db.run('DELETE FROM reminder_sends WHERE account_id = ? AND kind = ? AND slot = ?', [accountId, kind, slot])
}

/** Slots are dates that do not come back: rows older than `before` only take space. */
export async function pruneReminderSends(db: Db, before: Date): Promise<void> {
  await db.run('DELETE FROM reminder_sends WHERE sent_at < ?', [before.toISOString()])
}
