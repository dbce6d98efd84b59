// Messages (docs/provider-api.md, "Messages"): one conversation per patient with the care team, its
// messages, read receipts and the team's "handled" state. The inbox's reads are in
// ./message-inbox.ts; the e-mail notices in ../jobs/message-notices.ts.
import { sql } from 'kysely'
import type { Db } from './sql.js'
import { tokenNow } from '../tokens.js'

import type { SenderRole } from '../../common/contract/messages-values'

export {
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  type SenderRole,
} from '../../common/contract/messages-values'

/**
 * The messages' clock: the one tokens are checked against (provider/tokens.ts), so a test that
 * moves it moves message times and the one-notice-an-hour window together.
 */
export function messageNow(): Date {
  return new Date(tokenNow())
}

export interface Conversation {
  id: number
  patient_id: number
  created_at: string
  last_message_id: number | null
  last_message_at: string | null
  last_sender_role: SenderRole | null
  last_patient_message_id: number | null
  handled_at: string | null
  handled_by: number | null
}

export interface MessageRow {
  id: number
  conversation_id: number
  sender_id: number | null
  sender_role: SenderRole
  /** The sending admin's name ('' when the account has none); null for a patient or a deleted account. */
  sender_name: string | null
  body: string
  alert_id: number | null
  created_at: string
}

export async function findConversation(db: Db, patientId: number): Promise<Conversation | undefined> {
  return db.kysely
    .selectFrom('conversations')
    .select([
      'id',
      'patient_id',
      'created_at',
      'last_message_id',
      'last_message_at',
      'last_sender_role',
      'last_patient_message_id',
      'handled_at',
      'handled_by',
    ])
    .where('patient_id', '=', patientId)
    .executeTakeFirst()
}

/** "Waiting for reply": the patient spoke last and nobody on the team marked it handled since. */
export function isWaiting(conversation: Pick<Conversation, 'last_sender_role' | 'handled_at'>): boolean {
  return conversation.last_sender_role === 'patient' && conversation.handled_at === null
}

export interface NewMessage {
  patientId: number
  senderId: number
  senderRole: SenderRole
  /** Already validated and normalised (provider/routes/messages.ts). */
  body: string
  alertId?: number | null
}

/**
 * Stores a message, creating the patient's conversation with the first one. The conversation row
 * is locked first (the upsert's DO UPDATE takes the lock even when the row exists), so two sends
 * at once are serialised: ids, and the "last message" columns, follow the order they commit in.
 * Sending counts as reading everything before it; a patient's message clears "handled".
 */
