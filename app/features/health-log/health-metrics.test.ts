import { describe, expect, it } from 'vitest'
import { dailyTargets } from '~/../common/daily-targets'
import { PERSONAL } from '~/../tests/support/fixtures'
import {
  daysSinceSurgery,
  formatPercent,
  healthMetrics,
  lastLoggedDate,
  loggingNudge,
  nextFollowUp,
  oneDecimal,
  targetProgress,
  type MetricsInput,
} from './health-metrics'
import {
  emptyEntries,
  type LatestByKind,
  type MealEntry,
  type SleepEntry,
  type WaterEntry,
  type WeightEntry,
} from './log-entries'

describe('follow-up milestones (surgery 2026-05-01)', () => {
  const SURGERY = '2026-05-01'
  it.each([
    ['2026-05-01', '2-week follow-up', '2026-05-15', 14],
    ['2026-05-14', '2-week follow-up', '2026-05-15', 1],
    ['2026-05-15', '2-week follow-up', '2026-05-15', 0], // due today
    ['2026-05-16', '6-week follow-up', '2026-06-12', 27],
    ['2026-06-12', '6-week follow-up', '2026-06-12', 0],
    ['2026-06-13', '3-month follow-up', '2026-08-01', 49],
    ['2026-08-01', '3-month follow-up', '2026-08-01', 0],
    ['2026-08-02', '6-month follow-up', '2026-11-01', 91],
    ['2026-11-21', '1-year follow-up', '2027-05-01', 161],
    ['2027-05-01', '1-year follow-up', '2027-05-01', 0],
    ['2027-05-02', '2-year follow-up', '2028-05-01', 365],
    ['2028-05-02', '3-year follow-up', '2029-05-01', 364],
  ])('on %s the next is the %s on %s (%i days)', (today, label, date, daysUntil) => {
    expect(nextFollowUp(SURGERY, today)).toEqual({ label, date, daysUntil })
  })

  it('months keep the day, or the month’s last day', () => {
    expect(nextFollowUp('2026-08-31', '2026-10-13')).toMatchObject({
      label: '3-month follow-up',
      date: '2026-11-30',
    })
    expect(nextFollowUp('2026-08-31', '2026-12-01')).toMatchObject({
      label: '6-month follow-up',
      date: '2027-02-28',
    })
  })

  it('a surgery still ahead: the 2-week follow-up is next; no days since', () => {
    expect(nextFollowUp('2026-12-01', '2026-11-21')).toEqual({
      label: '2-week follow-up',
      date: '2026-12-15',
      daysUntil: 24,
    })
    expect(daysSinceSurgery('2026-12-01', '2026-11-21')).toBeNull()
  })

  it('days since surgery: 0 on the day', () => {
    expect(daysSinceSurgery(SURGERY, '2026-05-01')).toBe(0)
    expect(daysSinceSurgery(SURGERY, '2026-11-21')).toBe(204)
    expect(daysSinceSurgery(null, '2026-11-21')).toBeNull()
    expect(nextFollowUp('not a date', '2026-11-21')).toBeNull()
  })
})

