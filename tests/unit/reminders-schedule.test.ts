import { describe, expect, test } from 'vitest'
import { readUnsubscribeToken, unsubscribeKey, unsubscribeToken } from '../../provider/reminder-tokens'
import {
  canonicalTimeZone,
  daysToMask,
  DEFAULT_REMINDER_SETTINGS,
  dueReminders,
  localClock,
  maskToDays,
  type ReminderSettings,
} from '../../provider/reminders-schedule'

// The pure reminder rules (provider/reminders-schedule.ts); the clock is always a parameter.

function settings(overrides: Partial<ReminderSettings> & { on?: (keyof ReminderSettings['kinds'])[] }): ReminderSettings {
  const { on = [], ...rest } = overrides
  const kinds = { ...DEFAULT_REMINDER_SETTINGS.kinds }
  for (const kind of on) kinds[kind] = true
  return { ...DEFAULT_REMINDER_SETTINGS, days: [...DEFAULT_REMINDER_SETTINGS.days], ...rest, kinds }
}

const at = (iso: string) => new Date(iso)
const kindsDue = (s: ReminderSettings, now: string, surgery: string | null = null) =>
  dueReminders(s, surgery, at(now)).map((due) => `${due.kind}@${due.slot}`)

describe('local clock', () => {
  test('reads the wall clock, date and weekday in the zone', () => {
    expect(localClock(at('2026-11-25T23:30:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-11-26', weekday: 'thu', minutes: 8 * 60 + 30 })
    expect(localClock(at('2026-11-25T03:15:00Z'), 'America/Los_Angeles')).toEqual({ date: '2026-11-24', weekday: 'tue', minutes: 19 * 60 + 15 })
    expect(localClock(at('2026-11-25T00:00:00Z'), 'UTC')).toEqual({ date: '2026-11-25', weekday: 'wed', minutes: 0 })
  })
})

describe('daily nudges', () => {
  const protein = settings({ on: ['protein'], time: '08:00', time_zone: 'Europe/Berlin' })

  test('due from the chosen time on the patient’s clock, for three hours, slot = local date', () => {
    // Berlin is UTC+1 in November.
    expect(kindsDue(protein, '2026-11-25T06:59:00Z')).toEqual([])
    expect(kindsDue(protein, '2026-11-25T07:00:00Z')).toEqual(['protein@2026-11-25'])
    expect(kindsDue(protein, '2026-11-25T09:59:00Z')).toEqual(['protein@2026-11-25'])
    expect(kindsDue(protein, '2026-11-25T10:00:00Z')).toEqual([])
  })

  test('the same UTC instant is a different local day in another zone', () => {
    const tokyo = settings({ on: ['water'], time: '06:00', time_zone: 'Asia/Tokyo' })
    expect(kindsDue(tokyo, '2026-11-25T21:00:00Z')).toEqual(['water@2026-11-26'])
  })

  test('only on the chosen weekdays', () => {
    const weekdays = settings({ on: ['vitamins'], time: '09:00', days: ['mon', 'tue', 'wed', 'thu', 'fri'] })
    expect(kindsDue(weekdays, '2026-11-27T09:00:00Z')).toEqual(['vitamins@2026-11-27'])
    expect(kindsDue(weekdays, '2026-11-28T09:00:00Z')).toEqual([])
    expect(kindsDue(weekdays, '2026-11-29T09:00:00Z')).toEqual([])
  })

  test('off kinds are never due', () => {
    expect(kindsDue(settings({ time: '09:00' }), '2026-11-25T09:00:00Z')).toEqual([])
  })
})

describe('daylight saving days', () => {
  test('spring forward: a time in the skipped hour is still sent, after the jump', () => {
    // Europe/Berlin, 29 March 2026: 02:00 → 03:00. 02:30 does not exist that day.
    const s = settings({ on: ['protein'], time: '02:30', time_zone: 'Europe/Berlin' })
    expect(kindsDue(s, '2026-03-29T00:59:00Z')).toEqual([]) // 01:59 CET
    expect(kindsDue(s, '2026-03-29T01:00:00Z')).toEqual(['protein@2026-03-29']) // 03:00 CEST
  })

  test('fall back: the repeated hour is due twice, but in one slot (the job sends a slot once)', () => {
    // Europe/Berlin, 25 October 2026: 03:00 → 02:00; 02:30 happens at 00:30Z and 01:30Z.
    const s = settings({ on: ['protein'], time: '02:30', time_zone: 'Europe/Berlin' })
    expect(kindsDue(s, '2026-10-25T00:30:00Z')).toEqual(['protein@2026-10-25'])
    expect(kindsDue(s, '2026-10-25T01:30:00Z')).toEqual(['protein@2026-10-25'])
  })

  test('the chosen time follows the wall clock across the change (UTC time moves by an hour)', () => {
    const s = settings({ on: ['water'], time: '08:00', time_zone: 'America/New_York' })
    // 8 March 2026 is the US change: EST (UTC−5) before, EDT (UTC−4) after.
    expect(kindsDue(s, '2026-03-07T13:00:00Z')).toEqual(['water@2026-03-07'])
    expect(kindsDue(s, '2026-03-09T12:00:00Z')).toEqual(['water@2026-03-09'])
    expect(kindsDue(s, '2026-03-09T11:59:00Z')).toEqual([])
  })
})

describe('weekly weigh-in', () => {
  test('on the first chosen weekday of the week (Monday first)', () => {
    const s = settings({ on: ['weigh_in'], time: '07:00', days: ['sat', 'wed'] })
    expect(kindsDue(s, '2026-11-25T07:00:00Z')).toEqual(['weigh_in@2026-11-25']) // Wednesday
    expect(kindsDue(s, '2026-11-28T07:00:00Z')).toEqual([]) // Saturday
    expect(kindsDue(settings({ on: ['weigh_in'], time: '07:00' }), '2026-11-23T07:00:00Z')).toEqual(['weigh_in@2026-11-23'])
  })
})

describe('follow-ups: 7 days and 1 day before each milestone', () => {
  const s = settings({ on: ['follow_up'], time: '09:00', days: [] })
  // Surgery 1 May 2026: 2 weeks = 15 May, 6 weeks = 12 June, 3 months = 1 August, 1 year = 1 May 2027.
  const surgery = '2026-05-01'

  test('due 7 days and 1 day before, on any weekday, slot = milestone and lead time', () => {
    expect(kindsDue(s, '2026-05-08T09:00:00Z', surgery)).toEqual(['follow_up@2026-05-15/7d'])
    expect(kindsDue(s, '2026-05-14T09:00:00Z', surgery)).toEqual(['follow_up@2026-05-15/1d'])
    expect(kindsDue(s, '2026-06-05T09:00:00Z', surgery)).toEqual(['follow_up@2026-06-12/7d'])
    expect(kindsDue(s, '2026-07-25T09:00:00Z', surgery)).toEqual(['follow_up@2026-08-01/7d'])
    expect(kindsDue(s, '2027-04-30T09:00:00Z', surgery)).toEqual(['follow_up@2027-05-01/1d'])
  })

  test('not on other days, the visit day itself, or without a surgery date', () => {
    for (const day of ['2026-05-07', '2026-05-09', '2026-05-13', '2026-05-15']) expect(kindsDue(s, `${day}T09:00:00Z`, surgery)).toEqual([])
    expect(kindsDue(s, '2026-05-08T09:00:00Z', null)).toEqual([])
  })

  test('the label and date of the milestone come with it', () => {
    expect(dueReminders(s, surgery, at('2026-06-11T09:00:00Z'))).toEqual([
      { kind: 'follow_up', slot: '2026-06-12/1d', follow_up: { label: '6-week follow-up', date: '2026-06-12', days_before: 1 } },
    ])
  })

  test('on the patient’s clock: 1 day before in Sydney is still the previous UTC day', () => {
    const sydney = settings({ on: ['follow_up'], time: '08:00', time_zone: 'Australia/Sydney' })
    // 08:00 on 14 May in Sydney (UTC+10) is 22:00 UTC on 13 May.
    expect(kindsDue(sydney, '2026-05-13T22:00:00Z', surgery)).toEqual(['follow_up@2026-05-15/1d'])
  })
})

describe('helpers', () => {
  test('time zones: IANA names accepted (aliases canonicalised), offsets and junk refused', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin')
    expect(canonicalTimeZone('UTC')).toBe('UTC')
    expect(canonicalTimeZone('+01:00')).toBeNull()
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull()
    expect(canonicalTimeZone('')).toBeNull()
  })

  test('days round-trip through the stored bit mask', () => {
    expect(daysToMask(['mon'])).toBe(1)
    expect(daysToMask(['sun'])).toBe(64)
    expect(maskToDays(daysToMask(['wed', 'fri']))).toEqual(['wed', 'fri'])
    expect(maskToDays(127)).toHaveLength(7)
  })

  test('unsubscribe tokens: signed over account and kind; another key, account or kind fails', () => {
    const key = unsubscribeKey('a server secret')
    const token = unsubscribeToken(key, 42, 'water')
    expect(readUnsubscribeToken(key, token)).toEqual({ accountId: 42, kind: 'water' })
    expect(readUnsubscribeToken(unsubscribeKey('another secret'), token)).toBeNull()
    expect(readUnsubscribeToken(key, token.replace('42.', '43.'))).toBeNull()
    expect(readUnsubscribeToken(key, token.replace('.water.', '.protein.'))).toBeNull()
    expect(readUnsubscribeToken(key, `${token}x`)).toBeNull()
  })

  test('unsubscribe tokens: only the canonical spelling of the signature counts', () => {
    // 32 bytes are 43 base64url characters whose last one carries 2 unused low bits: flipping
    // them spells the same bytes, which a decoder accepts silently.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const key = unsubscribeKey('a server secret')
    const token = unsubscribeToken(key, 42, 'water')
    const last = alphabet.indexOf(token.at(-1)!)
    for (const flip of [1, 2, 3]) {
      const other = `${token.slice(0, -1)}${alphabet[last ^ flip]}`
      expect(other).not.toBe(token)
      expect(readUnsubscribeToken(key, other)).toBeNull()
    }
    expect(readUnsubscribeToken(key, token)).toEqual({ accountId: 42, kind: 'water' })
    expect(readUnsubscribeToken(key, token.replace('42.', '042.'))).toBeNull()
  })
})
