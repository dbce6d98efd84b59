// Who gets the e-mail notice of a new message, and the one-notice-an-hour claim
// (provider/jobs/message-notices.ts sends them).
import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../db/schema.js'
import type { Db } from './sql.js'

export interface NoticeRecipient {
  id: number
  email: string
}

/** An admin who can act on a notice: verified, not deactivated, holding a role. */
function activeAdmin(eb: ExpressionBuilder<Database & { a: Database['accounts'] }, 'a'>) {
  return eb.and([
    eb('a.portal', '=', 'admin'),
    eb.ref('a.email_verified'),
    eb('a.deactivated_at', 'is', null),
    eb('a.role', 'is not', null),
  ])
}

/** The admin who last replied in the conversation while they can still act on it, else every active admin. */
export async function teamNoticeRecipients(db: Db, conversationId: number): Promise<NoticeRecipient[]> {
  const last = await db.kysely
    .selectFrom('messages as m')
    .innerJoin('accounts as a', 'a.id', 'm.sender_id')
    // Typed as PostgreSQL answers it: a boolean (Kysely's SqlBool also allows MySQL's 0 and 1).
    .select((eb) => ['a.id', 'a.email', activeAdmin(eb).$castTo<boolean>().as('active')])
    .where('m.conversation_id', '=', conversationId)
    .where('m.sender_role', '=', 'admin')
    .orderBy('m.id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (last?.active) return [{ id: last.id, email: last.email }]
  return db.kysely.selectFrom('accounts as a').select(['a.id', 'a.email']).where(activeAdmin).orderBy('a.id').execute()
}

/** The patient, when they can act on a notice: verified, not deactivated, not closed. */
export async function patientNoticeRecipient(db: Db, patientId: number): Promise<NoticeRecipient[]> {
  return db.kysely
    .selectFrom('accounts as a')
    .select(['a.id', 'a.email'])
    .where('a.id', '=', patientId)
    .where('a.portal', '=', 'customer')
    .where((eb) => eb.ref('a.email_verified'))
    .where('a.deactivated_at', 'is', null)
    .where('a.closed_at', 'is', null)
    .execute()
}

/**
 * True when this call may send the notice: there was none for this conversation and recipient, or
 * the last one was sent at or before `notAfter`. The row lock of ON CONFLICT … DO UPDATE makes a
 * second claim wait for the first and then see its time.
 */
export async function claimNotice(
  db: Db,
  notice: { conversationId: number; recipientId: number; sentAt: string; notAfter: string },
): Promise<boolean> {
  const row = await db.kysely
    .insertInto('message_notices')
    .values({ conversation_id: notice.conversationId, recipient_id: notice.recipientId, sent_at: notice.sentAt })
    .onConflict((conflict) =>
      conflict
        .columns(['conversation_id', 'recipient_id'])
        .doUpdateSet((eb) => ({ sent_at: eb.ref('excluded.sent_at') }))
        .where('message_notices.sent_at', '<=', notice.notAfter),
    )
    .returning('recipient_id')
    .executeTakeFirst()
  return row !== undefined
}

/** Gives a claimed slot back (the mail was not sent), so the next message may try again. */
export async function releaseNotice(db: Db, notice: { conversationId: number; recipientId: number; sentAt: string }): Promise<void> {
  await db.kysely
    .deleteFrom('message_notices')
    .where('conversation_id', '=', notice.conversationId)
    .where('recipient_id', '=', notice.recipientId)
    .where('sent_at', '=', notice.sentAt)
    .execute()
}
