// Extension (docs/provider-api.md, "Messages"): secure messages between a patient
// and the care team. A patient reaches only their own conversation (no id in their paths); any
// admin, Standard or Super, reads and answers every patient's. An admin's read of a conversation
// and every message sent, by either side, is audited; the other side gets an e-mail notice
// (provider/jobs/message-notices.ts).
import { refuseIfClosed } from '../account-closure.js'
import type { ProviderContext } from '../context.js'
import { serve, type Served } from '../endpoint-router.js'
import { ApiError } from '../errors.js'
import { noticeNewMessage } from '../jobs/message-notices.js'
import { findAlert } from '../store/alerts.js'
import { auditedChange, isBackgroundRead, recordReadEvent } from '../store/audit.js'
import { inboxCounts, listInbox } from '../store/message-inbox.js'
import {
  accountName,
  addMessage,
  findConversation,
  isWaiting,
  lastReadMessageId,
  listMessages,
  markHandled,
  markRead,
  patientReadState,
  receiptsFor,
  unreadCount,
  type Conversation,
  type MessageRow,
  type SenderRole,
} from '../store/messages.js'
import { isPatient } from '../store/patients.js'
import { PATIENT_NOT_FOUND } from './admin-patients.js'
import { API } from '../../common/contract/endpoints'

export const MESSAGE_SENT = 'Message sent.'
export const MARKED_READ = 'Messages marked as read.'
export const MARKED_HANDLED = 'Conversation marked as handled.'
export const NO_CONVERSATION = 'There are no messages with this patient yet.'
export const ALERT_NOT_THIS_PATIENTS = 'Alert not found for this patient.'

/** The patient's side, the team's inbox and a record's conversation, as the route table has them. */
export function messageRoutes(ctx: ProviderContext): Served[] {
  return [...patientRoutes(ctx), inboxRoute(ctx), ...teamRoutes(ctx)]
}

/** The patient's view of a message: who on the team wrote it is a name, never an account id. */
function patientView(message: MessageRow, lastRead: number) {
  return {
    id: message.id,
    body: message.body,
    sender_role: message.sender_role,
    sender_name: message.sender_role === 'admin' ? message.sender_name || null : null,
    created_at: message.created_at,
    unread: message.sender_role === 'admin' && message.id > lastRead,
  }
}

/** Both sides' "read up to": moves the reader's mark in the patient's conversation, if there is one. */
async function markReadAnswer(
  ctx: ProviderContext,
  patientId: number,
  readerId: number,
  reader: SenderRole,
  upTo: number,
) {
  const conversation = await findConversation(ctx.db, patientId)
  if (!conversation) return { message: MARKED_READ, content: { last_read_message_id: 0, unread: 0 } }
  const lastRead = await markRead(ctx.db, conversation.id, readerId, upTo)
  return {
    message: MARKED_READ,
    content: {
      last_read_message_id: lastRead,
      unread: await unreadCount(ctx.db, conversation.id, readerId, reader),
    },
  }
}

/** The answer to `limit=0`: no messages, only the counts, in one statement. */
async function patientCountsOnly(ctx: ProviderContext, patientId: number) {
  const state = await patientReadState(ctx.db, patientId)
  return {
    conversation_id: state?.conversationId ?? null,
    messages: [],
    has_more: false,
    unread: state?.unread ?? 0,
    last_read_message_id: state?.lastRead ?? 0,
  }
}

function patientRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.messages.patientList, async ({ caller: { account }, query }) => {
      const page = { before: query.before, limit: query.limit }
      if (page.limit === 0) return { message: 'Messages loaded.', content: await patientCountsOnly(ctx, account.id) }
      const conversation = await findConversation(ctx.db, account.id)
      if (!conversation) {
        return {
          message: 'Messages loaded.',
          content: {
            conversation_id: null,
            messages: [],
            has_more: false,
            unread: 0,
            last_read_message_id: 0,
          },
        }
      }
      const { messages, hasMore } = await listMessages(ctx.db, conversation.id, page)
      const lastRead = await lastReadMessageId(ctx.db, conversation.id, account.id)
      return {
        message: 'Messages loaded.',
        content: {
          conversation_id: conversation.id,
          messages: messages.map((message) => patientView(message, lastRead)),
          has_more: hasMore,
          unread: await unreadCount(ctx.db, conversation.id, account.id, 'patient'),
          last_read_message_id: lastRead,
        },
      }
    }),
    serve(API.messages.patientSend, async ({ caller: { account }, body: { body } }) => {
      const message = await auditedChange(
        ctx.db,
        (tx) => addMessage(tx, { patientId: account.id, senderId: account.id, senderRole: 'patient', body }),
        (sent) => ({
          actor: account,
          action: 'message_send',
          targetAccountId: account.id,
          details: { conversation_id: sent.conversation_id, message_id: sent.id, sender_role: 'patient' },
        }),
      )
      await noticeNewMessage(ctx, {
        conversationId: message.conversation_id,
        patientId: account.id,
        senderRole: 'patient',
      })
      return { status: 201, message: MESSAGE_SENT, content: patientView(message, message.id) }
    }),
    serve(API.messages.patientRead, ({ caller: { account }, body }) =>
      markReadAnswer(ctx, account.id, account.id, 'patient', body.up_to),
    ),
  ]
}

function inboxRoute(ctx: ProviderContext): Served {
  return serve(API.messages.inbox, async ({ caller, query, req }) => {
    const admin = caller.account
    const { filter, page, page_size: pageSize } = query
    const { items, total } = await listInbox(ctx.db, admin.id, filter, page, pageSize)
    const counts = await inboxCounts(ctx.db, admin.id)
    // The rows preview patients' messages: one audit row per look at a page of them, naming the
    // patients shown (`page_size=0`, the menu's count, shows none and is not audited).
    if (pageSize > 0) {
      await recordReadEvent(
        ctx.db,
        {
          actor: admin,
          action: 'message_inbox_view',
          details: { filter, page, patient_ids: items.map((item) => item.patient_id) },
        },
        isBackgroundRead(req.headers),
      )
    }
    return {
      message: 'Messages loaded.',
      content: {
        items,
        filter,
        page,
        page_size: pageSize,
        total,
        pages: pageSize === 0 ? 0 : Math.ceil(total / pageSize),
        unread: counts.unread,
        waiting: counts.waiting,
      },
    }
  })
}

async function conversationView(ctx: ProviderContext, conversation: Conversation) {
  const { last_message_at: lastAt, last_sender_role: lastRole } = conversation
  // A conversation is opened by its first message, so the store's columns are set by then.
  if (lastAt === null || lastRole === null) throw new Error(`Conversation ${conversation.id} has no last message`)
  return {
    id: conversation.id,
    created_at: conversation.created_at,
    last_message_at: lastAt,
    last_sender_role: lastRole,
    waiting: isWaiting(conversation),
    handled_at: conversation.handled_at,
    handled_by:
      conversation.handled_by === null
        ? null
        : { id: conversation.handled_by, name: (await accountName(ctx.db, conversation.handled_by)) ?? '' },
  }
}

/** The team's view of messages: the sender by account, the alert a message came from, and who read it. */
async function adminViews(ctx: ProviderContext, messages: MessageRow[], patientName: string) {
  const receipts = await receiptsFor(
    ctx.db,
    messages.map((message) => message.id),
  )
  return messages.map((message) => ({
    id: message.id,
    body: message.body,
    sender_role: message.sender_role,
    sender:
      message.sender_id === null
        ? null
        : {
            id: message.sender_id,
            name: message.sender_role === 'admin' ? (message.sender_name ?? '') : patientName,
          },
    created_at: message.created_at,
    alert_id: message.alert_id,
    read_by: receipts.get(message.id) ?? [],
  }))
}

