// The e-mail notice of a new message, to the other side of the conversation. The mail goes
// the way every mail of the API goes (provider/mailer.ts): queued for the SMTP job
// (./email.ts) when SMTP is configured, else into the development outbox.
//
// - To the patient when the care team writes; to the care team when the patient writes: the admin
//   who last replied in that conversation (who knows it), else every active admin (a first message
//   must reach someone). Only to accounts that can act on it: verified, not deactivated, and for
//   admins holding a role.
// - At most one notice per conversation and recipient an hour: claimed by one conditional upsert
//   on message_notices before the mail is handed over, so two API processes (or two sends at once)
//   cannot both send.
import type { ProviderContext } from '../context.js'
import { sendPatientMessageNotice, sendTeamMessageNotice } from '../mailer.js'
import { messageNow, type SenderRole } from '../store/messages.js'
import type { Db } from '../store/sql.js'

export const NOTICE_INTERVAL_MS = 60 * 60 * 1000

interface Recipient {
  id: number
  email: string
}

const ACTIVE_ADMIN = "a.portal = 'admin' AND a.email_verified AND a.deactivated_at IS NULL AND a.role IS NOT NULL"

async function teamRecipients(db: Db, conversationId: number): Promise<Recipient[]> {
  const last = await db.get<Recipient & { active: boolean }>(
    `SELECT a.id, a.email, (${ACTIVE_ADMIN}) AS active FROM messages m JOIN accounts a ON a.id = m.sender_id
     WHERE m.conversation_id = ? AND m.sender_role = 'admin' ORDER BY m.id DESC LIMIT 1`,
    [conversationId],
  )
  if (last?.active) return [{ id: last.id, email: last.email }]
  return db.all<Recipient>(`SELECT a.id, a.email FROM accounts a WHERE ${ACTIVE_ADMIN} ORDER BY a.id`)
}

async function patientRecipient(db: Db, patientId: number): Promise<Recipient[]> {
  return db.all<Recipient>(
    `SELECT a.id, a.email FROM accounts a
     WHERE a.id = ? AND a.portal = 'customer' AND a.email_verified AND a.deactivated_at IS NULL AND a.closed_at IS NULL`,
    [patientId],
  )
}

/**
 * True when this call may send the notice: there was none for this conversation and recipient, or
 * the last one is at least an hour old. The row lock of ON CONFLICT … DO UPDATE makes a second
 * claim wait for the first and then see its time.
 */
async function claimNotice(db: Db, conversationId: number, recipientId: number, now: Date): Promise<boolean> {
  const row = await db.get<{ recipient_id: number }>(
    `INSERT INTO message_notices (conversation_id, recipient_id, sent_at) VALUES (?, ?, ?)
     ON CONFLICT (conversation_id, recipient_id) DO UPDATE SET sent_at = excluded.sent_at
     WHERE message_notices.sent_at <= ?
     RETURNING recipient_id`,
    [conversationId, recipientId, now.toISOString(), new Date(now.getTime() - NOTICE_INTERVAL_MS).toISOString()],
  )
  return row !== undefined
}

export interface SentMessage {
  conversationId: number
  patientId: number
  senderRole: SenderRole
}

/**
 * Notifies the other side of a message that is already stored; returns how many notices went out.
 * Never throws: the message is saved whatever happens to its notice, and a failed request would
 * only make the sender send it twice.
 */
export async function noticeNewMessage(ctx: ProviderContext, message: SentMessage, now = messageNow()): Promise<number> {
  try {
    const recipients =
      message.senderRole === 'patient'
        ? await teamRecipients(ctx.db, message.conversationId)
        : await patientRecipient(ctx.db, message.patientId)
    let sent = 0
    for (const recipient of recipients) {
      if (!(await claimNotice(ctx.db, message.conversationId, recipient.id, now))) continue
      try {
        if (message.senderRole === 'patient') await sendTeamMessageNotice(ctx, recipient.email, message.patientId)
        else await sendPatientMessageNotice(ctx, recipient.email)
        sent += 1
      } catch (error) {
        // Not sent: give the slot back so the next message may try again.
        await ctx.db.run('DELETE FROM message_notices WHERE conversation_id = ? AND recipient_id = ? AND sent_at = ?', [
          message.conversationId,
          recipient.id,
          now.toISOString(),
        ])
        throw error
      }
    }
    return sent
  } catch (error) {
    // No address in the log line: it is personal data; the conversation id finds it.
    ctx.log(
      `messages: notice for conversation ${message.conversationId} not sent: ${error instanceof Error ? error.message : String(error)}`,
    )
    return 0
  }
}
