import { describe, expect, test } from 'vitest'
import { ageGroup, monthsSinceSurgeryBand, pseudonymizer, RESTRICTED_ZIP3, stateCode, yearOf, zip3 } from '../../provider/deidentify'

describe('Safe Harbor de-identification', () => {
  test('ZIP codes keep their first three digits; small areas become 000; anything else is dropped', () => {
    expect(zip3('62701')).toBe('627')
    expect(zip3(' 62701-1234 ')).toBe('627')
    expect(zip3('627011234')).toBe('627')
    expect(zip3('03601')).toBe('000')
    expect(zip3('89301')).toBe('000')
    expect(RESTRICTED_ZIP3.size).toBe(17)
    for (const other of ['6270', 'SW1A 1AA', 'K1A 0B1', '', null, undefined, '62701 Springfield']) expect(zip3(other)).toBeNull()
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
    // A 10-digit id: a random 10-hex-digit alias contains it only by being equal to it (odds
    // 1 in 16^10), where a short id like 42 turns up in about 1 alias in 30 by chance.
    const id = 4_102_345_678
    const first = pseudonymizer()
    const a = first(id)
    expect(first(id)).toBe(a)
    expect(first(id + 1)).not.toBe(a)
    expect(a).toMatch(/^P-[0-9A-F]{10}$/)
    expect(a).not.toContain(String(id))
    expect(a).not.toContain(id.toString(16).toUpperCase())
    expect(pseudonymizer()(id)).not.toBe(a)
  })
})

// Mutation testing: anchors and edges of the Safe Harbor rules.
describe('Safe Harbor edges', () => {
  test('every restricted ZIP prefix becomes 000; only whole ZIPs count', () => {
    for (const prefix of RESTRICTED_ZIP3) expect(zip3(`${prefix}01`), prefix).toBe('000')
    expect(zip3('03701')).toBe('037')
    for (const odd of ['A62701', '162701', '62701A', '62701-12345']) expect(zip3(odd), odd).toBeNull()
  })

  test('a birth date must be a whole ISO date, and not after the day', () => {
    for (const odd of ['x1990-07-04', '1990-07-04x', '04/07/1990']) expect(ageGroup(odd, '2026-07-04'), odd).toBeNull()
    expect(ageGroup('2027-01-01', '2026-07-04')).toBeNull()
    expect(ageGroup('2026-01-01', '2026-07-04')).toBe('0')
  })

  test('a year only from the start of an ISO date', () => {
    expect(yearOf('2026-07-04')).toBe('2026')
    expect(yearOf('x2026-07-04')).toBeNull()
    expect(yearOf(null)).toBeNull()
  })

  test('months since surgery need a whole ISO surgery date', () => {
    for (const odd of ['garbage', 'x2026-01-01', '2026-01-01x']) expect(monthsSinceSurgeryBand(odd, '2026-06-01'), odd).toBeNull()
  })

  test('a state is kept only when all of it is letters, spaces or dots', () => {
    expect(stateCode('IL 1')).toBeNull()
    expect(stateCode('1 IL')).toBeNull()
    expect(stateCode(null)).toBeNull()
    expect(stateCode('St. Louis')).toBe('ST. LOUIS')
  })
})
