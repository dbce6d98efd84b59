import { describe, expect, it } from 'vitest'
import { filterDecimal, filterDigits, filterPhone, hasMinusSign, maskDateInput, parseDecimal } from './input-filters'

describe('filterPhone', () => {
  it('keeps digits only', () => {
    expect(filterPhone('(555) 123-4567')).toBe('5551234567')
    expect(filterPhone('+1 555 abc')).toBe('1555')
    expect(filterPhone('')).toBe('')
  })
})

describe('filterDigits (feet)', () => {
  it('keeps digits only, no decimal point', () => {
    expect(filterDigits('5.5')).toBe('55')
    expect(filterDigits('5 ft')).toBe('5')
  })
})

describe('filterDecimal (height, weights, inches)', () => {
  it.each([
    ['170', '170'],
    ['170.5', '170.5'],
    ['170.55', '170.5'],
    ['170.5.5', '170.5'],
    ['1a7b0', '170'],
    ['.5', '.5'],
    ['12.', '12.'],
    ['11.95', '11.9'],
    ['-5', '5'],
    ['1,5', '15'],
    ['', ''],
  ])('%j → %j', (typed, kept) => {
    expect(filterDecimal(typed)).toBe(kept)
  })
})

describe('parseDecimal', () => {
  it('reads the filtered number', () => {
    expect(parseDecimal('170.55')).toBe(170.5)
    expect(parseDecimal('.5')).toBe(0.5)
    expect(parseDecimal('12.')).toBe(12)
    expect(parseDecimal('0')).toBe(0)
  })

  it('is undefined without a digit', () => {
    expect(parseDecimal('')).toBeUndefined()
    expect(parseDecimal('.')).toBeUndefined()
    expect(parseDecimal('abc')).toBeUndefined()
    expect(parseDecimal(undefined)).toBeUndefined()
    expect(parseDecimal(null)).toBeUndefined()
  })
})

describe('maskDateInput (MM/DD/YYYY while typing)', () => {
  it('inserts the slashes for a numeric keypad', () => {
    expect(maskDateInput('0')).toBe('0')
    expect(maskDateInput('06')).toBe('06/')
    expect(maskDateInput('06/1', '06/')).toBe('06/1')
    expect(maskDateInput('06/15', '06/1')).toBe('06/15/')
    expect(maskDateInput('06151985')).toBe('06/15/1985')
  })

  it('accepts slashes typed by hand, including one-digit parts', () => {
    expect(maskDateInput('6/')).toBe('6/')
    expect(maskDateInput('6/5/1985')).toBe('6/5/1985')
    expect(maskDateInput('06//')).toBe('06/')
  })

  it('does not re-insert a slash while deleting', () => {
    expect(maskDateInput('06', '06/')).toBe('06')
    expect(maskDateInput('06/15', '06/15/')).toBe('06/15')
  })

  it('drops letters and digits past the year', () => {
    expect(maskDateInput('06/15/19855')).toBe('06/15/1985')
    expect(maskDateInput('ab06')).toBe('06/')
    expect(maskDateInput('')).toBe('')
  })
})

describe('hasMinusSign', () => {
  it('sees a minus in any spelling the filters would drop', () => {
    for (const value of ['-170', ' -80', '\u2212170', '\u2013 5', '\uFF0D3', '1-70']) expect(hasMinusSign(value)).toBe(true)
    for (const value of ['170', '170.5', '', ' 80 ', undefined, null]) expect(hasMinusSign(value)).toBe(false)
  })
})
