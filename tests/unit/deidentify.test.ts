import { describe, expect, test } from 'vitest'
import {
  ageGroup,
  monthsSinceSurgeryBand,
  pseudonymizer,
  RESTRICTED_ZIP3,
  stateCode,
  yearOf,
  zip3,
} from '../../provider/deidentify'

describe('Safe Harbor de-identification', () => {
  test('ZIP codes keep their first three digits; small areas become 000; anything else is dropped', () => {
    expect(zip3('62701')).toBe('627')
    expect(zip3(' 62701-1234 ')).toBe('627')
    expect(zip3('627011234')).toBe('627')
    expect(zip3('03601')).toBe('000')
    expect(zip3('89301')).toBe('000')
    expect(RESTRICTED_ZIP3.size).toBe(17)
    for (const other of ['6270', 'SW1A 1AA', 'K1A 0B1', '', null, undefined, '62701 Springfield'])
      expect(zip3(other)).toBeNull()
  })

  test('ages over 89 are grouped as 90+', () => {
    expect(ageGroup('1990-07-04', '2026-07-03')).toBe('35')
    expect(ageGroup('1990-07-04', '2026-07-04')).toBe('36')
    expect(ageGroup('1936-11-22', '2026-11-21')).toBe('89')
    expect(ageGroup('1936-11-21', '2026-11-21')).toBe('90+')
    expect(ageGroup('1900-01-01', '2026-11-21')).toBe('90+')
    expect(ageGroup(null, '2026-11-21')).toBeNull()
    expect(ageGroup('07/04/1990', '2026-11-21')).toBeNull()
    expect(ageGroup('2030-01-01', '2026-11-21')).toBeNull()
  })

  test('dates are reduced to the year', () => {
    expect(yearOf('2026-03-15')).toBe('2026')
    expect(yearOf('2026-03-15T10:00:00.000Z')).toBe('2026')
    expect(yearOf(null)).toBeNull()
    expect(yearOf('March 2026')).toBeNull()
  })

  test('time since surgery is a band of months, not a day count', () => {
    expect(monthsSinceSurgeryBand('2026-03-15', '2026-03-14')).toBe('pre-op')
    expect(monthsSinceSurgeryBand('2026-03-15', '2026-03-15')).toBe('0-3')
    expect(monthsSinceSurgeryBand('2026-01-01', '2026-04-05')).toBe('3-6')
    expect(monthsSinceSurgeryBand('2025-11-01', '2026-06-01')).toBe('6-12')
    expect(monthsSinceSurgeryBand('2025-01-01', '2026-06-01')).toBe('12-24')
    expect(monthsSinceSurgeryBand('2020-01-01', '2026-06-01')).toBe('24+')
    expect(monthsSinceSurgeryBand(null, '2026-06-01')).toBeNull()
  })

  test('states are kept only as short names or codes', () => {
    expect(stateCode(' il ')).toBe('IL')
    expect(stateCode('New York')).toBe('NEW YORK')
    expect(stateCode('12 Main St, Apt 4')).toBeNull()
    expect(stateCode('')).toBeNull()
  })

  test('pseudonyms are stable within one export, random across exports, and never the id', () => {
    const first = pseudonymizer()
    const a = first(42)
    expect(first(42)).toBe(a)
    expect(first(43)).not.toBe(a)
    expect(a).toMatch(/^P-[0-9A-F]{10}$/)
    expect(a).not.toContain('42')
    expect(pseudonymizer()(42)).not.toBe(a)
  })
})
