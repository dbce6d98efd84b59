import { describe, expect, test } from 'vitest'
import {
  ariaSort,
  DEFAULT_QUERY,
  formatDaysAgo,
  formatWeight,
  parsePatientsQuery,
  patientsHref,
  providerPatientsQuery,
  sortHref,
} from './admin-patients'
import { funnelSteps, shownCohorts } from '~/features/admin-dashboard/admin-dashboard'
import { nextFollowUp } from '~/features/health-log/health-metrics'
import { addMonths, nextMilestone } from '~/../provider/admin-patients-metrics'

const parse = (search: string) => parsePatientsQuery(new URLSearchParams(search))

describe('patients list URL state', () => {
  test('reads every known parameter', () => {
    expect(
      parse(
        'q=%20kim%20&procedure=Sleeve+Gastrectomy&onboarding=onboarded&milestone=14&alert=tier1&sort=twl&dir=asc&page=3&unit=lbs',
      ),
    ).toEqual({
      q: 'kim',
      procedure: 'Sleeve Gastrectomy',
      onboarding: 'onboarded',
      milestone: '14',
      alert: 'tier1',
      sort: 'twl',
      dir: 'asc',
      page: 3,
      unit: 'lbs',
    })
  })

  test('drops unknown values and clamps the page instead of failing', () => {
    expect(
      parse('procedure=Magic&onboarding=x&milestone=9&alert=red&sort=age&dir=up&page=-2&unit=stone'),
    ).toEqual(DEFAULT_QUERY)
    expect(parse('page=2.5').page).toBe(1)
    expect(parse('page=999999999').page).toBe(100_000)
    expect(parse(`q=${'a'.repeat(300)}`).q).toHaveLength(100)
  })

  test('a sort without a direction takes the column’s first direction', () => {
    expect(parse('sort=twl')).toMatchObject({ sort: 'twl', dir: 'desc' })
    expect(parse('sort=name')).toMatchObject({ sort: 'name', dir: 'asc' })
  })

  test('writes one URL per state, leaving defaults out', () => {
    expect(patientsHref(DEFAULT_QUERY)).toBe('/admin/patients')
    const query = parse('q=kim lee&alert=tier2&sort=last_data&dir=desc&page=2&unit=lbs')
    expect(patientsHref(query)).toBe(
      '/admin/patients?q=kim+lee&alert=tier2&sort=last_data&dir=desc&page=2&unit=lbs',
    )
    // Round trip.
    expect(parse(patientsHref(query).split('?')[1])).toEqual(query)
  })

  test('sort links toggle the current column and start others at their first direction, on page 1', () => {
    const query = parse('sort=twl&dir=desc&page=3')
    expect(sortHref(query, 'twl')).toBe('/admin/patients?sort=twl&dir=asc')
    expect(sortHref(query, 'name')).toBe('/admin/patients')
    expect(sortHref(query, 'surgery_date')).toBe('/admin/patients?sort=surgery_date&dir=desc')
    expect(ariaSort(query, 'twl')).toBe('descending')
    expect(ariaSort(query, 'name')).toBeUndefined()
  })

  test('asks the provider for a fixed page size and only the filters set', () => {
    expect(providerPatientsQuery(parse('q=kim&page=2'))).toEqual({
      q: 'kim',
      procedure: undefined,
      onboarding: undefined,
      milestone: undefined,
      alert: undefined,
      sort: 'name',
      dir: 'asc',
      page: '2',
      page_size: '20',
    })
  })
})

describe('formatting', () => {
  test('weights in the chosen unit, one decimal', () => {
    expect(formatWeight(100, 'kg')).toBe('100.0 kg')
    expect(formatWeight(100, 'lbs')).toBe('220.5 lbs')
    expect(formatWeight(null, 'kg')).toBe('—')
  })
  test('days since the last data', () => {
    expect([null, 0, 1, 12].map(formatDaysAgo)).toEqual(['Never', 'Today', '1 day ago', '12 days ago'])
  })
})

describe('dashboard figures', () => {
  test('the funnel as shares of sign-ups', () => {
    expect(funnelSteps({ signed_up: 8, verified: 6, onboarded: 3 }).map((s) => s.percentOfStart)).toEqual([
      100, 75, 38,
    ])
    expect(funnelSteps({ signed_up: 0, verified: 0, onboarded: 0 }).map((s) => s.percentOfStart)).toEqual([
      0, 0, 0,
    ])
  })
  test('empty cohorts are left out', () => {
    const row = (cohort: string, patients: number) => ({
      cohort,
      patients,
      mean_twl_percent: null,
      mean_ewl_percent: null,
    })
    expect(shownCohorts([row('a', 0), row('b', 2)]).map((r) => r.cohort)).toEqual(['b'])
  })
})

describe('the provider’s follow-up schedule matches the patient app’s', () => {
  test.each([
    ['2026-01-10', '2026-01-10'],
    ['2026-01-10', '2026-01-25'],
    ['2026-01-10', '2026-03-01'],
    ['2025-08-31', '2026-01-20'],
    ['2024-02-29', '2026-11-21'],
    ['2019-05-05', '2026-11-21'],
  ])('surgery %s, today %s', (surgery, today) => {
    const app = nextFollowUp(surgery, today)
    expect(nextMilestone(surgery, today)).toEqual(
      app && { label: app.label, date: app.date, days_until: app.daysUntil },
    )
  })
  test('month arithmetic keeps the day or takes the month’s last', () => {
    expect(addMonths('2025-08-31', 6)).toBe('2026-02-28')
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29')
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15')
  })
})
