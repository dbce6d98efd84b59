import { describe, expect, it } from 'vitest'
import {
  formatDateTimeIn,
  formatDay,
  formatDayIn,
  formatPhone,
  isValidTimeZone,
  roundTo,
  timeZoneAbbreviation,
} from './formats'
import { passwordSavedToast, PASSWORD_SUCCESS_CARD, slashVariant, TOASTS } from './messages'

describe('formatDay', () => {
  it('shows a calendar day as MM/DD/YYYY, whatever follows the date', () => {
    expect(formatDay('2026-11-04')).toBe('11/04/2026')
    expect(formatDay('2026-03-09T23:59:00.000Z')).toBe('03/09/2026')
  })
  it('shows a dash for nothing or nonsense', () => {
    expect(formatDay(null)).toBe('—')
    expect(formatDay('')).toBe('—')
    expect(formatDay('2026-02-30')).toBe('—')
    expect(formatDay('yesterday')).toBe('—')
  })
})

describe('times in the clinic zone', () => {
  it('shows an instant with the zone abbreviation, standard and daylight time', () => {
    expect(formatDateTimeIn('2026-11-24T20:04:00Z', 'America/New_York')).toBe('11/24/2026, 3:04 PM EST')
    expect(formatDateTimeIn('2026-07-01T12:30:00Z', 'America/New_York')).toBe('07/01/2026, 8:30 AM EDT')
    expect(formatDateTimeIn('2026-11-24T00:05:00Z', 'UTC')).toBe('11/24/2026, 12:05 AM UTC')
    expect(formatDateTimeIn('2026-11-24T20:04:00Z', 'America/Los_Angeles')).toBe('11/24/2026, 12:04 PM PST')
  })
  it('uses plain spaces only (the same text on server and browser)', () => {
    expect(formatDateTimeIn('2026-11-24T20:04:00Z', 'America/New_York')).not.toMatch(/[\u00a0\u202f]/)
  })
  it('takes the day by the clinic clock', () => {
    expect(formatDayIn('2026-11-25T02:00:00Z', 'America/New_York')).toBe('11/24/2026')
    expect(formatDayIn('2026-11-25T02:00:00Z', 'UTC')).toBe('11/25/2026')
  })
  it('shows a dash for nothing or nonsense', () => {
    expect(formatDateTimeIn(null, 'UTC')).toBe('—')
    expect(formatDateTimeIn('garbage', 'UTC')).toBe('—')
    expect(formatDayIn(undefined, 'UTC')).toBe('—')
  })
  it('names the abbreviation and validates zone names', () => {
    expect(timeZoneAbbreviation('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('EST')
    expect(timeZoneAbbreviation('UTC')).toBe('UTC')
    expect(isValidTimeZone('America/New_York')).toBe(true)
    expect(isValidTimeZone('UTC')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isValidTimeZone('')).toBe(false)
  })
})

describe('formatPhone', () => {
  it('formats ten-digit North American numbers, with or without the +1', () => {
    expect(formatPhone('5550100199')).toBe('(555) 010-0199')
    expect(formatPhone('15550100199')).toBe('(555) 010-0199')
    expect(formatPhone('+1 555-010-0199')).toBe('(555) 010-0199')
  })
  it('keeps anything else as entered', () => {
    expect(formatPhone('555010')).toBe('555010')
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(formatPhone('call 5550100199 after 5')).toBe('call 5550100199 after 5')
    expect(formatPhone('')).toBe('—')
    expect(formatPhone(null)).toBe('—')
  })
})

describe('roundTo', () => {
  it('rounds numbers and passes the rest through', () => {
    expect(roundTo(127.006, 1)).toBe(127)
    expect(roundTo(168.91, 1)).toBe(168.9)
    expect(roundTo(1.05, 1)).toBe(1.1)
    expect(roundTo(-0.04, 1)).toBe(0)
    expect(roundTo(168.5, 0)).toBe(169)
    expect(roundTo(null, 1)).toBe(null)
    expect(roundTo('abc', 1)).toBe('abc')
  })
})

describe('slash texts (SPEC.md words two cases at once)', () => {
  it('derives each case from the SPEC text', () => {
    expect(slashVariant(PASSWORD_SUCCESS_CARD, 'first')).toBe('You successfully created your password!')
    expect(slashVariant(PASSWORD_SUCCESS_CARD, 'second')).toBe('You successfully reset your password!')
    expect(TOASTS.passwordSaved.title).toBe('Password created/updated successfully!')
    expect(passwordSavedToast(true).title).toBe('Password created successfully!')
    expect(passwordSavedToast(false).title).toBe('Password updated successfully!')
  })
})

describe('formatters', () => {
  it('builds one formatter per zone, however many times are shown', () => {
    const original = Intl.DateTimeFormat
    let built = 0
    Intl.DateTimeFormat = new Proxy(original, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        built++
        return new target(...args)
      },
    })
    try {
      for (let minute = 0; minute < 20; minute++) {
        formatDateTimeIn(`2026-11-24T20:${String(minute).padStart(2, '0')}:00Z`, 'Asia/Kathmandu')
        expect(isValidTimeZone('Asia/Kathmandu')).toBe(true)
      }
      expect(formatDayIn('2026-11-24T20:04:00Z', 'Asia/Kathmandu')).toBe('11/25/2026')
      expect(built).toBeLessThanOrEqual(1)
      // An unknown zone is remembered as unknown, and still refused.
      expect(isValidTimeZone('Mars/Olympus')).toBe(false)
      expect(isValidTimeZone('Mars/Olympus')).toBe(false)
      expect(() => formatDateTimeIn('2026-11-24T20:04:00Z', 'Mars/Olympus')).toThrow(RangeError)
      expect(built).toBeLessThanOrEqual(2)
    } finally {
      Intl.DateTimeFormat = original
    }
  })
})
