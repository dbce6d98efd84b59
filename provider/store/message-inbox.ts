// The care team's inbox (docs/provider-api.md, "Messages") — one row per conversation, as one
// admin sees it (their own unread counts; "waiting" and "handled" are the team's).
import type { SenderRole } from './messages.js'
import type { Db, SqlParam } from './sql.js'

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

interface InboxRow {
  conversation_id: number
  patient_id: number
  patient_name: string
  last_message_id: number
  last_message_at: string
  last_sender_role: SenderRole
  head: string
  body_length: number
  unread: number
  handled_at: string | null
  handled_by_id: number | null
  handled_by_name: string | null
}

/** The reader's mark in the conversation `c`, 0 when never read. */
const MARK = `COALESCE((SELECT r.last_read_message_id FROM conversation_reads r
                        WHERE r.conversation_id = c.id AND r.account_id = ?), 0)`

const WAITING = "c.last_sender_role = 'patient' AND c.handled_at IS NULL"

function filterClause(filter: InboxFilter): { where: string; params: (adminId: number) => SqlParam[] } {
  if (filter === 'waiting') return { where: `c.last_message_id IS NOT NULL AND ${WAITING}`, params: () => [] }
  // last_patient_message_id is the newest message that could be unread for an admin.
  if (filter === 'unread') return { where: `c.last_patient_message_id > ${MARK}`, params: (adminId) => [adminId] }
  return { where: 'c.last_message_id IS NOT NULL', params: () => [] }
}

/** Newest conversation first (by its last message). */
export async function listInbox(
  db: Db,
  adminId: number,
  filter: InboxFilter,
  page: number,
  pageSize = INBOX_PAGE_SIZE,
): Promise<{ items: InboxItem[]; total: number }> {
  const clause = filterClause(filter)
  const counted = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM conversations c WHERE ${clause.where}`,
    clause.params(adminId),
  )
  const total = Number(counted?.n ?? 0)
  if (pageSize === 0) return { items: [], total }
  const rows = await db.all<InboxRow>(
    `SELECT c.id AS conversation_id, c.patient_id, c.last_message_id, c.last_message_at, c.last_sender_role,
            c.handled_at, c.handled_by AS handled_by_id, h.full_name AS handled_by_name,
            COALESCE(NULLIF(p.personal->>'full_name', ''), acc.full_name, '') AS patient_name,
            left(m.body, ?) AS head, char_length(m.body) AS body_length,
            (SELECT COUNT(*) FROM messages u
             WHERE u.conversation_id = c.id AND u.sender_role = 'patient' AND u.id > ${MARK}) AS unread
     FROM conversations c
     JOIN accounts acc ON acc.id = c.patient_id
     LEFT JOIN customer_profiles p ON p.account_id = c.patient_id
     JOIN messages m ON m.id = c.last_message_id
     LEFT JOIN accounts h ON h.id = c.handled_by
     WHERE ${clause.where}
     ORDER BY c.last_message_at DESC, c.id DESC
     LIMIT ? OFFSET ?`,
    [PREVIEW_LENGTH + 1, adminId, ...clause.params(adminId), pageSize, (page - 1) * pageSize],
  )
  return { items: rows.map(toItem), total }
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
    last_message_at: row.last_message_at,
    last_sender_role: row.last_sender_role,
    preview: truncated ? [...flat].slice(0, PREVIEW_LENGTH).join('').trimEnd() : flat,
    truncated,
    unread: Number(row.unread),
    waiting: row.last_sender_role === 'patient' && row.handled_at === null,
    handled_at: row.handled_at,
    handled_by: row.handled_by_id === null ? null : { id: row.handled_by_id, name: row.handled_by_name ?? '' },
  }
}

/** For the portal's nav: this admin's unread patient messages, and conversations waiting for a reply. */
export async function inboxCounts(db: Db, adminId: number): Promise<{ unread: number; waiting: number }> {
  const row = await db.get<{ unread: number; waiting: number }>(
    `SELECT
       (SELECT COUNT(*) FROM conversations c JOIN messages u
          ON u.conversation_id = c.id AND u.sender_role = 'patient' AND u.id > ${MARK}
        WHERE c.last_patient_message_id > ${MARK}) AS unread,
       (SELECT COUNT(*) FROM conversations c WHERE ${WAITING}) AS waiting`,
    [adminId, adminId],
  )
  return { unread: Number(row?.unread ?? 0), waiting: Number(row?.waiting ?? 0) }
}
