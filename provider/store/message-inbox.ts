// The care team's inbox (docs/provider-api.md, "Messages") — one row per conversation, as one
// admin sees it (their own unread counts; "waiting" and "handled" are the team's).
import type { SenderRole } from './messages.js'
import { sql, type ExpressionBuilder } from 'kysely'
import type { Database } from '../db/schema.js'
import type { Db } from './sql.js'

import { INBOX_PAGE_SIZE, PREVIEW_LENGTH, type InboxFilter } from '../../common/contract/messages-values'

export { INBOX_FILTERS, INBOX_PAGE_SIZE, PREVIEW_LENGTH, type InboxFilter } from '../../common/contract/messages-values'

export interface InboxItem {
  conversation_id: number
  patient_id: number
  patient_name: string
  last_message_id: number
  last_message_at: string
  last_sender_role: SenderRole
  /** The last message's first characters, on one line; `truncated` when there was more. */
  preview: string
  truncated: boolean
  unread: number
  waiting: boolean
  handled_at: string | null
  handled_by: { id: number; name: string } | null
}

/** The reader's mark in the conversation `c.id`, 0 when never read. */
function mark(eb: ExpressionBuilder<Database & { c: Database['conversations'] }, 'c'>, adminId: number) {
  return eb.fn.coalesce(
    eb
      .selectFrom('conversation_reads as r')
      .select('r.last_read_message_id')
      .whereRef('r.conversation_id', '=', 'c.id')
      .where('r.account_id', '=', adminId),
    eb.lit(0),
  )
}

function waiting(eb: ExpressionBuilder<Database & { c: Database['conversations'] }, 'c'>) {
  return eb.and([eb('c.last_sender_role', '=', 'patient'), eb('c.handled_at', 'is', null)])
}

function filterWhere(filter: InboxFilter, adminId: number) {
  return (eb: ExpressionBuilder<Database & { c: Database['conversations'] }, 'c'>) => {
    if (filter === 'waiting') return eb.and([eb('c.last_message_id', 'is not', null), waiting(eb)])
    // last_patient_message_id is the newest message that could be unread for an admin.
    if (filter === 'unread') return eb('c.last_patient_message_id', '>', mark(eb, adminId))
    return eb('c.last_message_id', 'is not', null)
  }
}

/** Newest conversation first (by its last message). */
export async function listInbox(
  db: Db,
  adminId: number,
  filter: InboxFilter,
  page: number,
  pageSize = INBOX_PAGE_SIZE,
): Promise<{ items: InboxItem[]; total: number }> {
  const counted = await db.kysely
    .selectFrom('conversations as c')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(filterWhere(filter, adminId))
    .executeTakeFirst()
  const total = counted?.n ?? 0
  if (pageSize === 0) return { items: [], total }
  const rows = await db.kysely
    .selectFrom('conversations as c')
    .innerJoin('accounts as acc', 'acc.id', 'c.patient_id')
    .leftJoin('customer_profiles as p', 'p.account_id', 'c.patient_id')
    // The inner join on the last message also drops conversations without one (their columns are NULL).
    .innerJoin('messages as m', 'm.id', 'c.last_message_id')
    .leftJoin('accounts as h', 'h.id', 'c.handled_by')
    .select((eb) => [
      'c.id as conversation_id',
      'c.patient_id',
      'm.id as last_message_id',
      'c.last_message_at',
      'c.last_sender_role',
      'c.handled_at',
      'c.handled_by as handled_by_id',
      'h.full_name as handled_by_name',
      // ->> on a jsonb document: the builder has no typed form for it.
      sql<string>`COALESCE(NULLIF(p.personal->>'full_name', ''), acc.full_name, '')`.as('patient_name'),
      eb.fn<string>('left', ['m.body', eb.val(PREVIEW_LENGTH + 1)]).as('head'),
      eb.fn<number>('char_length', ['m.body']).as('body_length'),
      eb
        .selectFrom('messages as u')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('u.conversation_id', '=', 'c.id')
        .where('u.sender_role', '=', 'patient')
        .where((inner) => inner('u.id', '>', mark(eb, adminId)))
        .as('unread'),
    ])
    .where(filterWhere(filter, adminId))
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()
  return { items: rows.map(toItem), total }
}

type InboxRow = {
  conversation_id: number
  patient_id: number
  patient_name: string
  last_message_id: number
  last_message_at: string | null
  last_sender_role: SenderRole | null
  head: string
  body_length: number
  unread: number | null
  handled_at: string | null
  handled_by_id: number | null
  handled_by_name: string | null
}

function toItem(row: InboxRow): InboxItem {
  // Line breaks become spaces so a preview is one line; the cut is at PREVIEW_LENGTH characters.
  const flat = row.head.replace(/\s+/g, ' ').trim()
  const truncated = row.body_length > PREVIEW_LENGTH
  return {
    conversation_id: row.conversation_id,
    patient_id: row.patient_id,
    patient_name: row.patient_name,
    last_message_id: row.last_message_id,
    // Set with last_message_id, which the inner join on the last message guarantees.
    last_message_at: row.last_message_at ?? '',
    last_sender_role: row.last_sender_role ?? 'patient',
    preview: truncated ? [...flat].slice(0, PREVIEW_LENGTH).join('').trimEnd() : flat,
    truncated,
    unread: row.unread ?? 0,
    waiting: row.last_sender_role === 'patient' && row.handled_at === null,
    handled_at: row.handled_at,
    handled_by: row.handled_by_id === null ? null : { id: row.handled_by_id, name: row.handled_by_name ?? '' },
  }
}

/** For the portal's nav: this admin's unread patient messages, and conversations waiting for a reply. */
export async function inboxCounts(db: Db, adminId: number): Promise<{ unread: number; waiting: number }> {
  const row = await db.kysely
    .selectNoFrom((eb) => [
      eb
        .selectFrom('conversations as c')
        .innerJoin('messages as u', (join) =>
          join
            .onRef('u.conversation_id', '=', 'c.id')
            .on('u.sender_role', '=', 'patient')
            .on((on) => on('u.id', '>', mark(on, adminId))),
        )
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where((inner) => inner('c.last_patient_message_id', '>', mark(inner, adminId)))
        .as('unread'),
      eb
        .selectFrom('conversations as c')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where(waiting)
        .as('waiting'),
    ])
    .executeTakeFirst()
  return { unread: row?.unread ?? 0, waiting: row?.waiting ?? 0 }
}
