// summary.html's measures are the dashboard's: the same inputs give the same %TWL, %EWL and BMI as
// the app's healthMetrics, digit for digit once rounded for display.
import { describe, expect, it } from 'vitest'
import { formatPercent, healthMetrics, oneDecimal } from '~/features/health-log/health-metrics'
import type { ExportPatient } from '../store/record-export.js'
import { followUps, summaryHtml, summaryMeasures } from './summary.js'

const patient = (initial: number, preSurgery: number | null, height = 177.8): ExportPatient => ({
  id: 1,
  email: 'p@example.com',
  full_name: 'Pat <Tester>',
  created_at: '2026-01-01T00:00:00.000Z',
  personal: {
    full_name: 'Pat <Tester>',
    phone_number: '',
    date_of_birth: '1980-05-06',
    gender: 'F',
    height,
    height_unit: 'cm',
    initial_weight: initial,
    weight_unit: 'lbs',
    address_line1: '',
    address_line2: '',
    city: '',
    state: '',
    postal_code: '',
  },
  medical_history: null,
  bariatric_surgery: preSurgery === null
    ? { bariatric_status: 'plan', surgery_type: null, surgery_date: null, funding_method: null, pre_surgery_weight: null, pre_surgery_weight_unit: null, goal_weight: null, goal_weight_unit: null, hospital_name: null, hospital_address: null, surgery_comments: null }
    : { bariatric_status: 'yes', surgery_type: 'Sleeve Gastrectomy', surgery_date: '2026-03-01', funding_method: null, pre_surgery_weight: preSurgery, pre_surgery_weight_unit: 'lbs', goal_weight: 80, goal_weight_unit: 'lbs', hospital_name: null, hospital_address: null, surgery_comments: null },
  device_information: null,
  profile_updated_at: null,
})

const empty = { weight: [], sleep: [], meal: [], water: [], vitamins: [] }

describe('summary measures', () => {
  it.each([
    [140.5, 138.2, 101.37],
    [112.5, null, 112.55],
    [90, 95.25, 60.05],
  ])('match the dashboard for baseline %s / pre-surgery %s / current %s', (initial, preSurgery, current) => {
    const p = patient(initial, preSurgery)
    const mine = summaryMeasures(p, { day: '2026-11-01', kg: current })
    const latest = { ...empty, weight: { id: 1, kind: 'weight', date: '2026-11-01', weight: current, weight_unit: 'lbs', note: '', source: 'manual' } }
    const app = healthMetrics({
      profile: { personal: p.personal, bariatric_surgery: p.bariatric_surgery, preferences: null } as never,
      entries: empty as never,
      latest: { ...Object.fromEntries(Object.keys(empty).map((k) => [k, null])), weight: latest.weight } as never,
      today: '2026-11-27',
    })
    expect(formatPercent(mine.twl!)).toBe(formatPercent(app.twlPercent!))
    expect(mine.ewl === null ? null : oneDecimal(mine.ewl)).toBe(app.ewlPercent === null ? null : oneDecimal(app.ewlPercent))
    expect(oneDecimal(mine.bmi!)).toBe(oneDecimal(app.bmi!))
  })

  it('lists the follow-ups up to the next one, and escapes what the patient typed', () => {
    expect(followUps('2026-03-01', '2026-11-27').map((f) => `${f.label} ${f.date} ${f.due}`)).toEqual([
      '2-week follow-up 2026-03-15 past',
      '6-week follow-up 2026-04-12 past',
      '3-month follow-up 2026-06-01 past',
      '6-month follow-up 2026-09-01 past',
      '1-year follow-up 2027-03-01 next',
    ])
    const html = summaryHtml({
      patient: patient(140, 138),
      latest: { day: '2026-11-01', kg: 120 },
      targets: { protein_target_g: 60, water_target_ml: 1900, sleep_target_h: 7 },
      today: '2026-11-27',
      generatedAt: '2026-11-27T10:00:00.000Z',
    })
    expect(html).toContain('Pat &lt;Tester&gt;')
    expect(html).not.toContain('<Tester>')
    expect(html).toContain('@media print')
    expect(html).not.toMatch(/<script|<link|src=/)
  })
})
