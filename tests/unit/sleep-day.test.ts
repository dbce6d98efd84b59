import { describe, expect, it } from 'vitest'
import { healthMetrics } from '~/features/health-log/health-metrics'
import {
  emptyEntries,
  entriesOn,
  lastNightDate,
  SLEEP_DATE_HINT,
  summariseDay,
  type SleepEntry,
} from '~/features/health-log/log-entries'
import { defaultEntryDate } from '~/features/health-log/log-entry-forms'
import { dailyValues } from '~/features/trends/trends-days'
import { entriesCsv } from '~/features/trends/trends-csv'

// One rule for which day a night's sleep belongs to (docs/decisions/122-sleep-date-woke-up.md):
// the date the patient woke up. Every place that reads a sleep entry puts it on that same date.

const TODAY = '2026-11-24'
const YESTERDAY = '2026-11-23'

function sleep(date: string, hours: number, id = 1): SleepEntry {
  return {
    id,
    kind: 'sleep',
    date,
    hours,
    quality: 4,
    bed_time: '23:00',
    wake_time: '06:30',
    source: 'manual',
  }
}

describe('the day a sleep entry belongs to', () => {
  it('is stated next to the date field', () => {
    expect(SLEEP_DATE_HINT).toBe('Sleep counts for the date you woke up.')
  })

  it("the form starts on today: last night's sleep is this morning's", () => {
    expect(lastNightDate(TODAY)).toBe(TODAY)
    expect(defaultEntryDate('sleep', TODAY)).toBe(TODAY)
    expect(defaultEntryDate('weight', TODAY)).toBe(TODAY)
  })

  it('the week, the day list, the dashboard, the trends and the export agree on the date', () => {
    const entries = emptyEntries()
    entries.sleep.push(sleep(TODAY, 7.5))

    // The week grid and the day's list
    expect(summariseDay(entries, TODAY).sleep).toMatchObject({ hours: 7.5 })
    expect(summariseDay(entries, YESTERDAY).sleep).toBeNull()
    expect(entriesOn(entries, TODAY)).toHaveLength(1)
    expect(entriesOn(entries, YESTERDAY)).toHaveLength(0)

    // The dashboard's 'Sleep last night'
    const metrics = healthMetrics({
      profile: { personal: null, bariatric_surgery: null, preferences: null },
      entries,
      latest: { weight: null, sleep: entries.sleep[0], meal: null, water: null, vitamins: null },
      today: TODAY,
    })
    expect(metrics.today.sleep).toMatchObject({ value: 7.5 })

    // The trends' daily values and the CSV export
    expect(dailyValues(entries.sleep, (e) => e.hours, 'sum')).toEqual([
      expect.objectContaining({ date: TODAY, value: 7.5 }),
    ])
    const [header, row] = entriesCsv(entries).trim().split(/\r?\n/)
    expect(header.split(',')[0]).toBe('date')
    expect(row.startsWith(`${TODAY},sleep,`)).toBe(true)
  })

  it("yesterday's entry is the night before last, not last night", () => {
    const entries = emptyEntries()
    entries.sleep.push(sleep(YESTERDAY, 8))
    const metrics = healthMetrics({
      profile: { personal: null, bariatric_surgery: null, preferences: null },
      entries,
      latest: { weight: null, sleep: entries.sleep[0], meal: null, water: null, vitamins: null },
      today: TODAY,
    })
    expect(metrics.today.sleep.value).toBeNull()
  })
})