describe('daily targets and the nudge', () => {
  it('targets default to 60 g, 1900 ml, 7 h; the profile’s preferences override them', () => {
    expect(dailyTargets(null)).toEqual({ proteinG: 60, waterMl: 1900, sleepH: 7 })
    expect(dailyTargets({ height_unit: 'cm', weight_unit: 'kg' })).toEqual({
      proteinG: 60,
      waterMl: 1900,
      sleepH: 7,
    })
    expect(dailyTargets({ protein_target_g: 80, water_target_ml: 2000, sleep_target_h: 7.5 })).toEqual({
      proteinG: 80,
      waterMl: 2000,
      sleepH: 7.5,
    })
  })

  it('progress against a target', () => {
    expect(targetProgress(55, 60).percent).toBeCloseTo(91.6667, 3)
    expect(targetProgress(55, 60).met).toBe(false)
    expect(targetProgress(2000, 1900)).toEqual({ value: 2000, target: 1900, percent: 100, met: true })
    expect(targetProgress(null, 7)).toEqual({ value: null, target: 7, percent: 0, met: false })
  })

  it('nudges after 3 days without any entry, or when nothing was ever logged', () => {
    expect(loggingNudge('2026-11-21', '2026-11-21')).toEqual({ show: false, daysSince: 0 })
    expect(loggingNudge('2026-11-19', '2026-11-21')).toEqual({ show: false, daysSince: 2 })
    expect(loggingNudge('2026-11-18', '2026-11-21')).toEqual({ show: true, daysSince: 3 })
    expect(loggingNudge(null, '2026-11-21')).toEqual({ show: true, daysSince: null })
  })

  it('the last logged date is the newest of any kind', () => {
    const latest: LatestByKind = {
      weight: weight('2026-11-10', 100),
      sleep: null,
      meal: null,
      water: water('2026-11-17', 250),
      vitamins: null,
    }
    expect(lastLoggedDate(latest)).toBe('2026-11-17')
    expect(lastLoggedDate({ weight: null, sleep: null, meal: null, water: null, vitamins: null })).toBeNull()
  })
})

let nextId = 1
function weight(date: string, kg: number): WeightEntry {
  return { id: nextId++, kind: 'weight', date, weight: kg, weight_unit: 'kg', note: '', source: 'manual' }
}
function water(date: string, ml: number): WaterEntry {
  return { id: nextId++, kind: 'water', date, ml }
}
function meal(date: string, protein: number): MealEntry {
  return {
    id: nextId++,
    kind: 'meal',
    date,
    time: '12:00',
    meal_type: 'lunch',
    protein_g: protein,
    calories: null,
    description: '',
  }
}
function sleep(date: string, hours: number): SleepEntry {
  return { id: nextId++, kind: 'sleep', date, hours, quality: 4, bed_time: null, wake_time: null }
}

const HAD_SURGERY = {
  bariatric_status: 'yes',
  surgery_type: 'Sleeve Gastrectomy',
  surgery_date: '2026-05-01',
  pre_surgery_weight: 125,
  goal_weight: 80,
}

function input(overrides: Partial<MetricsInput> = {}): MetricsInput {
  return {
    profile: {
      personal: PERSONAL,
      bariatric_surgery: HAD_SURGERY,
      preferences: { height_unit: 'cm', weight_unit: 'kg' },
    },
    entries: emptyEntries(),
    latest: { weight: null, sleep: null, meal: null, water: null, vitamins: null },
    today: '2026-11-21',
    ...overrides,
  }
}

