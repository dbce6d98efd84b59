// Secure messages (docs/provider-api.md "Messages"): who can write, the inbox's
// filters, and the sizes both sides count with. Plain values, no zod.

export const SENDER_ROLES = ['patient', 'admin'] as const
export type SenderRole = (typeof SENDER_ROLES)[number]

export const INBOX_FILTERS = ['all', 'unread', 'waiting'] as const
export type InboxFilter = (typeof INBOX_FILTERS)[number]

/** A message's length after normalising (UTF-16 code units, as a textarea's maxlength counts). */
export const MESSAGE_MAX_LENGTH = 5000
export const MESSAGE_REQUIRED = 'Message is required'
export const MESSAGE_NOT_TEXT = 'Message must be text'
export const MESSAGE_TOO_LONG = `Message must be at most ${MESSAGE_MAX_LENGTH} characters`

/** `?limit=` of a conversation: default and most; 0 answers only the counts. */
export const MESSAGES_PAGE_DEFAULT = 50
export const MESSAGES_PAGE_MAX = 100
/** `?page_size=` of the inbox: default and most (0 answers only the counts). */
export const INBOX_PAGE_SIZE = 25
export const INBOX_PAGE_SIZE_MAX = 100
/** An inbox row's preview: the last message's first characters, on one line. */
export const PREVIEW_LENGTH = 140

/**
 * The stored form of a message: line breaks as `\n` (a form's CRLF counts once), NUL dropped
 * (PostgreSQL's text cannot hold it), trimmed. The app normalises the same way so counts agree.
 */
export function normaliseMessage(text: string): string {
  return text.replace(/\r\n?/g, '\n').replaceAll(String.fromCharCode(0), '').trim()
}
