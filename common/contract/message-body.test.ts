import { describe, expect, it } from 'vitest'
import { messageBodySchema } from './message-body'
import { MESSAGE_MAX_LENGTH, MESSAGE_NOT_TEXT, MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from './messages-values'

const problem = (value: unknown) => messageBodySchema.safeParse(value).error?.issues.map((i) => i.message)

describe("a message's text, one rule for the app and the API", () => {
  it('keeps text in its stored form: one \\n per line break, no NUL, trimmed', () => {
    expect(messageBodySchema.parse('  Hello\r\nthere\rfriend\u0000  ')).toBe('Hello\nthere\nfriend')
    expect(messageBodySchema.parse('<b>kept as text</b>')).toBe('<b>kept as text</b>')
  })

  it.each([undefined, null, '', '   ', '\r\n', '\u0000'])('%j is missing', (value) => {
    expect(problem(value)).toEqual([MESSAGE_REQUIRED])
  })

  it.each([3, true, ['hi'], { text: 'hi' }])('%j is not text', (value) => {
    expect(problem(value)).toEqual([MESSAGE_NOT_TEXT])
  })

  it('counts the normalised text against the limit', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(5000)
    expect(messageBodySchema.safeParse('a'.repeat(MESSAGE_MAX_LENGTH)).success).toBe(true)
    expect(problem('a'.repeat(MESSAGE_MAX_LENGTH + 1))).toEqual([MESSAGE_TOO_LONG])
    expect(MESSAGE_TOO_LONG).toBe('Message must be at most 5000 characters')
    // A form's CRLF counts once, and surrounding blanks not at all.
    expect(messageBodySchema.safeParse(` ${'a\r\n'.repeat(2500)} `).success).toBe(true)
  })
})