export async function addMessage(db: Db, message: NewMessage, now = messageNow()): Promise<MessageRow> {
  const at = now.toISOString()
  return db.transaction(async (tx) => {
    const conversation = await tx.kysely
      .insertInto('conversations')
      .values({ patient_id: message.patientId, created_at: at })
      .onConflict((conflict) => conflict.column('patient_id').doUpdateSet((eb) => ({ patient_id: eb.ref('excluded.patient_id') })))
      .returning('id')
      .executeTakeFirstOrThrow()
    const conversationId = conversation.id
    const { id } = await tx.kysely
      .insertInto('messages')
      .values({
        conversation_id: conversationId,
        sender_id: message.senderId,
        sender_role: message.senderRole,
        body: message.body,
        alert_id: message.alertId ?? null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await tx.kysely
      .updateTable('conversations')
      .set(
        message.senderRole === 'patient'
          ? {
              last_message_id: id,
              last_message_at: at,
              last_sender_role: 'patient',
              last_patient_message_id: id,
              handled_at: null,
              handled_by: null,
            }
          : { last_message_id: id, last_message_at: at, last_sender_role: 'admin' },
      )
      .where('id', '=', conversationId)
      .execute()
    await markRead(tx, conversationId, message.senderId, id, now)
    return (await findMessage(tx, id))!
  })
}

function selectMessages(db: Db) {
  return db.kysely
    .selectFrom('messages as m')
    .leftJoin('accounts as s', 's.id', 'm.sender_id')
    .select((eb) => [
      'm.id',
      'm.conversation_id',
      'm.sender_id',
      'm.sender_role',
      'm.body',
      'm.alert_id',
      'm.created_at',
      eb.case().when('m.sender_role', '=', 'admin').then(eb.ref('s.full_name')).end().as('sender_name'),
    ])
}

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  return selectMessages(db).where('m.id', '=', id).executeTakeFirst()
}

/**
 * A page of a conversation, oldest first: the `limit` newest messages older than `before` (every
 * message when `before` is null), and whether older ones remain.
 */
export async function listMessages(
  db: Db,
  conversationId: number,
  page: { before: number | null; limit: number },
): Promise<{ messages: MessageRow[]; hasMore: boolean }> {
  if (page.limit === 0) return { messages: [], hasMore: false }
  let query = selectMessages(db).where('m.conversation_id', '=', conversationId)
  if (page.before !== null) query = query.where('m.id', '<', page.before)
  const rows = await query
    .orderBy('m.id', 'desc')
    .limit(page.limit + 1)
    .execute()
  const hasMore = rows.length > page.limit
  return { messages: rows.slice(0, page.limit).reverse(), hasMore }
}

/** Where a reader has read a conversation up to (0 when never). */
export async function lastReadMessageId(db: Db, conversationId: number, accountId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('conversation_reads')
    .select('last_read_message_id as id')
    .where('conversation_id', '=', conversationId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return row?.id ?? 0
}

/**
 * Marks the conversation read by `accountId` up to `upTo` (clamped to the conversation's own
 * messages, so an id from elsewhere or from the future cannot hide later messages): a receipt for
 * every message sent by someone else, and the reader's mark. Never moves the mark back.
 * Returns the mark.
 */
export async function markRead(
  db: Db,
  conversationId: number,
  accountId: number,
  upTo: number,
  now = messageNow(),
): Promise<number> {
  const at = now.toISOString()
  return db.transaction(async (tx) => {
    const newest = await tx.kysely
      .selectFrom('messages')
      .select((eb) => eb.fn.max<number | null>('id').as('id'))
      .where('conversation_id', '=', conversationId)
      .where('id', '<=', upTo)
      .executeTakeFirst()
    const previous = await lastReadMessageId(tx, conversationId, accountId)
    const target = newest?.id ?? 0
    if (target <= previous) return previous
    await tx.kysely
      .insertInto('message_reads')
      .columns(['message_id', 'account_id', 'read_at'])
      .expression((eb) =>
        eb
          .selectFrom('messages')
          .select((inner) => ['id', inner.val(accountId).as('account_id'), inner.val(at).as('read_at')])
          .where('conversation_id', '=', conversationId)
          .where('id', '>', previous)
          .where('id', '<=', target)
          .where('sender_id', 'is distinct from', accountId),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute()
    await tx.kysely
      .insertInto('conversation_reads')
      .values({ conversation_id: conversationId, account_id: accountId, last_read_message_id: target, read_at: at })
      .onConflict((conflict) =>
        conflict.columns(['conversation_id', 'account_id']).doUpdateSet((eb) => ({
          last_read_message_id: eb.fn('greatest', ['conversation_reads.last_read_message_id', 'excluded.last_read_message_id']),
          read_at: eb.ref('excluded.read_at'),
        })),
      )
      .execute()
    return target
  })
}

/**
 * Messages from the other side a reader has not read: the care team's for the patient, the
 * patient's for an admin (a colleague's reply is not something to answer).
 */
export async function unreadCount(db: Db, conversationId: number, accountId: number, reader: SenderRole): Promise<number> {
  const row = await db.kysely
    .selectFrom('messages as m')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.conversation_id', '=', conversationId)
    .where('m.sender_role', '=', reader === 'patient' ? 'admin' : 'patient')
    .where((eb) =>
      eb(
        'm.id',
        '>',
        eb.fn.coalesce(
          eb
            .selectFrom('conversation_reads as r')
            .select('r.last_read_message_id')
            .whereRef('r.conversation_id', '=', 'm.conversation_id')
            .where('r.account_id', '=', accountId),
          eb.lit(0),
        ),
      ),
    )
    .executeTakeFirst()
  return row?.n ?? 0
}

/**
 * A patient's conversation, where they have read it up to and how many of the team's messages they
 * have not read, in one statement (findConversation, lastReadMessageId and unreadCount in one):
 * the app's navigation badge asks for it on every patient page. Undefined without a conversation.
 */
export async function patientReadState(
  db: Db,
  patientId: number,
): Promise<{ conversationId: number; lastRead: number; unread: number } | undefined> {
  const { rows } = await sql<{ conversation_id: number; last_read: number; unread: number }>`
    SELECT c.id AS conversation_id, coalesce(r.last_read_message_id, 0) AS last_read,
      (SELECT count(*)::int FROM messages m
        WHERE m.conversation_id = c.id AND m.sender_role = 'admin'
          AND m.id > coalesce(r.last_read_message_id, 0)) AS unread
    FROM conversations c
    LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.account_id = ${patientId}
    WHERE c.patient_id = ${patientId}`.execute(db.kysely)
  const row = rows[0]
  if (!row) return undefined
  return { conversationId: Number(row.conversation_id), lastRead: Number(row.last_read), unread: Number(row.unread) }
}

export interface ReadReceipt {
  account_id: number
  name: string
  role: SenderRole
  read_at: string
}

/** Who read each of these messages and when, first reader first; for the admin view. */
export async function receiptsFor(db: Db, messageIds: readonly number[]): Promise<Map<number, ReadReceipt[]>> {
  const byMessage = new Map<number, ReadReceipt[]>()
  if (messageIds.length === 0) return byMessage
  const rows = await db.kysely
    .selectFrom('message_reads as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .leftJoin('customer_profiles as p', 'p.account_id', 'a.id')
    .select((eb) => [
      'r.message_id',
      'r.account_id',
      'r.read_at',
      eb.case().when('a.portal', '=', 'admin').then(eb.val<SenderRole>('admin')).else(eb.val<SenderRole>('patient')).end().as('role'),
      displayName.as('name'),
    ])
    .where('r.message_id', 'in', messageIds)
    .orderBy('r.read_at')
    .orderBy('r.account_id')
    .execute()
  for (const { message_id, ...receipt } of rows) {
    const list = byMessage.get(message_id) ?? []
    list.push(receipt)
    byMessage.set(message_id, list)
  }
  return byMessage
}

/**
 * Marks the conversation handled by this admin; true when it changed (it was not handled yet).
 * Stays handled until the patient's next message.
 */
export async function markHandled(db: Db, conversationId: number, adminId: number, now = messageNow()): Promise<boolean> {
  const result = await db.kysely
    .updateTable('conversations')
    .set({ handled_at: now.toISOString(), handled_by: adminId })
    .where('id', '=', conversationId)
    .where('handled_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * An account's display name (over `accounts as a` left-joined to `customer_profiles as p`): an
 * admin's own, a patient's from their profile. Raw SQL: ->> on a jsonb document has no builder form.
 */
const displayName = sql<string>`CASE WHEN a.portal = 'admin' THEN a.full_name
  ELSE COALESCE(NULLIF(p.personal->>'full_name', ''), a.full_name, '') END`

/** An account's display name: an admin's own, a patient's from their profile. */
export async function accountName(db: Db, accountId: number): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('accounts as a')
    .leftJoin('customer_profiles as p', 'p.account_id', 'a.id')
    .select(displayName.as('name'))
    .where('a.id', '=', accountId)
    .executeTakeFirst()
  return row?.name ?? null
}
