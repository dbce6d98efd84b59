import { describe, expect, it } from 'vitest'
import { describeEntry, formatWaterFor } from '~/features/health-log/log-entry-text'
import { entryFormDefaults, entrySchema, newEntryDefaults } from '~/features/health-log/log-entry-forms'
import { entriesCsv } from '~/features/trends/trends-csv'
import { buildTrends, trendsFacts, type TrendsFacts } from '~/features/trends/trends'
import { emptyEntries } from '~/features/health-log/log-entries'
import { formatWater, ML_PER_FL_OZ, mlToFlOz, waterFromMl, waterToMl, waterUnitFor } from '~/platform/units'

// Water in US fl oz for a patient who chose lbs (imperial), ml otherwise; stored in ml.

const TODAY = '2026-11-21'

describe('water units', () => {
  it('follows the weight unit, then the height unit', () => {
    expect(waterUnitFor('lbs')).toBe('fl oz')
    expect(waterUnitFor('kg')).toBe('ml')
    expect(waterUnitFor('kg', 'ft-in')).toBe('ml')
    expect(waterUnitFor(undefined, 'ft-in')).toBe('fl oz')
    expect(waterUnitFor(null, 'cm')).toBe('ml')
  })

  it('converts at 29.5735 ml a US fl oz, storing whole ml', () => {
    expect(ML_PER_FL_OZ).toBe(29.5735)
    expect(waterToMl(8, 'fl oz')).toBe(237)
    expect(waterToMl(64, 'fl oz')).toBe(1893)
    expect(waterToMl(250, 'ml')).toBe(250)
    expect(mlToFlOz(1900)).toBeCloseTo(64.247, 3)
  })

  it('shows whole fl oz from 10 up, one decimal below; whole fl oz survive the round trip', () => {
    expect(waterFromMl(1900, 'fl oz')).toBe(64)
    expect(waterFromMl(250, 'fl oz')).toBe(8.5)
    expect(waterFromMl(1735.4, 'ml')).toBe(1735)
    for (const floz of [1, 8, 12, 16, 20, 64, 100, 338])
      expect(waterFromMl(waterToMl(floz, 'fl oz'), 'fl oz')).toBe(floz)
    expect(formatWater(1900, 'fl oz')).toBe('64 fl oz')
    expect(formatWater(1900, 'ml')).toBe('1,900 ml')
    expect(formatWaterFor(500, 'lbs')).toBe('17 fl oz')
    expect(formatWaterFor(500, 'kg')).toBe('500 ml')
  })
})

describe('the water form', () => {
  it('starts in the patient unit and shows a stored amount in it', () => {
    expect(newEntryDefaults('water', TODAY, 'lbs')).toMatchObject({ ml: '', water_unit: 'fl oz' })
    expect(newEntryDefaults('water', TODAY, 'kg')).toMatchObject({ ml: '', water_unit: 'ml' })
    const entry = { id: 1, kind: 'water' as const, date: TODAY, ml: 237 }
    expect(entryFormDefaults(entry, 'lbs')).toMatchObject({ ml: '8', water_unit: 'fl oz' })
    expect(entryFormDefaults(entry, 'kg')).toMatchObject({ ml: '237', water_unit: 'ml' })
    expect(describeEntry(entry, 'lbs').value).toBe('8 fl oz')
  })

  it('accepts fl oz and posts ml; out-of-range messages name the unit typed', () => {
    const water = entrySchema('water', TODAY)
    expect(water.safeParse({ date: '11/21/2026', ml: '8', water_unit: 'fl oz' }).data).toEqual({
      date: TODAY,
      ml: 237,
    })
    expect(water.safeParse({ date: '11/21/2026', ml: '12.5', water_unit: 'fl oz' }).data).toEqual({
      date: TODAY,
      ml: 370,
    })
    const tooMuch = water.safeParse({ date: '11/21/2026', ml: '339', water_unit: 'fl oz' })
    expect(tooMuch.success).toBe(false)
    expect(tooMuch.error?.issues.map((i) => i.message)).toEqual(['Water must be between 0 and 338 fl oz'])
    // Without a unit (an old form, a script) the amount is ml, as before.
    expect(water.safeParse({ date: '11/21/2026', ml: '250' }).data).toEqual({ date: TODAY, ml: 250 })
    const mlTooMuch = water.safeParse({ date: '11/21/2026', ml: '10001', water_unit: 'ml' })
    expect(mlTooMuch.error?.issues.map((i) => i.message)).toEqual(['Water must be between 0 and 10000 ml'])
  })
})

describe('trends and CSV', () => {
  const facts: TrendsFacts = {
    ...trendsFacts({
      personal: { weight_unit: 'lbs' } as never,
      bariatric_surgery: null as never,
      preferences: null as never,
    }),
  }
  it('draws, sums and tables water in fl oz for an lbs patient; the CSV carries both units', () => {
    expect(facts.waterUnit).toBe('fl oz')
    const entries = emptyEntries()
    entries.water = [
      { id: 1, kind: 'water', date: '2026-11-20', ml: 1000 },
      { id: 2, kind: 'water', date: '2026-11-20', ml: 900 },
      { id: 3, kind: 'water', date: '2026-11-21', ml: 500 },
    ]
    const water = buildTrends({ entries, facts, range: '7d', today: TODAY }).charts[4]
    expect(water.references[0]).toMatchObject({ name: 'Target', text: '64 fl oz', label: '64 fl oz' })
    expect(water.series[0].points.map((p) => p.text)).toEqual(['64 fl oz', '17 fl oz'])
    expect(water.table.columns).toEqual(['Date', 'Water (fl oz)', 'Target reached'])
    expect(water.table.caption).toBe('Water in the last 7 days, in fluid ounces')
    expect(water.table.rows.map((r) => r.cells.slice(1))).toEqual([
      ['64', 'Yes'],
      ['17', 'No'],
    ])
    expect(water.summary).toBe('41 fl oz a day on average; 64 fl oz or more on 1 of 2 days logged.')
    const metric = buildTrends({ entries, facts: { ...facts, waterUnit: 'ml' }, range: '7d', today: TODAY })
    expect(metric.charts[4].table.columns).toEqual(['Date', 'Water (ml)', 'Target reached'])
    expect(entriesCsv(entries).split('\r\n')[1]).toBe('2026-11-20,water,,,,,,,,,,,1000,33.8,,manual,')
  })
})
