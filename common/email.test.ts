import { describe, expect, it } from 'vitest'
import { EMAIL_MAX_LENGTH, isValidEmail } from './email'

describe('one e-mail address', () => {
  it.each([
    'a@b.co',
    'first.last+tag@sub.example.org',
    'x@y.z',
    "o'brien@example.ie",
    'a-b_c!#$%&*/=?^`{|}~@x-y.example',
    'UPPER@EXAMPLE.COM',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true)
  })

  it.each([
    // The probe's recipient injections: a list, a display name with a second address, a NEL.
    'atk@example.test,victim@example.org',
    'atk@example.test;victim@example.org',
    '"Boss"<atk2@example.test>;cc2@example.org',
    'Boss <atk2@example.test>',
    '<atk2@example.test>',
    'nel@example.test\u0085bcc:nelbcc@example.org',
    'a@b.co\r\nBcc: c@d.org',
    'a@b.co\nbcc@d.org',
    'a@b.co\u2028x',
    'a\u0000b@x.test',
    'a@x.test\u0000',
    '\uD800a@x.test',
    '"quoted"@example.org',
    'a:b@example.org',
    'a b@example.org',
    'a@b c.org',
    'a(comment)@example.org',
    'a@[127.0.0.1]',
    'josé@example.org',
    'jose@exämple.org',
    'a@b@c.org',
    'plainaddress',
    'a@b',
    '@b.co',
    'a@.co',
    'a@b.',
    'a@-b.co',
    'a@b-.co',
    'a@b..co',
    '',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false)
  })

  it('refuses an address longer than a mail path may be', () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.example`
    const longest = `${'a'.repeat(EMAIL_MAX_LENGTH - domain.length - 1)}@${domain}`
    expect(isValidEmail(longest)).toBe(true)
    expect(isValidEmail(`a${longest}`)).toBe(false)
  })
})