/** The patient named by the path, or a 404 (admins and unknown ids alike). */
async function patientFrom(ctx: ProviderContext, id: number): Promise<{ id: number; name: string }> {
  if (!(await isPatient(ctx.db, id))) throw new ApiError(404, PATIENT_NOT_FOUND)
  return { id, name: (await accountName(ctx.db, id)) ?? '' }
}

function teamRoutes(ctx: ProviderContext): Served[] {
  return [
    serve(API.messages.teamList, async ({ caller: { account: admin }, params, query, req }) => {
      const patient = await patientFrom(ctx, params.id)
      const page = { before: query.before, limit: query.limit }
      const conversation = await findConversation(ctx.db, patient.id)
      await recordReadEvent(
        ctx.db,
        {
          actor: admin,
          action: 'message_view',
          targetAccountId: patient.id,
          details: {
            conversation_id: conversation?.id ?? null,
            ...(page.before === null ? {} : { before: page.before }),
          },
        },
        isBackgroundRead(req.headers),
      )
      const { messages, hasMore } = conversation
        ? await listMessages(ctx.db, conversation.id, page)
        : { messages: [], hasMore: false }
      return {
        message: 'Messages loaded.',
        content: {
          patient: { id: patient.id, full_name: patient.name },
          conversation: conversation ? await conversationView(ctx, conversation) : null,
          messages: await adminViews(ctx, messages, patient.name),
          has_more: hasMore,
          unread: conversation ? await unreadCount(ctx.db, conversation.id, admin.id, 'admin') : 0,
          last_read_message_id: conversation ? await lastReadMessageId(ctx.db, conversation.id, admin.id) : 0,
        },
      }
    }),
    serve(
      API.messages.teamSend,
      async ({ caller: { account: admin }, params, body: { body, alert_id: alertId } }) => {
        const patient = await patientFrom(ctx, params.id)
        await refuseIfClosed(ctx.db, patient.id)
        if (alertId !== null) {
          const alert = await findAlert(ctx.db, alertId)
          if (!alert || alert.patient_id !== patient.id) {
            throw new ApiError(400, ALERT_NOT_THIS_PATIENTS, { alert_id: [ALERT_NOT_THIS_PATIENTS] })
          }
        }
        const message = await auditedChange(
          ctx.db,
          (tx) =>
            addMessage(tx, { patientId: patient.id, senderId: admin.id, senderRole: 'admin', body, alertId }),
          (sent) => ({
            actor: admin,
            action: 'message_send',
            targetAccountId: patient.id,
            details: {
              conversation_id: sent.conversation_id,
              message_id: sent.id,
              sender_role: 'admin',
              ...(alertId === null ? {} : { alert_id: alertId }),
            },
          }),
        )
        await noticeNewMessage(ctx, {
          conversationId: message.conversation_id,
          patientId: patient.id,
          senderRole: 'admin',
        })
        const [view] = await adminViews(ctx, [message], patient.name)
        return { status: 201, message: MESSAGE_SENT, content: view }
      },
    ),
    serve(API.messages.teamRead, async ({ caller: { account: admin }, params, body }) => {
      const patient = await patientFrom(ctx, params.id)
      return markReadAnswer(ctx, patient.id, admin.id, 'admin', body.up_to)
    }),
    serve(API.messages.handled, async ({ caller: { account: admin }, params }) => {
      const patient = await patientFrom(ctx, params.id)
      const conversation = await findConversation(ctx.db, patient.id)
      if (!conversation) throw new ApiError(404, NO_CONVERSATION)
      // Marking again keeps the first admin's mark (and writes no second audit row).
      await auditedChange(
        ctx.db,
        (tx) => markHandled(tx, conversation.id, admin.id),
        (changed) =>
          changed
            ? {
                actor: admin,
                action: 'message_handled',
                targetAccountId: patient.id,
                details: { conversation_id: conversation.id },
              }
            : null,
      )
      return {
        message: MARKED_HANDLED,
        content: await conversationView(ctx, (await findConversation(ctx.db, patient.id))!),
      }
    }),
  ]
}
