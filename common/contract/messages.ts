// Secure messages' calls (docs/provider-api.md "Messages"): the compose body, the
// patient's conversation, the care team's inbox and a record's conversation. Server code only (zod).
import { z } from 'zod'
import { messageBodySchema } from './message-body'
import { INBOX_FILTERS, SENDER_ROLES } from './messages-values'

// ---- Requests ---------------------------------------------------------------------------------

/** An id in a body: a positive whole number, or its digits as text. */
const messageId = z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)])

/** POST v1/auth/messages/ and POST v1/admin/patients/{id}/messages/ (`alert_id` admins only). */
export const newMessageBodySchema = z.object({
  body: messageBodySchema,
  alert_id: messageId.optional(),
})
export type NewMessageBody = z.input<typeof newMessageBodySchema>

/** POST …/messages/read/ */
export const readUpToBodySchema = z.object({ up_to: messageId })
export type ReadUpToBody = z.input<typeof readUpToBodySchema>

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
