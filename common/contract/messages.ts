// Secure messages' calls (docs/provider-api.md "Messages"): the compose body, the
// patient's conversation, the care team's inbox and a record's conversation. Server code only (zod).
import { z } from 'zod'
import { messageBodySchema } from './message-body'
import {
  INBOX_FILTERS,
  INBOX_PAGE_SIZE,
  INBOX_PAGE_SIZE_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  SENDER_ROLES,
} from './messages-values'
import { choiceField, countField, fields, idField, pageNumberField } from './request-fields'

// ---- Requests (the route table's bodies and queries; their messages are the documented ones) --

export const UP_TO_REQUIRED = 'Message id is required'

/** POST v1/auth/messages/: the text only. */
export const patientMessageBodySchema = fields({ body: messageBodySchema })

/** POST v1/admin/patients/{id}/messages/: the text, and the alert it answers, if any. */
export const newMessageBodySchema = fields({
  body: messageBodySchema,
  alert_id: idField({ invalid: 'Alert must be an alert id' }),
})
export type NewMessageBody = z.input<typeof newMessageBodySchema>

/** POST …/messages/read/: the newest message the reader has seen. */
export const readUpToBodySchema = fields({
  up_to: idField({ required: UP_TO_REQUIRED, invalid: 'Message id must be a message id' }),
})
export type ReadUpToBody = z.input<typeof readUpToBodySchema>

/** `?before=<message id>&limit=0…100` (default 50; 0 answers only the counts). */
export const messagePageQuerySchema = fields({
  before: idField({ invalid: 'Before must be a message id' }),
  limit: countField({ label: 'Limit', fallback: MESSAGES_PAGE_DEFAULT, max: MESSAGES_PAGE_MAX }),
})

/** `?filter=all|unread|waiting&page&page_size=0…100` (page: nonsense reads as 1, like the audit log's). */
export const inboxQuerySchema = fields({
  filter: choiceField(INBOX_FILTERS, { label: 'Filter', fallback: 'all' }),
  page: pageNumberField,
  page_size: countField({ label: 'Page size', fallback: INBOX_PAGE_SIZE, max: INBOX_PAGE_SIZE_MAX }),
})

// ---- Answers ----------------------------------------------------------------------------------

const senderRole = z.enum(SENDER_ROLES)
const nullableText = z.string().nullable().catch(null)
const person = z.object({ id: z.number(), name: z.string().nullable().catch(null) })

export const patientMessageSchema = z.object({
  id: z.number(),
  body: z.string(),
  sender_role: senderRole,
  sender_name: nullableText,
  created_at: z.string(),
  unread: z.boolean().catch(false),
})
export type PatientMessage = z.output<typeof patientMessageSchema>

/** GET v1/auth/messages/ */
export const patientConversationSchema = z.object({
  conversation_id: z.number().nullable(),
  messages: z.array(patientMessageSchema),
  has_more: z.boolean().catch(false),
  unread: z.number().catch(0),
  last_read_message_id: z.number().catch(0),
})
export type PatientConversation = z.output<typeof patientConversationSchema>

export const readReceiptSchema = z.object({
  account_id: z.number(),
  name: nullableText,
  role: senderRole,
  read_at: z.string(),
})
export type ReadReceipt = z.output<typeof readReceiptSchema>

export const teamMessageSchema = z.object({
  id: z.number(),
  body: z.string(),
  sender_role: senderRole,
  sender: person.nullable().catch(null),
  created_at: z.string(),
  alert_id: z.number().nullable().catch(null),
  read_by: z.array(readReceiptSchema).catch([]),
})
export type TeamMessage = z.output<typeof teamMessageSchema>

/** A record's conversation; also the answer of POST …/messages/handled/. */
export const conversationSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  last_message_at: z.string(),
  last_sender_role: senderRole,
  waiting: z.boolean(),
  handled_at: nullableText,
  handled_by: person.nullable().catch(null),
})
export type Conversation = z.output<typeof conversationSchema>

/** GET v1/admin/patients/{id}/messages/ */
export const teamConversationSchema = z.object({
  patient: z.object({ id: z.number(), full_name: z.string().catch('') }),
  conversation: conversationSchema.nullable(),
  messages: z.array(teamMessageSchema),
  has_more: z.boolean().catch(false),
  unread: z.number().catch(0),
  last_read_message_id: z.number().catch(0),
})
export type TeamConversation = z.output<typeof teamConversationSchema>

export const inboxItemSchema = z.object({
  conversation_id: z.number(),
  patient_id: z.number(),
  patient_name: z.string().catch(''),
  last_message_id: z.number(),
  last_message_at: z.string(),
  last_sender_role: senderRole,
  preview: z.string().catch(''),
  truncated: z.boolean().catch(false),
  unread: z.number().catch(0),
  waiting: z.boolean().catch(false),
  handled_at: nullableText,
  handled_by: person.nullable().catch(null),
})
export type InboxItem = z.output<typeof inboxItemSchema>

/** GET v1/admin/messages/ */
export const inboxSchema = z.object({
  items: z.array(inboxItemSchema),
  filter: z.enum(INBOX_FILTERS),
  page: z.number(),
  page_size: z.number(),
  total: z.number(),
  pages: z.number(),
  unread: z.number().catch(0),
  waiting: z.number().catch(0),
})
export type Inbox = z.output<typeof inboxSchema>

/** Only the counts (for the nav): `limit=0` / `page_size=0`. */
export const countsSchema = z.object({ unread: z.number() })

/** POST …/messages/read/ */
export const readMarkSchema = z.object({ last_read_message_id: z.number(), unread: z.number() })
