// Reminder settings and the record of reminders sent (migration 0012).
import {
  DEFAULT_REMINDER_SETTINGS,
  REMINDER_KINDS,
  daysToMask,
  maskToDays,
  type ReminderKind,
  type ReminderSettings,
} from '../reminders-schedule.js'
import type { Updateable } from 'kysely'
import type { ReminderPreferencesTable, Row } from '../db/schema.js'
import type { Db } from './sql.js'

type PreferenceRow = Pick<
  Row<'reminder_preferences'>,
  'weigh_in' | 'protein' | 'water' | 'vitamins' | 'follow_up' | 'time_of_day' | 'days' | 'time_zone'
>

const COLUMNS = [
  'p.account_id',
  'p.weigh_in',
  'p.protein',
  'p.water',
  'p.vitamins',
  'p.follow_up',
  'p.time_of_day',
  'p.days',
  'p.time_zone',
] as const

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
  return settingsOf(
    await db.kysely
      .selectFrom('reminder_preferences as p')
      .select(COLUMNS)
      .where('p.account_id', '=', accountId)
      .executeTakeFirst(),
  )
}

export async function saveReminderSettings(db: Db, accountId: number, settings: ReminderSettings): Promise<void> {
  const { kinds } = settings
  const values = {
    weigh_in: kinds.weigh_in,
    protein: kinds.protein,
    water: kinds.water,
    vitamins: kinds.vitamins,
    follow_up: kinds.follow_up,
    time_of_day: settings.time,
    days: daysToMask(settings.days),
    time_zone: settings.time_zone,
    updated_at: new Date().toISOString(),
  }
  // The update sets the same values again (as `excluded.*` would): every column but the key.
  await db.kysely
    .insertInto('reminder_preferences')
    .values({ account_id: accountId, ...values })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet(values))
    .execute()
}

/** Switches one kind off (an unsubscribe link); false when it was off already. */
export async function turnReminderOff(db: Db, accountId: number, kind: ReminderKind): Promise<boolean> {
  // The column name comes from REMINDER_KINDS, never from the request as such.
  if (!REMINDER_KINDS.includes(kind)) return false
  const values: Updateable<ReminderPreferencesTable> = { updated_at: new Date().toISOString() }
  values[kind] = false
  const result = await db.kysely
    .updateTable('reminder_preferences')
    .set(values)
    .where('account_id', '=', accountId)
    .where((eb) => eb.ref(kind))
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
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
  const rows = await db.kysely
    .selectFrom('reminder_preferences as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .leftJoin('patient_summaries as s', 's.account_id', 'p.account_id')
    .select((eb) => [...COLUMNS, 'a.email', eb.cast<string | null>('s.surgery_date', 'text').as('surgery_date')])
    .where((eb) =>
      eb.or([eb.ref('p.weigh_in'), eb.ref('p.protein'), eb.ref('p.water'), eb.ref('p.vitamins'), eb.ref('p.follow_up')]),
    )
    .where('p.account_id', '>', afterId)
    .where('a.portal', '=', 'customer')
    .where((eb) => eb.ref('a.email_verified'))
    .where('a.deactivated_at', 'is', null)
    .where('a.closed_at', 'is', null)
    .orderBy('p.account_id')
    .limit(BATCH)
    .execute()
  return rows.map((row) => ({ id: row.account_id, email: row.email, surgery_date: row.surgery_date, settings: settingsOf(row) }))
}

export const RECIPIENT_BATCH = BATCH

/**
 * Claims one reminder: true when this call inserted its row, so it alone may send it. The primary
 * key (patient, kind, slot) makes a second claim, from any process, insert nothing.
 */
export async function claimReminder(db: Db, accountId: number, kind: ReminderKind, slot: string, now: Date): Promise<boolean> {
  const row = await db.kysely
    .insertInto('reminder_sends')
    .values({ account_id: accountId, kind, slot, sent_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['account_id', 'kind', 'slot']).doNothing())
    .returning('account_id')
    .executeTakeFirst()
  return row !== undefined
}

/** Gives a claim back when its e-mail could not be queued, so the next run tries again. */
export async function releaseReminder(db: Db, accountId: number, kind: ReminderKind, slot: string): Promise<void> {
  await db.kysely
    .deleteFrom('reminder_sends')
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('slot', '=', slot)
    .execute()
}

/** Slots are dates that do not come back: rows older than `before` only take space. */
export async function pruneReminderSends(db: Db, before: Date): Promise<void> {
  await db.kysely.deleteFrom('reminder_sends').where('sent_at', '<', before.toISOString()).execute()
}
