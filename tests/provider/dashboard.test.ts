import { describe, expect, test } from 'vitest'
import { completeProfile, expectError, useTestProvider, verifiedCustomer } from './helpers'

const provider = useTestProvider()

const TODAY = '2026-11-21'

describe('GET v1/auth/dashboard/ (extension)', () => {
  test('answers what the profile, the two days of entries and the devices calls answer, in one call', async () => {
    const { email, access } = await verifiedCustomer(provider)
    await completeProfile(provider, access)
    const seeded = await provider.call('POST', '__dev/seed-history/', { body: { email, days: 30, today: TODAY, start_kg: 120 } })
    expect(seeded.status, seeded.text).toBe(200)
    // An entry after `today` is neither in the two days nor the newest.
    const later = await provider.call('POST', 'v1/auth/entries/water/', { token: access, body: { date: '2026-11-22', ml: 250 } })
    expect(later.status, later.text).toBe(201)

    const one = await provider.call('GET', `v1/auth/dashboard/?today=${TODAY}`, { token: access })
    expect(one.status, one.text).toBe(200)
    expect(one.json.message).toBe('Dashboard loaded.')
    const [profile, entries, devices] = await Promise.all([
      provider.call('GET', 'v1/auth/profile/', { token: access }),
      provider.call('GET', `v1/auth/entries/?from=2026-11-20&to=${TODAY}`, { token: access }),
      provider.call('GET', 'v1/auth/devices/', { token: access }),
    ])
    expect(one.json.content).toEqual({
      profile: profile.json.content,
      entries: entries.json.content,
      devices: devices.json.content,
    })
    const content = one.json.content as { entries: { from: string; meal: unknown[]; latest: { water: { date: string } } } }
    expect(content.entries.from).toBe('2026-11-20')
    expect(content.entries.meal).toHaveLength(6)
    expect(content.entries.latest.water.date).toBe(TODAY)
  })

  test('needs a patient token and a valid today', async () => {
    const { access } = await verifiedCustomer(provider)
    expect(expectError(await provider.call('GET', 'v1/auth/dashboard/', { token: access }), 400)).toEqual({
      today: ['Today is required'],
    })
    expect(expectError(await provider.call('GET', 'v1/auth/dashboard/?today=2026-13-01', { token: access }), 400)).toEqual({
      today: ['Today must be a valid date (YYYY-MM-DD)'],
    })
    expectError(await provider.call('GET', `v1/auth/dashboard/?today=${TODAY}`), 401)
  })
})
