// Secure messages between a patient and the care team (docs/provider-api.md "Messages —
// extension"): the inbox's filters and links, and the small facts the screens derive. Pure and
// free of zod: shared by server and browser. The compose form's schema is in care-messages-form.ts;
// the API's answers are checked with the contract's schemas (common/contract/messages.ts).
import type { PatientMessage, ReadReceipt, TeamMessage } from '~/../common/contract/messages'
import {
  INBOX_FILTERS,
  MESSAGE_MAX_LENGTH,
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
  normaliseMessage,
  type InboxFilter,
} from '~/../common/contract/messages-values'
import { INBOX_PATH, MESSAGES_PATH } from '~/platform/portal'

export type {
  Conversation,
  Inbox,
  InboxItem,
  PatientConversation,
  PatientMessage,
  ReadReceipt,
  TeamConversation,
  TeamMessage,
} from '~/../common/contract/messages'
export { INBOX_FILTERS, MESSAGE_REQUIRED, MESSAGE_TOO_LONG, type InboxFilter }

export { INBOX_PATH, MESSAGES_PATH }
export const MESSAGES_TAB = 'messages'

export const MESSAGE_MAX = MESSAGE_MAX_LENGTH
export const MESSAGE_SENT = 'Message sent.'

/** With JavaScript, the open conversation asks for news this often while the tab is visible. */
export const POLL_MS = 12_000

export const SEND_INTENT = 'send'
export const HANDLED_INTENT = 'handled'

/** The API's normalising (docs: CRLF is one character, NULs dropped, trimmed), so counts agree. */
export const normaliseBody = normaliseMessage

// ---- Paging and links -------------------------------------------------------------------------

const ID = /^\d{1,15}$/

/** `?before=` as the API takes it, or null for the newest page (anything else is ignored). */
export function parseBefore(value: string | null): number | null {
  if (!value || !ID.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}

/** The id of the newest message shown (the read mark to post), or null when none is. */
export function newestId(messages: readonly { id: number }[]): number | null {
  return messages.reduce<number | null>((max, m) => (max === null || m.id > max ? m.id : max), null)
}

/** The link to the messages before the first one shown, keeping the rest of the query. */
export function earlierHref(pathname: string, search: string, messages: readonly { id: number }[]): string | null {
  if (messages.length === 0) return null
  const first = messages.reduce((min, m) => Math.min(min, m.id), Number.POSITIVE_INFINITY)
  const params = new URLSearchParams(search)
  params.set('before', String(first))
  return `${pathname}?${params.toString()}`
}

export const INBOX_FILTER_LABELS: Record<InboxFilter, string> = {
  all: 'All',
  unread: 'Unread',
  waiting: 'Waiting for reply',
}

export type InboxQuery = { filter: InboxFilter; page: number }

/** The inbox's state from its URL; anything unusable reads as the default (never an error). */
export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const raw = params.get('filter')
  const filter = (INBOX_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as InboxFilter) : 'all'
  const pageText = params.get('page') ?? ''
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) > 0 ? Number(pageText) : 1
  return { filter, page }
}

/** One URL per state: the defaults are left out, so the plain inbox is `/admin/messages`. */
export function inboxHref(query: InboxQuery, changes: Partial<InboxQuery> = {}): string {
  const next = { ...query, ...changes }
  const params = new URLSearchParams()
  if (next.filter !== 'all') params.set('filter', next.filter)
  if (next.page > 1) params.set('page', String(next.page))
  const search = params.toString()
  return search ? `${INBOX_PATH}?${search}` : INBOX_PATH
}

/** The Messages tab of a patient's record, optionally starting from one of their alerts. */
export function recordMessagesHref(patientId: number | string, alertId?: number | null): string {
  const params = new URLSearchParams({ tab: MESSAGES_TAB })
  if (alertId) params.set('alert', String(alertId))
  return `/admin/patient/${patientId}?${params.toString()}#messages`
}

/** Who wrote a message, as the patient reads it. */
export function patientSenderLabel(message: Pick<PatientMessage, 'sender_role' | 'sender_name'>): string {
  if (message.sender_role === 'patient') return 'You'
  return message.sender_name?.trim() || 'Care team'
}

/** Who wrote a message, as the care team reads it. */
export function teamSenderLabel(message: Pick<TeamMessage, 'sender_role' | 'sender'>, patientName: string): string {
  const name = message.sender?.name?.trim()
  if (message.sender_role === 'patient') return name || patientName || 'Patient'
  return name || 'Care team'
}

/** "Read by Pat Patient, Sam Super" — the readers' names, first reader first. */
export function readByText(receipts: readonly ReadReceipt[]): string {
  if (receipts.length === 0) return 'Not read yet'
  return `Read by ${receipts.map((r) => r.name?.trim() || (r.role === 'patient' ? 'the patient' : 'an admin')).join(', ')}`
}

/** A nav badge's words for screen readers ("3 unread"); nothing when there is none. */
export function unreadLabel(count: number | null | undefined): string | null {
  return count && count > 0 ? `${count} unread` : null
}

