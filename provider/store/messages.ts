// Messages (docs/provider-api.md, "Messages"): one conversation per patient with the care team, its
// messages, read receipts and the team's "handled" state. The inbox's reads are in
// ./message-inbox.ts; the e-mail notices in ../jobs/message-notices.ts.
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

const CONVERSATION_COLUMNS =
  'id, patient_id, created_at, last_message_id, last_message_at, last_sender_role, last_patient_message_id, handled_at, handled_by'

export async function findConversation(db: Db, patientId: number): Promise<Conversation | undefined> {
  return db.get<Conversation>(`SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE patient_id = ?`, [patientId])
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
    const conversation = await tx.get<{ id: number }>(
      `INSERT INTO conversations (patient_id, created_at) VALUES (?, ?)
       ON CONFLICT (patient_id) DO UPDATE SET patient_id = excluded.patient_id RETURNING id`,
      [message.patientId, at],
    )
    const conversationId = conversation!.id
    const inserted = await tx.get<{ id: number }>(
      `INSERT INTO messages (conversation_id, sender_id, sender_role, body, alert_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
      [conversationId, message.senderId, message.senderRole, message.body, message.alertId ?? null, at],
    )
    const id = inserted!.id
    if (message.senderRole === 'patient') {
      await tx.run(
        `UPDATE conversations SET last_message_id = ?, last_message_at = ?, last_sender_role = 'patient',
           last_patient_message_id = ?, handled_at = NULL, handled_by = NULL WHERE id = ?`,
        [id, at, id, conversationId],
      )
    } else {
      await tx.run(
        "UPDATE conversations SET last_message_id = ?, last_message_at = ?, last_sender_role = 'admin' WHERE id = ?",
        [id, at, conversationId],
      )
    }
    await markRead(tx, conversationId, message.senderId, id, now)
    return (await findMessage(tx, id))!
  })
}

const MESSAGE_SELECT = `
  SELECT m.id, m.conversation_id, m.sender_id, m.sender_role, m.body, m.alert_id, m.created_at,
         CASE WHEN m.sender_role = 'admin' THEN s.full_name END AS sender_name
  FROM messages m LEFT JOIN accounts s ON s.id = m.sender_id`

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  return db.get<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = ?`, [id])
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
  const rows = await db.all<MessageRow>(
    `${MESSAGE_SELECT} WHERE m.conversation_id = ? ${page.before === null ? '' : 'AND m.id < ?'}
     ORDER BY m.id DESC LIMIT ?`,
    page.before === null ? [conversationId, page.limit + 1] : [conversationId, page.before, page.limit + 1],
  )
  const hasMore = rows.length > page.limit
  return { messages: rows.slice(0, page.limit).reverse(), hasMore }
}

/** Where a reader has read a conversation up to (0 when never). */
export async function lastReadMessageId(db: Db, conversationId: number, accountId: number): Promise<number> {
  const row = await db.get<{ id: number }>(
    'SELECT last_read_message_id AS id FROM conversation_reads WHERE conversation_id = ? AND account_id = ?',
    [conversationId, accountId],
  )
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
    const newest = await tx.get<{ id: number | null }>(
      'SELECT MAX(id) AS id FROM messages WHERE conversation_id = ? AND id <= ?',
      [conversationId, upTo],
    )
    const previous = await lastReadMessageId(tx, conversationId, accountId)
    const target = newest?.id ?? 0
    if (target <= previous) return previous
    await tx.run(
      `INSERT INTO message_reads (message_id, account_id, read_at)
       SELECT id, ?, ? FROM messages
       WHERE conversation_id = ? AND id > ? AND id <= ? AND sender_id IS DISTINCT FROM ?
       ON CONFLICT DO NOTHING`,
      [accountId, at, conversationId, previous, target, accountId],
    )
    await tx.run(
      `INSERT INTO conversation_reads (conversation_id, account_id, last_read_message_id, read_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (conversation_id, account_id) DO UPDATE
         SET last_read_message_id = GREATEST(conversation_reads.last_read_message_id, excluded.last_read_message_id),
             read_at = excluded.read_at`,
      [conversationId, accountId, target, at],
    )
    return target
  })
}

/**
 * Messages from the other side a reader has not read: the care team's for the patient, the
 * patient's for an admin (a colleague's reply is not something to answer).
 */
export async function unreadCount(db: Db, conversationId: number, accountId: number, reader: SenderRole): Promise<number> {
  const row = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM messages m
     WHERE m.conversation_id = ? AND m.sender_role = ?
       AND m.id > COALESCE((SELECT r.last_read_message_id FROM conversation_reads r
                            WHERE r.conversation_id = m.conversation_id AND r.account_id = ?), 0)`,
    [conversationId, reader === 'patient' ? 'admin' : 'patient', accountId],
  )
  return Number(row?.n ?? 0)
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
  const rows = await db.all<ReadReceipt & { message_id: number }>(
    `SELECT r.message_id, r.account_id, r.read_at,
            CASE WHEN a.portal = 'admin' THEN 'admin' ELSE 'patient' END AS role,
            CASE WHEN a.portal = 'admin' THEN a.full_name
                 ELSE COALESCE(NULLIF(p.personal->>'full_name', ''), a.full_name, '') END AS name
     FROM message_reads r JOIN accounts a ON a.id = r.account_id
     LEFT JOIN customer_profiles p ON p.account_id = a.id
     WHERE r.message_id IN (${messageIds.map(() => '?').join(', ')})
     ORDER BY r.read_at, r.account_id`,
    messageIds,
  )
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
  const result = await db.run('UPDATE conversations SET handled_at = ?, handled_by = ? WHERE id = ? AND handled_at IS NULL', [
    now.toISOString(),
    adminId,
    conversationId,
  ])
  return result.changes > 0
}

/** An account's display name: an admin's own, a patient's from their profile. */
export async function accountName(db: Db, accountId: number): Promise<string | null> {
  const row = await db.get<{ name: string }>(
    `SELECT CASE WHEN a.portal = 'admin' THEN a.full_name
                 ELSE COALESCE(NULLIF(p.personal->>'full_name', ''), a.full_name, '') END AS name
     FROM accounts a LEFT JOIN customer_profiles p ON p.account_id = a.id WHERE a.id = ?`,
    [accountId],
  )
  return row?.name ?? null
}
