import { describe, expect, it } from 'vitest'
import { isoToUsDate, parseUsDate, usDateToIso } from './dates'

describe('usDateToIso (MM/DD/YYYY → YYYY-MM-DD)', () => {
  it.each([
    ['06/15/1985', '1985-06-15'],
    ['6/5/1985', '1985-06-05'],
    [' 12/31/1999 ', '1999-12-31'],
    ['02/29/2024', '2024-02-29'],
    ['02/29/2000', '2000-02-29'],
    ['01/02/0099', '0099-01-02'],
  ])('%s → %s', (us, iso) => {
    expect(usDateToIso(us)).toBe(iso)
  })

  it.each([
    ['', 'blank'],
    ['13/01/1990', 'month 13'],
    ['02/30/1990', 'no such day'],
    ['02/29/2023', 'not a leap year'],
    ['02/29/1900', 'a century that is not a leap year'],
    ['00/10/1990', 'month 0'],
    ['04/31/1990', 'day 31 in a 30-day month'],
    ['01/00/1990', 'day 0'],
    ['01/01/0000', 'year 0'],
    ['01/02/90', 'two-digit year'],
    ['01/02/19900', 'five-digit year'],
    ['1990-01-02', 'ISO instead of US'],
    ['01/02/1990x', 'trailing junk'],
    ['aa/bb/cccc', 'letters'],
  ])('unparseable %s (%s) counts as empty', (text) => {
    expect(usDateToIso(text)).toBe('')
    expect(parseUsDate(text)).toBeUndefined()
  })

  it('treats null and undefined as empty', () => {
    expect(usDateToIso(null)).toBe('')
    expect(usDateToIso(undefined)).toBe('')
  })
})

describe('isoToUsDate (API → form)', () => {
  it.each([
    ['1985-06-15', '06/15/1985'],
    ['2026-03-01T00:00:00Z', '03/01/2026'],
  ])('%s → %s', (iso, us) => {
    expect(isoToUsDate(iso)).toBe(us)
  })

  it.each([[''], [null], [undefined], ['2026-02-30'], ['2026-13-01'], ['0000-01-01'], ['03/01/2026'], ['junk']])('%s → empty', (iso) => {
    expect(isoToUsDate(iso)).toBe('')
  })

  it('round-trips', () => {
    expect(usDateToIso(isoToUsDate('2000-01-09'))).toBe('2000-01-09')
  })
})
