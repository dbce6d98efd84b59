import { describe, expect, it } from 'vitest'
import { addDaysIso, daysBetween, emptyEntries, entriesOn, isIsoDate, logDataHref, mondayOf, parseEntryRef, resolveWeek, summariseDay, timeIn, todayIn, weekDays, weekLabel, type WeightEntry } from './log-entries'
import { describeEntry, formatWeightIn } from './log-entry-text'
import {
  defaultEntryDate,
  entryFormDefaults,
  entryFormFields,
  entrySchema,
  newEntryDefaults,
  weightRangeMessage,
} from './log-entry-forms'

const TODAY = '2026-11-21' // a Saturday

function errorsOf(result: {
  success: boolean
  error?: { issues: { path: (string | number)[]; message: string }[] }
}) {
  const errors: Record<string, string[]> = {}
  for (const issue of result.error?.issues ?? []) (errors[String(issue.path[0])] ??= []).push(issue.message)
  return errors
}

describe('weeks run Monday to Sunday', () => {
  it.each([
    ['2026-11-16', '2026-11-16'], // Monday
    ['2026-11-21', '2026-11-16'], // Saturday
    ['2026-11-22', '2026-11-16'], // Sunday
    ['2026-11-23', '2026-11-23'],
    ['2027-01-01', '2026-12-28'], // across the new year
    ['2028-03-01', '2028-02-28'], // across a leap day
  ])('%s is in the week of %s', (day, monday) => {
    expect(mondayOf(day)).toBe(monday)
  })

  it('seven days, and days between dates', () => {
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ])
    expect(addDaysIso('2026-03-07', 2)).toBe('2026-03-09') // US daylight saving starts on the 8th
    expect(daysBetween('2026-05-01', '2026-11-21')).toBe(204)
    expect(daysBetween('2026-11-21', '2026-11-20')).toBe(-1)
  })

  it('?week= picks the week holding any date; missing, unreadable and future weeks show this week', () => {
    expect(resolveWeek(null, TODAY)).toEqual({ monday: '2026-11-16', redirect: false })
    expect(resolveWeek('2026-11-09', TODAY)).toEqual({ monday: '2026-11-09', redirect: false })
    expect(resolveWeek('2026-11-12', TODAY)).toEqual({ monday: '2026-11-09', redirect: true })
    expect(resolveWeek('2026-11-16', TODAY)).toEqual({ monday: '2026-11-16', redirect: false })
    expect(resolveWeek('2026-11-23', TODAY)).toEqual({ monday: '2026-11-16', redirect: true })
    expect(resolveWeek('2026-02-30', TODAY)).toEqual({ monday: '2026-11-16', redirect: true })
    expect(resolveWeek('next', TODAY)).toEqual({ monday: '2026-11-16', redirect: true })
  })

  it('labels', () => {
    expect(weekLabel('2026-11-16')).toBe('Nov 16 – 22, 2026')
    expect(weekLabel('2026-11-30')).toBe('Nov 30 – Dec 6, 2026')
    expect(weekLabel('2026-12-28')).toBe('Dec 28, 2026 – Jan 3, 2027')
  })

  it('ISO dates must be real', () => {
    expect(isIsoDate('2028-02-29')).toBe(true)
    expect(isIsoDate('2026-02-29')).toBe(false)
    expect(isIsoDate('2026-1-01')).toBe(false)
    expect(isIsoDate(undefined)).toBe(false)
  })

  it("today is the patient's, given their time zone", () => {
    const now = new Date('2026-11-21T03:30:00Z')
    expect(todayIn('America/Chicago', now)).toBe('2026-11-20')
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-21')
    expect(todayIn('Pacific/Kiritimati', new Date('2026-11-21T11:00:00Z'))).toBe('2026-11-22')
    // An unknown zone falls back to the server's own date.
    expect(todayIn('Mars/Olympus', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(todayIn('"; drop', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})

describe('entry forms', () => {
  it('weight typed in lbs is sent in kg (3 decimals) with the unit kept', () => {
    const result = entrySchema('weight', TODAY).safeParse({
      date: '11/20/2026',
      weight: '220',
      weight_unit: 'lbs',
      note: ' after walk ',
    })
    expect(result.success).toBe(true)
    expect(result.data).toEqual({
      date: '2026-11-20',
      weight: 99.79,
      weight_unit: 'lbs',
      note: 'after walk',
      source: 'manual',
    })
  })

  it('weight limits are 20–500 kg, shown in the unit typed', () => {
    expect(weightRangeMessage('kg')).toBe('Weight must be between 20 and 500 kg')
    expect(weightRangeMessage('lbs')).toBe('Weight must be between 44.1 and 1102.3 lbs')
    const weight = entrySchema('weight', TODAY)
    expect(errorsOf(weight.safeParse({ date: '11/20/2026', weight: '44', weight_unit: 'lbs' }))).toEqual({
      weight: ['Weight must be between 44.1 and 1102.3 lbs'],
    })
    expect(weight.safeParse({ date: '11/20/2026', weight: '44.1', weight_unit: 'lbs' }).success).toBe(true)
    expect(weight.safeParse({ date: '11/20/2026', weight: '1102.3', weight_unit: 'lbs' }).success).toBe(true)
    expect(errorsOf(weight.safeParse({ date: '11/20/2026', weight: '19.9', weight_unit: 'kg' }))).toEqual({
      weight: ['Weight must be between 20 and 500 kg'],
    })
    expect(errorsOf(weight.safeParse({ date: '11/20/2026', weight: 'heavy', weight_unit: 'kg' }))).toEqual({
      weight: ['Weight must be a number'],
    })
  })

  it('a future date is refused; today and past days are fine', () => {
    const water = entrySchema('water', TODAY)
    expect(errorsOf(water.safeParse({ date: '11/22/2026', ml: '250' }))).toEqual({
      date: ['Date cannot be in the future'],
    })
    expect(water.safeParse({ date: '11/21/2026', ml: '250' }).success).toBe(true)
    expect(water.safeParse({ date: '01/05/2025', ml: '250' }).success).toBe(true)
    expect(
      errorsOf(entrySchema('sleep', TODAY).safeParse({ date: '12/01/2026', hours: '7', quality: '3' })),
    ).toEqual({
      date: ['Date cannot be in the future'],
    })
  })

  it('an empty form gets every required message at once', () => {
    expect(errorsOf(entrySchema('weight', TODAY).safeParse({}))).toEqual({
      date: ['Date is required'],
      weight: ['Weight is required'],
    })
    expect(errorsOf(entrySchema('sleep', TODAY).safeParse({}))).toEqual({
      date: ['Date is required'],
      hours: ['Hours of sleep is required'],
      quality: ['Sleep quality is required'],
    })
    expect(errorsOf(entrySchema('meal', TODAY).safeParse({ date: '' }))).toEqual({
      date: ['Date is required'],
      time: ['Time is required'],
      meal_type: ['Meal type is required'],
      protein_g: ['Protein is required'],
    })
    expect(errorsOf(entrySchema('water', TODAY).safeParse({ date: '13/45/2026' }))).toEqual({
      date: ['Date is required'], // unreadable counts as empty (SPEC.md §5)
      ml: ['Water is required'],
    })
  })

  it('sleep: hours 0–24, quality a whole 1–5, optional times', () => {
    const sleep = entrySchema('sleep', TODAY)
    expect(
      sleep.safeParse({
        date: '11/20/2026',
        hours: '7.5',
        quality: '4',
        bed_time: '22:45',
        wake_time: '06:15:00',
      }).data,
    ).toEqual({
      date: '2026-11-20',
      hours: 7.5,
      quality: 4,
      bed_time: '22:45',
      wake_time: '06:15',
    })
    expect(
      errorsOf(sleep.safeParse({ date: '11/20/2026', hours: '25', quality: '6', bed_time: '10pm' })),
    ).toEqual({
      hours: ['Hours of sleep must be between 0 and 24'],
      quality: ['Sleep quality must be a whole number from 1 to 5'],
      bed_time: ['Bedtime must be a time (HH:MM)'],
    })
    expect(errorsOf(sleep.safeParse({ date: '11/20/2026', hours: '-1', quality: '2.5' }))).toEqual({
      hours: ['Hours of sleep must be between 0 and 24'],
      quality: ['Sleep quality must be a whole number from 1 to 5'],
    })
  })

  it('meal: protein 0–300 g, calories optional 0–10000, a meal type from the list', () => {
    const meal = entrySchema('meal', TODAY)
    expect(
      meal.safeParse({
        date: '11/21/2026',
        time: '12:30',
        meal_type: 'lunch',
        protein_g: '32',
        calories: '',
        description: '',
      }).data,
    ).toEqual({
      date: '2026-11-21',
      time: '12:30',
      meal_type: 'lunch',
      protein_g: 32,
      calories: null,
      description: '',
    })
    expect(
      errorsOf(
        meal.safeParse({
          date: '11/21/2026',
          time: '12:30',
          meal_type: 'brunch',
          protein_g: '301',
          calories: '10,001',
        }),
      ),
    ).toEqual({
      meal_type: ['Choose from the list'],
      protein_g: ['Protein must be between 0 and 300 g'],
      calories: ['Calories must be between 0 and 10000 kcal'],
    })
    expect(
      errorsOf(
        meal.safeParse({
          date: '11/21/2026',
          time: '12:30',
          meal_type: 'snack',
          protein_g: '5',
          description: 'x'.repeat(501),
        }),
      ),
    ).toEqual({
      description: ['Description must be at most 500 characters'],
    })
  })

  it('water 0–10000 ml', () => {
    const water = entrySchema('water', TODAY)
    expect(water.safeParse({ date: '11/21/2026', ml: '1,500' }).data).toEqual({
      date: '2026-11-21',
      ml: 1500,
    })
    expect(errorsOf(water.safeParse({ date: '11/21/2026', ml: '10001' }))).toEqual({
      ml: ['Water must be between 0 and 10000 ml'],
    })
  })

  it('vitamins: nothing ticked means none taken; unknown names are refused; list order is kept', () => {
    const vitamins = entrySchema('vitamins', TODAY)
    expect(vitamins.safeParse({ date: '11/21/2026' }).data).toEqual({ date: '2026-11-21', taken: [] })
    expect(vitamins.safeParse({ date: '11/21/2026', taken: ['Iron', 'Multivitamin', 'Iron'] }).data).toEqual({
      date: '2026-11-21',
      taken: ['Multivitamin', 'Iron'],
    })
    expect(errorsOf(vitamins.safeParse({ date: '11/21/2026', taken: ['Vitamin C'] }))).toEqual({
      taken: ['Choose from the list'],
    })
  })
})

const LBS_ENTRY: WeightEntry = {
  id: 12,
  kind: 'weight',
  date: '2026-11-20',
  weight: 99.79,
  weight_unit: 'lbs',
  note: '',
  source: 'manual',
}

describe('form defaults', () => {
  it('a new entry starts on the given day (MM/DD/YYYY) in the preferred unit; sleep defaults to last night', () => {
    expect(newEntryDefaults('weight', '2026-11-21', 'lbs')).toEqual({
      date: '11/21/2026',
      weight: '',
      weight_unit: 'lbs',
      note: '',
    })
    expect(defaultEntryDate('sleep', TODAY)).toBe(TODAY) // last night's sleep counts for today
    expect(defaultEntryDate('meal', TODAY)).toBe(TODAY)
  })

  it('an edited weight shows in the unit it was typed in, 1 decimal', () => {
    expect(entryFormDefaults(LBS_ENTRY)).toEqual({
      date: '11/20/2026',
      weight: '220',
      weight_unit: 'lbs',
      note: '',
    })
    expect(entryFormDefaults({ ...LBS_ENTRY, weight: 99.79, weight_unit: 'kg' })).toMatchObject({
      weight: '99.8',
      weight_unit: 'kg',
    })
  })
})

describe('the week at a glance', () => {
  const entries = emptyEntries()
  entries.weight.push({ ...LBS_ENTRY, id: 1, weight: 100.5 }, { ...LBS_ENTRY, id: 2 })
  entries.sleep.push({
    id: 3,
    kind: 'sleep',
    date: '2026-11-20',
    hours: 6.5,
    quality: 3,
    bed_time: null,
    wake_time: null,
  })
  entries.sleep.push({
    id: 4,
    kind: 'sleep',
    date: '2026-11-20',
    hours: 1,
    quality: 5,
    bed_time: null,
    wake_time: null,
  })
  entries.meal.push({
    id: 5,
    kind: 'meal',
    date: '2026-11-20',
    time: '08:00',
    meal_type: 'breakfast',
    protein_g: 20,
    calories: 300,
    description: '',
  })
  entries.meal.push({
    id: 6,
    kind: 'meal',
    date: '2026-11-20',
    time: '12:00',
    meal_type: 'lunch',
    protein_g: 35.5,
    calories: null,
    description: '',
  })
  entries.water.push(
    { id: 7, kind: 'water', date: '2026-11-20', ml: 500 },
    { id: 8, kind: 'water', date: '2026-11-20', ml: 750 },
  )
  entries.vitamins.push({ id: 9, kind: 'vitamins', date: '2026-11-20', taken: ['Multivitamin', 'Iron'] })

  it("sums a day's sleep, protein and water; keeps its last weight", () => {
    expect(summariseDay(entries, '2026-11-20')).toEqual({
      date: '2026-11-20',
      weightKg: 99.79,
      weightSource: null,
      sleep: { hours: 7.5, quality: 3, source: null },
      meals: { count: 2, proteinG: 55.5, calories: 300 },
      waterMl: 1250,
      vitamins: ['Multivitamin', 'Iron'],
    })
    expect(summariseDay(entries, '2026-11-19')).toEqual({
      date: '2026-11-19',
      weightKg: null,
      weightSource: null,
      sleep: null,
      meals: null,
      waterMl: null,
      vitamins: null,
    })
  })

  it("lists a day's entries by kind", () => {
    expect(entriesOn(entries, '2026-11-20').map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('shows weights in the preferred unit, 1 decimal, from kg', () => {
    expect(formatWeightIn(99.79, 'lbs')).toBe('220.0 lbs')
    expect(formatWeightIn(99.79, 'kg')).toBe('99.8 kg')
    expect(describeEntry(LBS_ENTRY, 'kg')).toEqual({ title: 'Weight', value: '99.8 kg', detail: '' })
    expect(describeEntry({ id: 7, kind: 'water', date: TODAY, ml: 1500 }, 'kg').value).toBe('1,500 ml')
  })
})

describe('the page URL', () => {
  it('entry references', () => {
    expect(parseEntryRef('weight:12')).toEqual({ kind: 'weight', id: 12 })
    expect(parseEntryRef('steps:12')).toBeNull()
    expect(parseEntryRef('weight:')).toBeNull()
    expect(parseEntryRef(null)).toBeNull()
  })

  it('hrefs keep only what is set', () => {
    expect(logDataHref({})).toBe('/customer/log-data')
    expect(logDataHref({ week: '2026-11-16', log: 'weight' })).toBe('/customer/log-data?week=2026-11-16')
    expect(
      logDataHref({ week: '2026-11-16', day: '2026-11-18', confirmDelete: { kind: 'weight', id: 12 } }),
    ).toBe('/customer/log-data?week=2026-11-16&day=2026-11-18&confirmDelete=weight:12')
  })
})

describe('time of day', () => {
  it("is the patient's, 24-hour", () => {
    const now = new Date('2026-11-21T03:05:00Z')
    expect(timeIn('America/Chicago', now)).toBe('21:05')
    expect(timeIn('Asia/Kolkata', now)).toBe('08:35')
    expect(timeIn(null, now)).toMatch(/^\d{2}:\d{2}$/)
  })
})

describe('form field names', () => {
  it('match the schemas (and the provider)', () => {
    for (const kind of ['weight', 'sleep', 'meal', 'water', 'vitamins'] as const) {
      const result = entrySchema(kind, TODAY).safeParse({})
      const named = new Set(entryFormFields(kind))
      for (const issue of result.error?.issues ?? []) expect(named.has(String(issue.path[0]))).toBe(true)
    }
    expect(entryFormFields('meal')).toEqual([
      'date',
      'time',
      'meal_type',
      'protein_g',
      'calories',
      'description',
    ])
  })
})
