// What the message endpoints read from a body or a query string (docs/provider-api.md,
// "Messages"): the text of a message, the optional alert it starts from, "read up to" marks and
// paging. Every problem is a field message, collected like the other forms'.
import type { JsonObject } from './http.js'
import {
  INBOX_FILTERS,
  INBOX_PAGE_SIZE,
  INBOX_PAGE_SIZE_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  type InboxFilter,
} from '../common/contract/messages-values'
import { messageBodySchema } from '../common/contract/message-body'
import { PAGE_NUMBER_MAX as MAX_PAGE } from '../common/contract/paging-values'
import { FieldReader } from './validation.js'

// The stored form of a message (normaliseMessage, in the body rule) keeps anything but CR and NUL,
// HTML included: it is text, and shown as text.
export const UP_TO_REQUIRED = 'Message id is required'
const ID_PATTERN = /^\d{1,15}$/

function positiveId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return value
  if (typeof value === 'string' && ID_PATTERN.test(value) && Number(value) >= 1) return Number(value)
  return null
}

/** `{ body, alert_id? }`; `alert_id` only where the caller may start from an alert (admins). */
export function readNewMessage(input: JsonObject, options: { alert: boolean }): { body: string; alertId: number | null } {
  const f = new FieldReader(input)
  const checked = messageBodySchema.safeParse(f.raw('body'))
  const body = checked.success ? checked.data : ''
  if (!checked.success) f.fail('body', checked.error.issues[0].message)
  let alertId: number | null = null
  const alert = options.alert ? f.raw('alert_id') : undefined
  if (alert !== undefined && alert !== null && alert !== '') {
    alertId = positiveId(alert)
    if (alertId === null) f.fail('alert_id', 'Alert must be an alert id')
  }
  f.done()
  return { body, alertId }
}

/** `{ up_to }`: the newest message the reader has seen. */
export function readUpTo(input: JsonObject): number {
  const f = new FieldReader(input)
  const raw = f.raw('up_to')
  const upTo = raw === undefined || raw === null || raw === '' ? null : positiveId(raw)
  if (raw === undefined || raw === null || raw === '') f.fail('up_to', UP_TO_REQUIRED)
  else if (upTo === null) f.fail('up_to', 'Message id must be a message id')
  f.done()
  return upTo!
}

/** `?before=<message id>&limit=0…100` (default 50; 0 answers only the counts). */
export function readMessagePage(query: URLSearchParams): { before: number | null; limit: number } {
  const f = new FieldReader(Object.fromEntries(query))
  const beforeText = f.raw('before')
  let before: number | null = null
  if (beforeText !== undefined && beforeText !== '') {
    before = positiveId(beforeText)
    if (before === null) f.fail('before', 'Before must be a message id')
  }
  const limit = readCount(f, 'limit', 'Limit', MESSAGES_PAGE_DEFAULT, MESSAGES_PAGE_MAX)
  f.done()
  return { before, limit }
}

/** `?filter=all|unread|waiting&page&page_size=0…100` (page: nonsense reads as 1, like the audit log's). */
export function readInboxQuery(query: URLSearchParams): { filter: InboxFilter; page: number; pageSize: number } {
  const f = new FieldReader(Object.fromEntries(query))
  const filter = f.choice('filter', INBOX_FILTERS, { label: 'Filter', fallback: 'all' }) ?? 'all'
  const pageText = f.text('page', { label: 'Page', max: 10 })
  const pageSize = readCount(f, 'page_size', 'Page size', INBOX_PAGE_SIZE, INBOX_PAGE_SIZE_MAX)
  f.done()
  return { filter, page: Math.min(Math.max(Number.parseInt(pageText, 10) || 1, 1), MAX_PAGE), pageSize }
}

function readCount(f: FieldReader, field: string, label: string, fallback: number, max: number): number {
  const raw = f.raw(field)
  if (raw === undefined || raw === '') return fallback
  if (typeof raw === 'string' && /^\d{1,4}$/.test(raw) && Number(raw) <= max) return Number(raw)
  f.fail(field, `${label} must be a whole number from 0 to ${max}`)
  return fallback
}
