import { describe, expect, it } from 'vitest'
import {
  exactTime,
  importedText,
  isServiceKey,
  listLabel,
  phoneAdvice,
  relativeTime,
  syncLine,
  syncLineText,
  type DeviceService,
} from './devices'
import { preferManual, summariseDay, emptyEntries } from '~/features/health-log/log-entries'
import { describeEntry } from '~/features/health-log/log-entry-text'

const NOW = new Date('2026-11-21T15:00:00Z')
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString()
const MIN = 60_000
const HOUR = 60 * MIN

function service(overrides: Partial<DeviceService>): DeviceService {
  return {
    service: 'demo_health',
    service_name: 'Demo Health',
    status: 'not_connected',
    data_types: ['weight', 'sleep', 'activity'],
    imported_types: ['weight', 'sleep'],
    last_synced_at: null,
    last_error: null,
    available: true,
    availability_note: null,
    ...overrides,
  }
}

describe('last synced wording', () => {
  it('is relative to now, in words', () => {
    expect(relativeTime(ago(20_000), NOW)).toBe('just now')
    expect(relativeTime(ago(MIN), NOW)).toBe('1 minute ago')
    expect(relativeTime(ago(5 * MIN), NOW)).toBe('5 minutes ago')
    expect(relativeTime(ago(3 * HOUR), NOW)).toBe('3 hours ago')
    expect(relativeTime(ago(30 * HOUR), NOW)).toBe('yesterday')
    expect(relativeTime(ago(74 * HOUR), NOW)).toBe('3 days ago')
    expect(relativeTime('nonsense', NOW)).toBe('at an unknown time')
  })

  it('gives the exact time in the patient’s zone, or falls back when the zone is unknown', () => {
    expect(exactTime('2026-11-21T15:04:00Z', 'America/Chicago')).toBe('11/21/2026, 9:04 AM')
    expect(exactTime('2026-11-21T15:04:00Z', 'UTC')).toBe('11/21/2026, 3:04 PM')
    expect(exactTime('2026-11-21T15:04:00Z', 'Not/AZone')).toMatch(/^11\/21\/2026, /)
  })
})

describe('the dashboard sync line', () => {
  it('invites to connect when nothing is connected, and admits when connections could not be read', () => {
    expect(syncLineText(syncLine([service({})], NOW, 'UTC'))).toBe('No device connected yet.')
    expect(syncLine(null, NOW, 'UTC')).toEqual({ kind: 'unavailable' })
  })

  it('says when the newest connected service last synced; stale after 48 hours', () => {
    const fresh = syncLine([service({ status: 'connected', last_synced_at: ago(3 * HOUR) })], NOW, 'UTC')
    expect(syncLineText(fresh)).toBe('Last synced 3 hours ago.')
    const edge = syncLine([service({ status: 'connected', last_synced_at: ago(48 * HOUR) })], NOW, 'UTC')
    expect(edge.kind).toBe('fresh')
    const stale = syncLine([service({ status: 'connected', last_synced_at: ago(74 * HOUR) })], NOW, 'UTC')
    expect(syncLineText(stale)).toBe('Not synced for 3 days — check your connection.')
    const two = syncLine(
      [
        service({ status: 'connected', last_synced_at: ago(80 * HOUR) }),
        service({ service: 'withings', status: 'connected', last_synced_at: ago(2 * HOUR) }),
      ],
      NOW,
      'UTC',
    )
    expect(two.kind).toBe('fresh')
  })

  it('puts a connection that needs attention first, with its reason', () => {
    const line = syncLine(
      [
        service({ service: 'withings', status: 'connected', last_synced_at: ago(HOUR) }),
        service({ status: 'needs_attention', last_error: 'Access revoked.' }),
      ],
      NOW,
      'UTC',
    )
    expect(syncLineText(line)).toBe('Demo Health needs attention: Access revoked.')
  })
})

describe('wording and inputs', () => {
  it('lists items the way a sentence does', () => {
    expect(listLabel(['Weight'])).toBe('Weight')
    expect(listLabel(['Weight', 'Sleep', 'Activity'])).toBe('Weight, sleep and activity')
  })

  it('says what a sync imported and what it left alone', () => {
    expect(importedText({ weight: 14, sleep: 13 })).toBe(
      'Imported 14 weight readings and 13 nights of sleep.',
    )
    expect(importedText({ weight: 1, sleep: 0 })).toBe('Imported 1 weight reading.')
    expect(importedText({ weight: 0, sleep: 0 })).toBe('No new readings.')
    expect(importedText({ weight: 0, sleep: 1 }, 1)).toBe(
      'Imported 1 night of sleep. One day you logged yourself was left as you entered it.',
    )
  })

  it('accepts only plain service keys from a form', () => {
    expect(isServiceKey('demo_health')).toBe(true)
    expect(isServiceKey('../admin')).toBe(false)
    expect(isServiceKey('')).toBe(false)
    expect(isServiceKey(null)).toBe(false)
  })

  it('reads the phone from the onboarding answer', () => {
    expect(phoneAdvice(null)).toEqual({ platform: null, wearable: null })
    expect(
      phoneAdvice({
        has_wearable: true,
        need_device_shipment: false,
        wearable_type: ' Apple Watch ',
        wearable_os: 'ios',
      }),
    ).toEqual({ platform: 'ios', wearable: 'Apple Watch' })
    expect(
      phoneAdvice({
        has_wearable: false,
        need_device_shipment: true,
        wearable_type: '',
        wearable_os: 'android',
      }),
    ).toEqual({ platform: 'android', wearable: null })
  })
})

describe('imported readings in the week', () => {
  const DAY = '2026-11-20'
  const imported = { source: 'Demo Health' }
  const manual = { source: 'manual' }

  it('a manual entry outweighs a reading of the same day; alone, a reading counts and names its source', () => {
    const entries = emptyEntries()
    entries.sleep.push(
      { id: 1, kind: 'sleep', date: DAY, hours: 7, quality: 4, bed_time: null, wake_time: null, ...imported },
      { id: 2, kind: 'sleep', date: DAY, hours: 5, quality: 2, bed_time: null, wake_time: null, ...manual },
    )
    entries.weight.push({
      id: 3,
      kind: 'weight',
      date: DAY,
      weight: 90,
      weight_unit: 'kg',
      note: '',
      ...imported,
    })
    const summary = summariseDay(entries, DAY)
    expect(summary.sleep).toEqual({ hours: 5, quality: 2, source: null })
    expect(summary.weightKg).toBe(90)
    expect(summary.weightSource).toBe('Demo Health')
    entries.weight.unshift({
      id: 4,
      kind: 'weight',
      date: DAY,
      weight: 91,
      weight_unit: 'kg',
      note: '',
      ...manual,
    })
    expect(summariseDay(entries, DAY)).toMatchObject({ weightKg: 91, weightSource: null })
  })

  it('keeps everything when nothing was typed, and entries without a source count as typed', () => {
    expect(preferManual([imported, imported])).toHaveLength(2)
    expect(preferManual([imported, {}])).toEqual([{}])
  })

  it('names the source of every kind in the day’s list', () => {
    expect(describeEntry({ id: 1, kind: 'water', date: DAY, ml: 250, ...imported }, 'kg').detail).toBe(
      'From Demo Health',
    )
    expect(describeEntry({ id: 1, kind: 'water', date: DAY, ml: 250 }, 'kg').detail).toBe('')
  })
})
