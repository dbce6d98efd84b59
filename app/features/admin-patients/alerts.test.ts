import { describe, expect, test } from 'vitest'
import {
  ALERT_TIERS,
  ALERT_TITLES,
  alertConditions,
  regainThresholdPercent,
  weightRegain,
  type AlertFacts,
} from '~/../provider/alerts-rules'
import { cohortSummary } from '~/../provider/patient-cohorts'
import { sortAlerts, type PatientAlert } from './alerts'

const quiet: AlertFacts = {
  is_onboarded: true,
  days_without_data: 0,
  has_entries: true,
  current_kg: 100,
  nadir_kg: 100,
  protein_days_logged: 0,
  protein_days_below: 0,
}

describe('alert rules', () => {
  test('none for a patient on track, or one not onboarded', () => {
    expect(alertConditions(quiet, 5)).toEqual([])
    expect(
      alertConditions({ ...quiet, is_onboarded: false, days_without_data: 30, current_kg: 120 }, 5),
    ).toEqual([])
  })

  test('tier 1: regain at or above the threshold % of the nadir', () => {
    expect(alertConditions({ ...quiet, current_kg: 104.9 }, 5)).toEqual([])
    expect(alertConditions({ ...quiet, current_kg: 105 }, 5)).toEqual([
      {
        kind: 'weight_regain',
        tier: 1,
        detail: 'Latest weight is 5% above the lowest logged weight (threshold 5%).',
      },
    ])
    expect(alertConditions({ ...quiet, current_kg: 105 }, 8)).toEqual([])
    expect(weightRegain(98, 100, 5)).toEqual({ kg: 0, percent: 0, flagged: false })
    expect(weightRegain(null, 100, 5)).toBeNull()
  })

  test('tier 2: nothing logged for 7+ days', () => {
    expect(alertConditions({ ...quiet, days_without_data: 6 }, 5)).toEqual([])
    expect(alertConditions({ ...quiet, days_without_data: 7 }, 5)).toEqual([
      { kind: 'no_recent_data', tier: 2, detail: 'Nothing logged for 7 days.' },
    ])
    expect(
      alertConditions(
        { ...quiet, days_without_data: 9, has_entries: false, current_kg: null, nadir_kg: null },
        5,
      )[0].detail,
    ).toBe('Nothing logged since signing up 9 days ago.')
  })

  test('tier 3: protein below target on 4 or more logged days of the last 7', () => {
    expect(alertConditions({ ...quiet, protein_days_logged: 7, protein_days_below: 3 }, 5)).toEqual([])
    expect(
      alertConditions({ ...quiet, protein_days_logged: 4, protein_days_below: 4 }, 5).map((c) => c.tier),
    ).toEqual([3])
  })

  test('the regain threshold comes from ALERT_REGAIN_PERCENT, anything unusable is the default 5', () => {
    expect(regainThresholdPercent({})).toBe(5)
    expect(regainThresholdPercent({ ALERT_REGAIN_PERCENT: '7.5' })).toBe(7.5)
    for (const bad of ['0', '-1', '80', 'lots', ''])
      expect(regainThresholdPercent({ ALERT_REGAIN_PERCENT: bad })).toBe(5)
  })

  test('alerts show open ones first, most urgent first', () => {
    const alert = (id: number, status: PatientAlert['status'], tier: 1 | 2 | 3, opened_at: string) =>
      ({ id, status, tier, opened_at }) as PatientAlert
    const sorted = sortAlerts([
      alert(1, 'acknowledged', 1, '2026-01-03'),
      alert(2, 'open', 3, '2026-01-02'),
      alert(3, 'open', 1, '2026-01-01'),
      alert(4, 'resolved', 1, '2026-01-05'),
    ])
    expect(sorted.map((a) => a.id)).toEqual([3, 2, 1, 4])
  })
})

describe('cohort summary', () => {
  const patient = (
    surgery_type: string | null,
    days_post_op: number | null,
    twl: number | null,
    ewl: number | null,
    is_onboarded = true,
  ) => ({
    is_onboarded,
    surgery_type,
    days_post_op,
    twl_percent: twl,
    ewl_percent: ewl,
  })

  test('groups post-op onboarded patients by procedure and by months since surgery', () => {
    const summary = cohortSummary([
      patient('Sleeve Gastrectomy', 30, 10, 30),
      patient('Sleeve Gastrectomy', 200, 20, null),
      patient('Gastric Bypass (RNY)', 400, 30, 60),
      patient('Gastric Bypass (RNY)', null, null, null), // surgery not yet
      patient('Sleeve Gastrectomy', 60, 50, 50, false), // not onboarded
      patient('Duodenal Switch', 800, null, null), // no weight logged
    ])
    expect(summary.by_procedure).toEqual([
      { cohort: 'Gastric Bypass (RNY)', patients: 1, mean_twl_percent: 30, mean_ewl_percent: 60 },
      { cohort: 'Sleeve Gastrectomy', patients: 2, mean_twl_percent: 15, mean_ewl_percent: 30 },
      { cohort: 'Adjustable Gastric Band', patients: 0, mean_twl_percent: null, mean_ewl_percent: null },
      { cohort: 'Duodenal Switch', patients: 1, mean_twl_percent: null, mean_ewl_percent: null },
      { cohort: 'Other', patients: 0, mean_twl_percent: null, mean_ewl_percent: null },
    ])
    expect(
      summary.by_months_since_surgery.map((row) => [row.cohort, row.patients, row.mean_twl_percent]),
    ).toEqual([
      ['0–3 months', 1, 10],
      ['3–6 months', 0, null],
      ['6–12 months', 1, 20],
      ['12–24 months', 1, 30],
      ['24+ months', 1, null],
    ])
  })
})

// Mutation testing: edges of the rules the tests above left open.
describe('alert rule edges', () => {
  test('the threshold may be 50 at most, and an absent or non-numeric setting is the default', () => {
    expect(regainThresholdPercent({ ALERT_REGAIN_PERCENT: '50' })).toBe(50)
    expect(regainThresholdPercent({ ALERT_REGAIN_PERCENT: '50.1' })).toBe(5)
    expect(regainThresholdPercent({ ALERT_REGAIN_PERCENT: 'Infinity' })).toBe(5)
    expect(regainThresholdPercent({ ALERT_REGAIN_PERCENT: undefined })).toBe(5)
  })

  test('no regain without both weights and a positive nadir; no flag without a gain', () => {
    expect(weightRegain(100, null, 5)).toBeNull()
    expect(weightRegain(100, 0, 5)).toBeNull()
    expect(weightRegain(100, -1, 5)).toBeNull()
    // A 0 % threshold still needs some gain to flag.
    expect(weightRegain(100, 100, 0)).toEqual({ kg: 0, percent: 0, flagged: false })
    expect(weightRegain(100.1, 100, 0)).toMatchObject({ flagged: true })
  })

  test('each kind has its tier and title, and low protein says how many days', () => {
    expect(ALERT_TIERS).toEqual({ weight_regain: 1, no_recent_data: 2, low_protein: 3 })
    expect(ALERT_TITLES).toEqual({
      weight_regain: 'Weight regain',
      no_recent_data: 'No recent data',
      low_protein: 'Low protein intake',
    })
    const facts = {
      is_onboarded: true,
      days_without_data: 0,
      has_entries: true,
      current_kg: null,
      nadir_kg: null,
      protein_days_logged: 7,
      protein_days_below: 5,
    }
    expect(alertConditions(facts, 5)).toEqual([
      { kind: 'low_protein', tier: 3, detail: 'Protein below target on 5 of the last 7 days.' },
    ])
  })
})
