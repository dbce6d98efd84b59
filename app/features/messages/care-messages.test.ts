import { describe, expect, test } from 'vitest'
import { describeAuditEvent, AUDIT_ACTION_LABELS } from '~/features/admin-users/audit'
import {
  earlierHref,
  inboxHref,
  MESSAGE_MAX,
  newestId,
  normaliseBody,
  parseBefore,
  parseInboxQuery,
  patientSenderLabel,
  readByText,
  recordMessagesHref,
  teamSenderLabel,
} from './care-messages'
import { messageSchema } from './care-messages-form'

const errors = (body: unknown) => {
  const result = messageSchema.safeParse({ body })
  return result.success ? [] : result.error.flatten().fieldErrors.body
}

describe('message text', () => {
  test('the API’s words: required, at most 5000 characters after normalising', () => {
    expect(errors(undefined)).toEqual(['Message is required'])
    expect(errors('  \r\n ')).toEqual(['Message is required'])
    expect(errors('x'.repeat(MESSAGE_MAX + 1))).toEqual(['Message must be at most 5000 characters'])
    expect(errors('x'.repeat(MESSAGE_MAX))).toEqual([])
    // A form's CRLF counts as one character, as the API counts it.
    expect(errors(`${'x'.repeat(MESSAGE_MAX - 2)}\r\ny`)).toEqual([])
  })

  test('normalising keeps inner line breaks and markup, drops NULs and outer space', () => {
    expect(normaliseBody('  a\r\nb\rc\0 <b>d</b>\n ')).toBe('a\nb\nc <b>d</b>')
  })

  test('an alert id is kept only when it is one', () => {
    expect(messageSchema.parse({ body: 'hi', alertId: '7' }).alertId).toBe('7')
    expect(messageSchema.parse({ body: 'hi', alertId: '7x' }).alertId).toBeUndefined()
  })
})

describe('paging and links', () => {
  test('before is a positive message id, else the newest page', () => {
    expect(parseBefore('12')).toBe(12)
    for (const bad of [null, '', '0', '-1', 'abc', '1e3', '1'.repeat(20)]) expect(parseBefore(bad)).toBeNull()
  })

  test('the newest id shown and the link to the earlier ones', () => {
    const shown = [{ id: 5 }, { id: 9 }, { id: 7 }]
    expect(newestId(shown)).toBe(9)
    expect(newestId([])).toBeNull()
    expect(earlierHref('/customer/messages', '?before=20', shown)).toBe('/customer/messages?before=5')
    expect(earlierHref('/admin/patient/3', '?tab=messages', shown)).toBe('/admin/patient/3?tab=messages&before=5')
    expect(earlierHref('/customer/messages', '', [])).toBeNull()
  })

  test('inbox state from the URL, one URL per state', () => {
    expect(parseInboxQuery(new URLSearchParams('filter=waiting&page=3'))).toEqual({ filter: 'waiting', page: 3 })
    expect(parseInboxQuery(new URLSearchParams('filter=drop&page=-2'))).toEqual({ filter: 'all', page: 1 })
    expect(inboxHref({ filter: 'all', page: 1 })).toBe('/admin/messages')
    expect(inboxHref({ filter: 'unread', page: 1 }, { page: 2 })).toBe('/admin/messages?filter=unread&page=2')
    expect(recordMessagesHref(17)).toBe('/admin/patient/17?tab=messages#messages')
    expect(recordMessagesHref(17, 3)).toBe('/admin/patient/17?tab=messages&alert=3#messages')
  })

})

describe('who wrote and who read', () => {
  test('senders as each side reads them', () => {
    expect(patientSenderLabel({ sender_role: 'patient', sender_name: null })).toBe('You')
    expect(patientSenderLabel({ sender_role: 'admin', sender_name: 'Alex Admin' })).toBe('Alex Admin')
    expect(patientSenderLabel({ sender_role: 'admin', sender_name: ' ' })).toBe('Care team')
    expect(teamSenderLabel({ sender_role: 'patient', sender: null }, 'Pat Patient')).toBe('Pat Patient')
    expect(teamSenderLabel({ sender_role: 'admin', sender: { id: 2, name: 'Sam Super' } }, 'Pat')).toBe('Sam Super')
  })

  test('read receipts in one line', () => {
    expect(readByText([])).toBe('Not read yet')
    expect(
      readByText([
        { account_id: 1, name: 'Pat Patient', role: 'patient', read_at: '' },
        { account_id: 2, name: null, role: 'admin', read_at: '' },
      ]),
    ).toBe('Read by Pat Patient, an admin')
  })

  test('audit labels and summaries never show the text', () => {
    expect(AUDIT_ACTION_LABELS.message_view).toBe('Messages read')
    expect(AUDIT_ACTION_LABELS.message_send).toBe('Message sent')
    expect(AUDIT_ACTION_LABELS.message_handled).toBe('Conversation marked as handled')
    const base = { id: 1, at: '', actor_account_id: 1, actor_email: 'a@b.c', target_account_id: 2, target_email: null }
    expect(describeAuditEvent({ ...base, action: 'message_send', details: { sender_role: 'admin', alert_id: 3 } })).toBe(
      'By the care team, from alert 3',
    )
    expect(describeAuditEvent({ ...base, action: 'message_view', details: { conversation_id: 4 } })).toBe('Conversation')
  })
})
