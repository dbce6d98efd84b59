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
import { claimNotice, patientNoticeRecipient, releaseNotice, teamNoticeRecipients } from '../store/message-notices.js'
import { messageNow, type SenderRole } from '../store/messages.js'

export const NOTICE_INTERVAL_MS = 60 * 60 * 1000

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
        ? await teamNoticeRecipients(ctx.db, message.conversationId)
        : await patientNoticeRecipient(ctx.db, message.patientId)
    const sentAt = now.toISOString()
    const notAfter = new Date(now.getTime() - NOTICE_INTERVAL_MS).toISOString()
    let sent = 0
    for (const recipient of recipients) {
      const notice = { conversationId: message.conversationId, recipientId: recipient.id, sentAt }
      if (!(await claimNotice(ctx.db, { ...notice, notAfter }))) continue
      try {
        if (message.senderRole === 'patient') await sendTeamMessageNotice(ctx, recipient.email, message.patientId)
        else await sendPatientMessageNotice(ctx, recipient.email)
        sent += 1
      } catch (error) {
        // Not sent: give the slot back so the next message may try again.
        await releaseNotice(ctx.db, notice)
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