describe('healthMetrics', () => {
  it('with a logged weight: current is the latest entry, baseline the pre-surgery weight', () => {
    const latest = weight('2026-11-20', 99.79) // 220 lbs as the app sends it
    const metrics = healthMetrics(
      input({ latest: { weight: latest, sleep: null, meal: null, water: null, vitamins: null } }),
    )
    expect(metrics.current).toEqual({ kg: 99.79, source: 'logged', date: '2026-11-20' })
    expect(metrics.baseline).toEqual({ kg: 125, source: 'pre-surgery' })
    expect(metrics.changeKg).toBeCloseTo(-25.21, 10)
    expect(formatPercent(metrics.twlPercent!)).toBe('20.2%') // 25.21 / 125 = 20.168
    expect(formatPercent(metrics.ewlPercent!)).toBe('47.8%') // 25.21 / 52.75 = 47.791
    expect(oneDecimal(metrics.bmi!)).toBe('34.5') // 99.79 / 2.89 = 34.529
    expect(oneDecimal(metrics.goal!.percent)).toBe('56.0') // 25.21 / 45 = 56.02
    expect(metrics.surgery).toEqual({
      date: '2026-05-01',
      daysSince: 204,
      daysUntil: null,
      next: { label: '1-year follow-up', date: '2027-05-01', daysUntil: 161 },
    })
    expect(metrics.nudge).toEqual({ show: false, daysSince: 1, lastLogged: '2026-11-20' })
  })

  it('without entries: current is the initial weight; %TWL from 125 to 120', () => {
    const metrics = healthMetrics(input())
    expect(metrics.current).toEqual({ kg: 120, source: 'initial', date: null })
    expect(metrics.twlPercent).toBeCloseTo(4, 10)
    expect(metrics.nudge.show).toBe(true)
  })

  it('no pre-surgery weight (planning surgery): the baseline is the initial weight, and says so', () => {
    const metrics = healthMetrics(
      input({
        profile: { personal: PERSONAL, bariatric_surgery: { bariatric_status: 'plan' }, preferences: null },
        latest: { weight: weight('2026-11-21', 110), sleep: null, meal: null, water: null, vitamins: null },
      }),
    )
    expect(metrics.baseline).toEqual({ kg: 120, source: 'initial' })
    expect(oneDecimal(metrics.twlPercent!)).toBe('8.3')
    expect(oneDecimal(metrics.ewlPercent!)).toBe('20.9') // (120 − 110) / (120 − 72.25) = 20.942
    expect(metrics.goal).toBeNull() // a goal weight belongs to the surgery details
  })

  it('missing height: no BMI, no IBW, no %EWL; %TWL still works', () => {
    const metrics = healthMetrics(
      input({
        profile: {
          personal: { ...PERSONAL, height: null },
          bariatric_surgery: HAD_SURGERY,
          preferences: null,
        },
      }),
    )
    expect(metrics.bmi).toBeNull()
    expect(metrics.idealWeightKg).toBeNull()
    expect(metrics.ewlPercent).toBeNull()
    expect(metrics.twlPercent).toBeCloseTo(4, 10)
  })

  it('no personal details at all: nothing to measure, but no error', () => {
    const metrics = healthMetrics(
      input({ profile: { personal: null, bariatric_surgery: null, preferences: null } }),
    )
    expect(metrics.current).toBeNull()
    expect(metrics.baseline).toBeNull()
    expect(metrics.twlPercent).toBeNull()
    expect(metrics.goal).toBeNull()
    expect(metrics.surgery).toBeNull()
  })

  it('goal already reached', () => {
    const metrics = healthMetrics(
      input({
        latest: { weight: weight('2026-11-21', 79.4), sleep: null, meal: null, water: null, vitamins: null },
      }),
    )
    expect(metrics.goal).toEqual({ percent: 100, reached: true, remainingKg: 0 })
  })

  it("today's protein and water; last night's sleep (dated today, the day the patient woke up)", () => {
    const entries = emptyEntries()
    entries.meal.push(meal('2026-11-20', 40), meal('2026-11-21', 25), meal('2026-11-21', 30))
    entries.water.push(water('2026-11-21', 1500), water('2026-11-21', 500))
    entries.sleep.push(sleep('2026-11-20', 8), sleep('2026-11-21', 6.5), sleep('2026-11-21', 1))
    const metrics = healthMetrics(input({ entries }))
    expect(metrics.today.protein).toMatchObject({ value: 55, target: 60, met: false })
    expect(metrics.today.water).toMatchObject({ value: 2000, target: 1900, met: true, percent: 100 })
    expect(metrics.today.sleep).toMatchObject({ value: 7.5, target: 7, met: true })
  })
})

describe('display rounding', () => {
  it('one decimal, from unrounded values', () => {
    expect(oneDecimal(20.168)).toBe('20.2')
    expect(oneDecimal(4)).toBe('4.0')
    expect(oneDecimal(-0.04)).toBe('0.0')
    expect(oneDecimal(-4.05)).toBe('-4.1')
    expect(formatPercent(55.555)).toBe('55.6%')
  })
})
